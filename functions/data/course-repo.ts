import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { SchoolYear, Track } from '../../shared/constants';
import { NotFound, isConditionFailed } from '../lib/errors';
import { ddb, TABLE } from './client';
import { type TransactItem, queryAll, withoutKeys, writeAll } from './items';
import { keys } from './keys';
import type { SectionRecord } from './section-repo';
import type { TermRecord } from './term-repo';

export interface CourseRecord {
  id: string;
  name: string;
  /** Key of its image in the media bucket (images/…), if it has one. */
  imageKey?: string;
  /** The tracks as the spec writes them: 'ثانوي عام, ثانوي لغات'. */
  courseFor: string;
  tracks: Track[];
  /** The school year it is for: a lecture saved under it notifies that year's students (AP121). */
  schooleYear?: SchoolYear;
  /** A summary of its terms, so the course list is one Query. */
  terms: { id: string; name: string; courseFor: string }[];
  createdAt: string;
  /** Deleted while students own lectures under it: hidden from the catalogue and from new purchases. */
  archived?: boolean;
  /** Set on the demo course that `npm start` seeds, so it is found again. */
  demoMarker?: string;
}

/** AP5: every course, oldest first (archived ones included; the caller filters). */
export async function allCourses(): Promise<CourseRecord[]> {
  const items = await queryAll({ TableName: TABLE, KeyConditionExpression: 'PK = :pk', ExpressionAttributeValues: { ':pk': keys.coursesPk } });
  return items.map((i) => withoutKeys<CourseRecord>(i));
}

export async function courseById(id: string): Promise<CourseRecord | undefined> {
  const r = await ddb.send(new GetCommand({ TableName: TABLE, Key: keys.course(id) }));
  return r.Item ? withoutKeys<CourseRecord>(r.Item) : undefined;
}

/** The course, its terms and their sections in one transaction (the schema bounds it under 100 items). */
export async function createCourseTree(course: CourseRecord, terms: TermRecord[], sections: SectionRecord[]): Promise<void> {
  const put = (Item: Record<string, unknown>): TransactItem => ({ Put: { TableName: TABLE, Item, ConditionExpression: 'attribute_not_exists(PK)' } });
  await writeAll([
    put({ ...keys.course(course.id), ...course }),
    ...terms.map((t) => put({ ...keys.term(t.id), ...keys.termOfCourseTrack(t.courseId, t.courseFor, t.order), ...t })),
    ...sections.map((s) => put({ ...keys.section(s.id), ...keys.sectionOfTerm(s.termId, s.order), ...s })),
  ]);
}

export async function updateCourse(id: string, fields: Partial<Pick<CourseRecord, 'name' | 'imageKey' | 'archived' | 'schooleYear'>>): Promise<CourseRecord> {
  const names = Object.keys(fields).filter((k) => fields[k as keyof typeof fields] !== undefined);
  try {
    const r = await ddb.send(
      new UpdateCommand({
        TableName: TABLE,
        Key: keys.course(id),
        UpdateExpression: `SET ${names.map((_, i) => `#f${i} = :v${i}`).join(', ')}`,
        ExpressionAttributeNames: Object.fromEntries(names.map((n, i) => [`#f${i}`, n])),
        ExpressionAttributeValues: Object.fromEntries(names.map((n, i) => [`:v${i}`, fields[n as keyof typeof fields]])),
        ConditionExpression: 'attribute_exists(PK)',
        ReturnValues: 'ALL_NEW',
      }),
    );
    return withoutKeys<CourseRecord>(r.Attributes!);
  } catch (e) {
    if (isConditionFailed(e)) throw new NotFound('Course not found', 'course.notFound');
    throw e;
  }
}

/** Removes the course with its terms and sections (its lectures are removed before, one by one). */
export async function deleteCourseTree(course: CourseRecord, sections: SectionRecord[]): Promise<void> {
  const del = (Key: { PK: string; SK: string }): TransactItem => ({ Delete: { TableName: TABLE, Key } });
  await writeAll([...sections.map((s) => del(keys.section(s.id))), ...course.terms.map((t) => del(keys.term(t.id))), del(keys.course(course.id))]);
}
