import { z } from 'zod';
import { CONTENT_TYPES, TRACKS } from '../constants';
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

export const createCourseBody = z.object({
  name: nonBlank('name', 100),
  courseFor: jsonField('courseFor', z.array(track).min(1)).optional(),
  terms: jsonField('terms', z.array(z.string().trim().min(1).max(50)).min(1)).optional(),
  content: jsonField('content', z.array(z.enum(CONTENT_TYPES)).min(1)).optional(),
  image: imageFile('image').optional(),
});
export const updateCourseBody = z.object({ name: nonBlank('name', 100).optional(), image: imageFile('image').optional() });

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
export const video = z.object({
  id: z.string(),
  videoName: z.string(),
  name: z.string(),
  quizId: z.string().nullable(),
  order: z.number(),
  signedUrl: z.string().optional(),
  locked: z.boolean().optional(),
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
  videos: z.array(video).optional(),
  canWatch: z.boolean().optional(),
  purchaseDate: z.string().optional(),
  expiryDate: z.string().optional(),
});
export type Lecture = z.infer<typeof lecture>;
export type Video = z.infer<typeof video>;

const price = z.coerce.number({ error: 'price must be a number' }).transform(Math.abs).pipe(z.number().max(100000, 'price is too high'));

export const saveLectureBody = z
  .object({
    name: nonBlank('name', 200),
    subtitle: nonBlank('subtitle', 500),
    numberOfLectures: z.coerce.number().optional(),
    price: price.optional(),
    isFree: formBoolean.optional(),
    contentId: id,
    imageFile: imageFile('imageFile').optional(),
    videoUrls: jsonField('videoUrls', z.array(videoInput).min(1, 'at least one video is required')),
  })
  .refine((b) => b.imageFile !== undefined, { message: 'Please select an image for the lecture', path: ['imageFile'] })
  .refine((b) => b.isFree || b.price !== undefined, { message: 'price is required unless the lecture is free', path: ['price'] });

export const updateLectureBody = z.object({
  name: nonBlank('name', 200).optional(),
  subTitle: nonBlank('subTitle', 500).optional(),
  price: price.optional(),
  isFree: formBoolean.optional(),
  imageFile: imageFile('imageFile').optional(),
});
export const addVideosBody = z.array(videoInput).min(1, 'at least one video is required').max(200);

export const signedUrlQuery = z.object({
  fileName: nonBlank('fileName', 200),
  fileType: z.string().trim().regex(/^(video|image)\/[\w.+-]+$/, 'fileType must be a video or image type'),
  fileSize: z.coerce.number().int().positive().optional(),
});
export const signedUrlResponse = z.object({ signedUrl: z.string(), key: z.string(), fileUrl: z.string(), expiresIn: z.number() });
