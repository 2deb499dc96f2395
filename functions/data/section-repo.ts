import { GetCommand } from '@aws-sdk/lib-dynamodb';
import type { ContentType } from '../../shared/constants';
import { ddb, TABLE } from './client';
import { queryAll, withoutKeys } from './items';
import { keys } from './keys';

/** A content section of a term (شرح محاضرات, حل امتحانات, Quiz). */
export interface SectionRecord {
  id: string;
  termId: string;
  courseId: string;
  content: ContentType;
  order: number;
}

/** AP8 */
export async function sectionById(id: string): Promise<SectionRecord | undefined> {
  const r = await ddb.send(new GetCommand({ TableName: TABLE, Key: keys.section(id) }));
  return r.Item ? withoutKeys<SectionRecord>(r.Item) : undefined;
}

/** AP9: in the order the admin gave them. */
export async function sectionsOfTerm(termId: string): Promise<SectionRecord[]> {
  const items = await queryAll({
    TableName: TABLE,
    IndexName: 'byParent',
    KeyConditionExpression: 'GSI1PK = :pk',
    ExpressionAttributeValues: { ':pk': keys.sectionsOfTermPk(termId) },
  });
  return items.map((i) => withoutKeys<SectionRecord>(i));
}
