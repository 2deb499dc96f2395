import type { Course, Lecture } from '@shared/schemas/catalogue';
import { courseTrail, extendTrail, type Trail } from './nav-state';

/**
 * A lecture opened with no trail (from My lectures, or a typed address): the trail its grade card
 * would have given — grade / track (the lecture's term's track), then the lecture — so the
 * breadcrumb leads back to the course's terms. null when the course list does not have it.
 */
export function lectureTrail(lecture: Lecture, courses: readonly Course[] | undefined): Trail | null {
  const course = courses?.find((c) => c.id === lecture.courseId);
  const term = course?.terms.find((t) => t.id === lecture.termId);
  if (!course || !term) return null;
  return extendTrail(courseTrail(course.name, course.id, term.courseFor), { name: lecture.lectureName || lecture.name, url: `/lec/${lecture.id}` }, '/term');
}
