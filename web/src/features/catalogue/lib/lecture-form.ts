/**
 * The add/edit lecture form (spec 4, 5) as plain data, so its rules are testable without the DOM.
 * Videos are uploaded as soon as they are picked; the form only saves finished ones.
 */
import { IMAGE_MAX_BYTES } from '@shared/constants';

export type UploadState = 'uploading' | 'done' | 'failed';

/** A video picked in this form. */
export interface NewVideo {
  localId: string;
  fileName: string;
  videoName: string;
  quizId: string;
  progress: number;
  upload: UploadState;
  /** The stored key once uploaded. */
  key?: string;
}

/** A video the lecture already has (edit only). */
export interface ExistingVideo {
  id: string;
  videoName: string;
  videoUrl?: string;
  quizId: string;
  /** As loaded, to tell what the admin changed. */
  original: { videoName: string; quizId: string };
  markedForDeletion: boolean;
}

export interface LectureForm {
  name: string;
  subtitle: string;
  price: string;
  isFree: boolean;
  image: File | null;
  existing: ExistingVideo[];
  videos: NewVideo[];
}

export type LectureField = 'name' | 'subtitle' | 'price' | 'image' | 'videos';
export type LectureProblem = 'required' | 'imageRequired' | 'imageTooBig' | 'videoRequired' | 'videoName' | 'uploading' | 'uploadFailed' | 'priceInvalid';
export type LectureFormErrors = Partial<Record<LectureField, LectureProblem>>;

export const emptyLectureForm = (): LectureForm => ({ name: '', subtitle: '', price: '', isFree: false, image: null, existing: [], videos: [] });

/** Spec 5: number of lectures is read-only, derived from the videos the lecture will have. */
export const numberOfLectures = (f: Pick<LectureForm, 'existing' | 'videos'>) =>
  f.existing.filter((v) => !v.markedForDeletion).length + f.videos.filter((v) => v.upload !== 'failed').length;

/** Spec 5: a free lecture sends 0; a negative price is turned positive. */
export function priceToSend(f: Pick<LectureForm, 'price' | 'isFree'>): number {
  if (f.isFree) return 0;
  return Math.abs(Number(f.price));
}

export function validateLecture(f: LectureForm, mode: 'add' | 'edit'): LectureFormErrors {
  const errors: LectureFormErrors = {};
  if (!f.name.trim()) errors.name = 'required';
  if (!f.subtitle.trim()) errors.subtitle = 'required';
  if (!f.isFree) {
    if (f.price.trim() === '') errors.price = 'required';
    else if (!Number.isFinite(Number(f.price))) errors.price = 'priceInvalid';
  }
  if (!f.image && mode === 'add') errors.image = 'imageRequired';
  else if (f.image && f.image.size >= IMAGE_MAX_BYTES) errors.image = 'imageTooBig';
  if (f.videos.some((v) => v.upload === 'uploading')) errors.videos = 'uploading';
  else if (f.videos.some((v) => v.upload === 'failed')) errors.videos = 'uploadFailed';
  else if (numberOfLectures(f) === 0) errors.videos = 'videoRequired';
  else if ([...f.videos, ...f.existing.filter((v) => !v.markedForDeletion)].some((v) => !v.videoName.trim())) errors.videos = 'videoName';
  return errors;
}

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
