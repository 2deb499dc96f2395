import { z } from 'zod';
import { CONTENT_TYPES, TERM_NAMES, TRACKS } from '../constants';
import { formBoolean, id, imageFile, jsonField, nonBlank } from './common';

export const track = z.enum(TRACKS, { error: `track must be one of: ${TRACKS.join(', ')}` });

export const term = z.object({ id: z.string(), name: z.string(), courseFor: z.string(), isLocked: z.boolean() });
export const course = z.object({
  id: z.string(),
  name: z.string(),
  imageUrl: z.string().nullable().optional(),
  courseFor: z.string(),
  terms: z.array(term.pick({ id: true, name: true, courseFor: true })),
});
export type Course = z.infer<typeof course>;
export type Term = z.infer<typeof term>;

export const MAX_TERMS = 10;

/**
 * Images are served publicly from the site's own origin (/media/images/*); an SVG there could
 * carry script, so only raster types are taken.
 */
export const RASTER_IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/webp', 'image/gif', 'image/avif'] as const;
const rasterImage = (label: string) =>
  imageFile(label).refine((f) => (RASTER_IMAGE_TYPES as readonly string[]).includes(f.mimetype), `${label} must be a PNG, JPEG, WebP, GIF or AVIF image`);

/** Duplicates would make twin terms or sections; the order of first appearance is kept. */
const unique = <T>(list: T[]) => [...new Set(list)];

/** Defaults are the spec's tracks, terms and content types. Bounded so a course fits one transaction. */
export const createCourseBody = z.object({
  name: nonBlank('name', 100),
  courseFor: jsonField('courseFor', z.array(track).min(1, 'choose at least one track')).transform(unique).default([...TRACKS]),
  terms: jsonField('terms', z.array(z.string().trim().min(1, 'a term name is empty').max(50)).min(1, 'add at least one term').max(MAX_TERMS, `at most ${MAX_TERMS} terms`))
    .transform(unique)
    .default([...TERM_NAMES]),
  content: jsonField('content', z.array(z.enum(CONTENT_TYPES, { error: `content must be among: ${CONTENT_TYPES.join(', ')}` })).min(1, 'add at least one content type'))
    .transform(unique)
    .default([...CONTENT_TYPES]),
  image: rasterImage('image').optional(),
});

export const updateCourseBody = z.object({ name: nonBlank('name', 100).optional(), image: rasterImage('image').optional() });

export const termsParams = z.object({ courseFor: track, courseId: id });
export const termIdParams = z.object({ termId: id });
export const contentIdParams = z.object({ contentId: id });
export const lectureIdParams = z.object({ lectureId: id });
export const videoIdParams = z.object({ videoId: id });

export const section = z.object({ id: z.string(), content: z.enum(CONTENT_TYPES), termId: z.string() });

export const videoInput = z.object({
  videoUrl: nonBlank('videoUrl', 1024),
  videoName: nonBlank('videoName', 200),
  quizId: z.union([id, z.literal(''), z.null()]).optional().transform((v) => v || null),
});
/** A video's name or quiz changed in place (the lecture editor); the file stays. */
export const updateVideoBody = z
  .object({
    videoName: nonBlank('videoName', 200).optional(),
    // Absent leaves the quiz as it is; '' or null takes it off.
    quizId: z.union([id, z.literal(''), z.null()]).optional().transform((v) => (v === undefined ? undefined : v || null)),
  })
  .refine((b) => b.videoName !== undefined || b.quizId !== undefined, { message: 'send videoName or quizId' });
export const video = z.object({
  id: z.string(),
  videoName: z.string(),
  name: z.string(),
  quizId: z.string().nullable(),
  order: z.number(),
  signedUrl: z.string().optional(),
  /** Held back by the quiz gate: no signedUrl until the earlier quizzes are passed. */
  locked: z.boolean().optional(),
  /** The stored key (videos/…), in admin responses only. */
  videoUrl: z.string().optional(),
});
export const lecture = z.object({
  id: z.string(),
  name: z.string(),
  lectureName: z.string(),
  subTitle: z.string(),
  price: z.number(),
  isFree: z.boolean(),
  photoUrl: z.string().nullable(),
  numberOfLectures: z.number(),
  contentId: z.string(),
  termId: z.string(),
  courseId: z.string(),
  /** Deleted by the admin but kept for the students who bought it. */
  archived: z.boolean().optional(),
  videos: z.array(video).optional(),
  canWatch: z.boolean().optional(),
  purchaseDate: z.string().optional(),
  expiryDate: z.string().optional(),
});
export type Lecture = z.infer<typeof lecture>;
export type Video = z.infer<typeof video>;

/** Spec 5: a negative price is turned positive. An empty field is a missing price, not 0. */
const price = z.preprocess(
  (v) => (typeof v === 'string' && v.trim() === '' ? undefined : v),
  z.coerce
    .number({ error: 'price must be a number' })
    .refine(Number.isFinite, 'price must be a number')
    .transform(Math.abs)
    .pipe(z.number().max(100000, 'price is too high'))
    .optional(),
);

export const saveLectureBody = z
  .object({
    name: nonBlank('name', 200),
    subtitle: nonBlank('subtitle', 500),
    numberOfLectures: z.coerce.number().optional(),
    price: price.optional(),
    isFree: formBoolean.optional(),
    contentId: id,
    imageFile: rasterImage('imageFile').optional(),
    videoUrls: jsonField('videoUrls', z.array(videoInput).min(1, 'at least one video is required')),
  })
  .refine((b) => b.imageFile !== undefined, { message: 'Please select an image for the lecture', path: ['imageFile'] })
  .refine((b) => b.isFree || b.price !== undefined, { message: 'price is required unless the lecture is free', path: ['price'] });

export const updateLectureBody = z.object({
  name: nonBlank('name', 200).optional(),
  subTitle: nonBlank('subTitle', 500).optional(),
  price: price.optional(),
  isFree: formBoolean.optional(),
  imageFile: rasterImage('imageFile').optional(),
});
export const addVideosBody = z.array(videoInput).min(1, 'at least one video is required').max(200);

export const signedUrlQuery = z.object({
  fileName: nonBlank('fileName', 200),
  fileType: z
    .string({ error: 'fileType is required' })
    .trim()
    .toLowerCase()
    .regex(/^(video|image)\/[\w.+-]+$/, 'fileType must be a video or image type')
    .refine((t) => !t.startsWith('image/') || (RASTER_IMAGE_TYPES as readonly string[]).includes(t), 'images must be PNG, JPEG, WebP, GIF or AVIF'),
  fileSize: z.coerce.number({ error: 'fileSize must be a number of bytes' }).int('fileSize must be a whole number of bytes').positive('fileSize must be positive').optional(),
});
export const signedUrlResponse = z.object({ signedUrl: z.string(), key: z.string(), fileUrl: z.string(), expiresIn: z.number() });

/** A delete that kept the record for the students who bought under it says archived: true. */
export const deletedResponse = z.object({ id: z.string(), message: z.string(), archived: z.literal(true).optional() });
export const termLockResponse = z.object({ message: z.string(), isLocked: z.boolean() });
export const lectureSaved = z.object({ message: z.string(), data: lecture });
export const lectureList = z.object({ data: z.array(lecture) });
