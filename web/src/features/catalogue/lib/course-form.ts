import { IMAGE_MAX_BYTES, type Track } from '@shared/constants';
import { CATALOGUE_TEXTS } from './texts';

export interface CourseForm {
  name: string;
  image: File | null;
  courseFor: Track[];
}

export type CourseFormErrors = Partial<Record<keyof CourseForm, 'required' | 'imageTooBig'>>;

/** Spec 5: name required; image under 1 MB (1,000,000 bytes); at least one track. */
export function validateCourse(form: CourseForm, { needsTrack = true } = {}): CourseFormErrors {
  const errors: CourseFormErrors = {};
  if (!form.name.trim()) errors.name = 'required';
  if (form.image && form.image.size >= IMAGE_MAX_BYTES) errors.image = 'imageTooBig';
  if (needsTrack && form.courseFor.length === 0) errors.courseFor = 'required';
  return errors;
}

export const imageError = (file: File | null | undefined) => (file && file.size >= IMAGE_MAX_BYTES ? CATALOGUE_TEXTS.imageTooBig : undefined);
