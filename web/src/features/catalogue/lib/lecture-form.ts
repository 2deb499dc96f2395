/**
 * The add/edit lecture form (spec 4, 5) as plain data, so its rules are testable without the DOM.
 * The rules are the shared schemas' (`lectureForm`, the ones the server applies: name and subtitle
 * required, price unless free, image on create and under 1 MB, at least one named video); this
 * file only maps the form onto them and their rule codes onto the form's problems. Videos are
 * uploaded as soon as they are picked; the form only saves finished ones.
 */
import { z } from 'zod';
import { lectureEditForm, lectureForm, lecturePriceToSend, lectureViewLimit } from '@shared/schemas/catalogue';
import { LECTURE_ACCESS_DAYS_DEFAULT } from '@shared/constants';
import { type Rule, ruleOf } from '@shared/rules';

export type UploadState = 'uploading' | 'done' | 'failed';

/** A video picked in this form (the form's `videos` field: its upload runs while the form is open). */
export type NewVideo = {
  localId: string;
  fileName: string;
  videoName: string;
  quizId: string;
  progress: number;
  upload: UploadState;
  /** The stored key once uploaded. */
  key?: string;
  /** A large file goes in parts (resumable); its estimated seconds left while uploading. */
  secondsLeft?: number;
  resumable?: boolean;
};

/** A video the lecture already has (edit only). */
export type ExistingVideo = {
  id: string;
  videoName: string;
  videoUrl?: string;
  quizId: string;
  /** As loaded, to tell what the admin changed. */
  original: { videoName: string; quizId: string };
  markedForDeletion: boolean;
};

/** The form's values (react-hook-form): typed fields as typed, the image, and the two video lists. */
export type LectureForm = {
  name: string;
  subtitle: string;
  price: string;
  isFree: boolean;
  /** Days a purchase lasts, as typed (empty: the default). */
  accessDays: string;
  /** Views per student of each video, as typed (empty: no limit). */
  viewLimit: string;
  image: File | null;
  existing: ExistingVideo[];
  videos: NewVideo[];
};

export type LectureField = 'name' | 'subtitle' | 'price' | 'accessDays' | 'viewLimit' | 'image' | 'videos';
export type LectureProblem = 'required' | 'imageRequired' | 'imageTooBig' | 'videoRequired' | 'videoName' | 'uploading' | 'uploadFailed' | 'priceInvalid';
/** A problem the form words itself, or a shared rule worded by the dictionary (`rule.<code>`). */
export type LectureFormErrors = Partial<Record<LectureField, LectureProblem | Rule>>;

export const emptyLectureForm = (): LectureForm => ({ name: '', subtitle: '', price: '', isFree: false, accessDays: String(LECTURE_ACCESS_DAYS_DEFAULT), viewLimit: '', image: null, existing: [], videos: [] });

/** Spec 5: number of lectures is read-only, derived from the videos the lecture will have. */
export const numberOfLectures = (f: Pick<LectureForm, 'existing' | 'videos'>) =>
  f.existing.filter((v) => !v.markedForDeletion).length + f.videos.filter((v) => v.upload !== 'failed').length;

/** Spec 5: a free lecture sends 0; a negative price is turned positive (the shared price rule). */
export function priceToSend(f: Pick<LectureForm, 'price' | 'isFree'>): number {
  const parsed = lectureForm.shape.price.safeParse(f.price);
  return lecturePriceToSend({ isFree: f.isFree, price: parsed.success ? parsed.data : undefined });
}

/** The access period the form sends: the typed whole number of days, else the default (the shared rule checks 1–3650). */
export function accessDaysToSend(f: Pick<LectureForm, 'accessDays'>): number {
  const parsed = lectureForm.shape.accessDays.safeParse(f.accessDays);
  return parsed.success && parsed.data !== undefined ? parsed.data : LECTURE_ACCESS_DAYS_DEFAULT;
}

/** The view limit the form sends: the typed whole number, or null for none (the shared rule checks 1–VIDEO_VIEW_LIMIT_MAX). */
export function viewLimitToSend(f: Pick<LectureForm, 'viewLimit'>): number | null {
  const parsed = lectureViewLimit.safeParse(f.viewLimit);
  return parsed.success ? parsed.data : null;
}

/** The videos the lecture will have, as the shared rules read them (kept ones, then finished uploads). */
const videosOf = (f: LectureForm) => [
  ...f.existing.filter((v) => !v.markedForDeletion).map((v) => ({ videoUrl: v.videoUrl ?? v.id, videoName: v.videoName, quizId: v.quizId || null })),
  ...f.videos.filter((v) => v.upload === 'done').map((v) => ({ videoUrl: v.key ?? v.localId, videoName: v.videoName, quizId: v.quizId || null })),
];

