/** Courses (grades): the catalogue's top level, each with its terms per track and their sections. */
import { ulid } from 'ulid';
import type { ContentType, SchoolYear, Track } from '../../shared/constants';
import type { UploadedFile } from '../../shared/schemas/common';
import { type CourseRecord, allCourses, courseById, createCourseTree, deleteCourseTree, updateCourse as updateCourseRecord } from '../data/course-repo';
import { deleteLectureIfUnpurchased, lectureWithVideos, lecturesOfTerm } from '../data/lecture-repo';
import { quizzesOfSection, unassignQuiz } from '../data/quiz-repo';
import { type SectionRecord, sectionsOfTerm } from '../data/section-repo';
import type { TermRecord } from '../data/term-repo';
import { BadRequest, NotFound } from '../lib/errors';
import { storeImage } from './media';
import { toCourse } from './views';

export const COURSE_DELETED = 'Course Deleted Succesfully';

/** The catalogue's course list: archived courses are not offered any more. */
export async function listCourses() {
  return (await allCourses()).filter((c) => !c.archived).map(toCourse);
}

export interface NewCourse {
  name: string;
  courseFor: Track[];
  terms: string[];
  content: ContentType[];
  image?: UploadedFile;
  schooleYear?: SchoolYear;
  demoMarker?: string;
}

/** Builds the course, one term per (track, term name) and one section per (term, content type). */
export function courseTree(input: Omit<NewCourse, 'image'>, imageKey?: string, now = new Date()) {
  const courseId = ulid();
  const terms: TermRecord[] = input.courseFor.flatMap((track) =>
    input.terms.map((name, order) => ({ id: ulid(), courseId, name, courseFor: track, isLocked: false, order })),
  );
  const sections: SectionRecord[] = terms.flatMap((t) => input.content.map((content, order) => ({ id: ulid(), termId: t.id, courseId, content, order })));
  const course: CourseRecord = {
    id: courseId,
    name: input.name,
    ...(imageKey ? { imageKey } : {}),
    courseFor: input.courseFor.join(', '),
    tracks: input.courseFor,
    terms: terms.map((t) => ({ id: t.id, name: t.name, courseFor: t.courseFor })),
    createdAt: now.toISOString(),
    ...(input.schooleYear ? { schooleYear: input.schooleYear } : {}),
    ...(input.demoMarker ? { demoMarker: input.demoMarker } : {}),
  };
  return { course, terms, sections };
}

export async function createCourse(input: NewCourse) {
  const imageKey = input.image ? await storeImage(input.image) : undefined;
  const { course, terms, sections } = courseTree(input, imageKey);
  await createCourseTree(course, terms, sections);
  return toCourse(course);
}

export async function updateCourse(id: string, input: { name?: string; image?: UploadedFile; schooleYear?: SchoolYear }) {
  if (input.name === undefined && input.image === undefined && input.schooleYear === undefined) throw new BadRequest('Send a new name or image for the course', 'course.noChange');
  const existing = await courseById(id);
  if (!existing || existing.archived) throw new NotFound('Course not found', 'course.notFound');
  const imageKey = input.image ? await storeImage(input.image) : undefined;
  return toCourse(await updateCourseRecord(id, { name: input.name, imageKey, schooleYear: input.schooleYear }));
}

/**
 * Deletes a course unless a student owns a lecture under it: then the course is archived
 * instead — gone from the catalogue and from sale, while bought lectures stay watchable.
 * Unbought lectures are deleted one by one, each refusing if a purchase landed meanwhile.
 */
export async function deleteCourse(id: string): Promise<{ id: string; message: string; archived?: true }> {
  const course = await courseById(id);
  if (!course) throw new NotFound('Course not found', 'course.notFound');
  const archived = { id, message: COURSE_DELETED, archived: true as const };
  if (course.archived) return archived;

  const lectures = (await Promise.all(course.terms.map((t) => lecturesOfTerm(t.id)))).flat();
  const archive = async () => (await updateCourseRecord(id, { archived: true }), archived);
  if (lectures.some((l) => l.firstPurchasedAt)) return archive();
  for (const l of lectures) {
    const lw = await lectureWithVideos(l.id);
    if (lw && !(await deleteLectureIfUnpurchased(lw))) return archive();
  }
  const sections = (await Promise.all(course.terms.map((t) => sectionsOfTerm(t.id)))).flat();
  await deleteCourseTree(course, sections);
  // The quizzes assigned to its Quiz sections stay in the teacher's list, unassigned.
  for (const s of sections.filter((x) => x.content === 'Quiz')) {
    for (const quiz of await quizzesOfSection(s.id)) await unassignQuiz(quiz);
  }
  return { id, message: COURSE_DELETED };
}
