/** The catalogue's records in the shapes the spec's client reads (section 3). */
import { LECTURE_ACCESS_DAYS_DEFAULT } from '../../shared/constants';
import type { Course, Lecture, Term, Video } from '../../shared/schemas/catalogue';
import type { CourseRecord } from '../data/course-repo';
import type { LectureRecord, VideoRecord } from '../data/lecture-repo';
import type { SectionRecord } from '../data/section-repo';
import type { TermRecord } from '../data/term-repo';
import { sitePath } from '../lib/media-urls';

/** Days a purchase of this lecture lasts. */
export const accessDaysOf = (l: Pick<LectureRecord, 'accessDays'>) => l.accessDays ?? LECTURE_ACCESS_DAYS_DEFAULT;

export const toCourse = (c: CourseRecord): Course => ({
  id: c.id,
  name: c.name,
  imageUrl: c.imageKey ? sitePath(c.imageKey) : null,
  courseFor: c.courseFor,
  terms: c.terms,
  ...(c.schooleYear ? { schooleYear: c.schooleYear } : {}),
});

export const toTerm = (t: TermRecord): Term => ({ id: t.id, name: t.name, courseFor: t.courseFor, isLocked: t.isLocked, bundlePrice: t.bundlePrice ?? null, endsAt: t.endsAt ?? null });

export const toSection = (s: SectionRecord) => ({ id: s.id, content: s.content, termId: s.termId });

export interface VideoExtras {
  signedUrl?: string;
  locked?: Video['locked'];
  /** The stored key, for the admin's edit form only. */
  videoUrl?: string;
  /** The transcode's state (admins only). */
  state?: Video['state'];
  progress?: number;
  failure?: string;
  stuck?: true;
  /** Views left (students only; null: no limit). */
  viewsLeft?: number | null;
}
export const toVideo = (v: VideoRecord, extras: VideoExtras = {}): Video => ({
  id: v.id,
  videoName: v.videoName,
  name: v.videoName,
  quizId: v.quizId,
  order: v.order,
  ...extras,
});

export const toLecture = (l: LectureRecord, extras: Partial<Pick<Lecture, 'videos' | 'canWatch' | 'purchaseDate' | 'expiryDate' | 'expired'>> = {}): Lecture => ({
  id: l.id,
  name: l.name,
  lectureName: l.name,
  subTitle: l.subTitle,
  price: l.price,
  isFree: l.isFree,
  accessDays: accessDaysOf(l),
  viewLimit: typeof l.viewLimit === 'number' ? l.viewLimit : null,
  photoUrl: l.imageKey ? sitePath(l.imageKey) : null,
  numberOfLectures: l.numberOfLectures,
  contentId: l.contentId,
  termId: l.termId,
  courseId: l.courseId,
  ...(l.archived ? { archived: true } : {}),
  ...extras,
});