/** A shared rule's code → the problem the form words itself (the spec's texts); others stay rules. */
function problemOf(field: LectureField, rule: Rule, mode: 'add' | 'edit'): LectureProblem | Rule | undefined {
  switch (field) {
    case 'name':
    case 'subtitle':
      return rule.code === 'required' ? 'required' : rule;
    case 'accessDays':
    case 'viewLimit':
      return rule;
    case 'price':
      return rule.code === 'lecture.price' || rule.code === 'required' ? 'required' : rule.code === 'notNumber' ? 'priceInvalid' : rule;
    case 'image':
      if (rule.code === 'lecture.image') return mode === 'add' ? 'imageRequired' : undefined;
      return rule.code === 'image.size' ? 'imageTooBig' : rule;
    case 'videos':
      return rule.code === 'lecture.videos' ? 'videoRequired' : rule.field === 'videoName' ? 'videoName' : rule;
  }
}

/** The edit form's video rule (the shared create form's): the lecture keeps at least one video. */
const editVideos = z.object({ videos: lectureForm.shape.videos });
/** The shared view-limit rule (the server's on save and update): 1–VIDEO_VIEW_LIMIT_MAX, or empty for none. */
const viewLimitRule = z.object({ viewLimit: lectureViewLimit });

/** The shared rules over the form: `lectureForm` when adding, `lectureEditForm` (image optional) and the video rule when editing. */
export function validateLecture(f: LectureForm, mode: 'add' | 'edit'): LectureFormErrors {
  const errors: LectureFormErrors = {};
  const input = { name: f.name, subtitle: f.subtitle, price: f.isFree ? undefined : f.price, isFree: f.isFree, accessDays: f.accessDays, viewLimit: f.viewLimit, image: f.image ?? undefined, videos: videosOf(f) };
  const issues = [
    ...(mode === 'add'
      ? (lectureForm.safeParse(input, { reportInput: true }).error?.issues ?? [])
      : [...(lectureEditForm.safeParse(input, { reportInput: true }).error?.issues ?? []), ...(editVideos.safeParse(input, { reportInput: true }).error?.issues ?? [])]),
    ...(viewLimitRule.safeParse(input, { reportInput: true }).error?.issues ?? []),
  ];
  for (const issue of issues) {
    const field = issue.path[0] as LectureField;
    if (errors[field]) continue;
    const problem = problemOf(field, ruleOf(issue), mode);
    if (problem) errors[field] = problem;
  }
  // Uploads still running or failed come first: their videos are not in the list yet.
  if (f.videos.some((v) => v.upload === 'uploading')) errors.videos = 'uploading';
  else if (f.videos.some((v) => v.upload === 'failed')) errors.videos = 'uploadFailed';
  return errors;
}

/**
 * The form's schema for `useZodForm`: the shared rules (`validateLecture`) on the form's values,
 * each problem on its field, worded by `word` (the spec's texts, or the rule's dictionary text).
 */
export const lectureFormSchema = (mode: 'add' | 'edit', word: (problem: LectureProblem | Rule) => string) =>
  z.custom<LectureForm>().superRefine((f, ctx) => {
    for (const [field, problem] of Object.entries(validateLecture(f, mode))) ctx.addIssue({ code: 'custom', path: [field], message: word(problem) });
  });

/** Something a close would lose: a typed or changed field, a picked image, a video picked or changed. */
export const hasUnsavedWork = (f: LectureForm, initial: LectureForm) =>
  f.name !== initial.name ||
  f.subtitle !== initial.subtitle ||
  f.price !== initial.price ||
  f.isFree !== initial.isFree ||
  f.accessDays !== initial.accessDays ||
  f.viewLimit !== initial.viewLimit ||
  f.image !== initial.image ||
  f.videos.length > 0 ||
  f.existing.some((v) => v.markedForDeletion || v.videoName !== v.original.videoName || v.quizId !== v.original.quizId);

/** A video file's name without its extension, as the default video name. */
export const videoNameOf = (fileName: string) => fileName.replace(/\.[^.]+$/, '');

export interface VideoPlan {
  /** New uploads, appended in this order. */
  add: { videoUrl: string; videoName: string; quizId: string | null }[];
  /** Kept videos whose name or quiz changed, changed in place (same file, order and id). */
  update: { id: string; videoName: string; quizId: string | null }[];
  /** Deleted last, so a failure half-way loses nothing. */
  deleteIds: string[];
}

/** What a save does to the videos. */
export function videoPlan(f: Pick<LectureForm, 'existing' | 'videos'>): VideoPlan {
  const kept = f.existing.filter((v) => !v.markedForDeletion);
  return {
    add: f.videos.filter((v) => v.upload === 'done' && v.key).map((v) => ({ videoUrl: v.key!, videoName: v.videoName.trim(), quizId: v.quizId || null })),
    update: kept
      .filter((v) => v.videoName.trim() !== v.original.videoName || v.quizId !== v.original.quizId)
      .map((v) => ({ id: v.id, videoName: v.videoName.trim(), quizId: v.quizId || null })),
    deleteIds: f.existing.filter((v) => v.markedForDeletion).map((v) => v.id),
  };
}
