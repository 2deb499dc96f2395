import { z } from 'zod';
import { CONTENT_TYPES, IMAGE_MAX_BYTES, LECTURE_ACCESS_DAYS_MAX, SCHOOL_YEARS, TERM_NAMES, TRACKS, type Track, VIDEO_MAX_BYTES } from '../constants.ts';
import { ruleParams } from '../rules.ts';
import { VIDEO_STATES, VIDEO_VIEW_LIMIT_MAX } from '../video.ts';
import { type BrowserFile, browserImage, formBoolean, id, fileFacts, jsonField, nonBlank, shortText, toLatinDigits, type UploadedFile, uploadedImage } from './common.ts';

/** A track, wherever it is (a path segment or an item of courseFor): its rule names it 'track'. */
export const track = z.custom<Track>((v) => (TRACKS as readonly unknown[]).includes(v), ruleParams('oneOf', { field: 'track', values: TRACKS.join(', ') }));

export const term = z.object({
  id: z.string(),
  name: z.string(),
  courseFor: z.string(),
  isLocked: z.boolean(),
  /** LE for the whole term (a bundle); null or absent: none is sold. */
  bundlePrice: z.number().nullable().optional(),
  /** ISO: the bundle is sold, and gives the term's lectures, until then. */
  endsAt: z.string().nullable().optional(),
});
export const course = z.object({
  id: z.string(),
  name: z.string(),
  imageUrl: z.string().nullable().optional(),
  courseFor: z.string(),
  terms: z.array(term.pick({ id: true, name: true, courseFor: true })),
  /** The school year the course is for (its new lectures notify that year's students); absent: not said. */
  schooleYear: z.enum(SCHOOL_YEARS).optional(),
});
export type Course = z.infer<typeof course>;
export type Term = z.infer<typeof term>;

export const MAX_TERMS = 10;

/**
 * Images are served publicly from the site's own origin (/media/images/*); an SVG there could
 * carry script, so only raster types are taken.
 */
export const RASTER_IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/webp', 'image/gif', 'image/avif'] as const;
const isRaster = (type: string) => (RASTER_IMAGE_TYPES as readonly string[]).includes(type);
const rasterOnly = <S extends z.ZodType<UploadedFile | BrowserFile>>(s: S) => s.refine((f) => isRaster(fileFacts(f).type), ruleParams('image.raster'));

const ascii = (bytes: Uint8Array, from: number, text: string) => [...text].every((c, i) => bytes[from + i] === c.charCodeAt(0));
/**
 * What the bytes of an image say it is, by its signature (magic bytes), whatever type the upload
 * claimed: PNG, JPEG, GIF, WebP, or AVIF (an ISO-BMFF 'ftyp' box naming the avif/avis brand).
 * Undefined for anything else — HTML, SVG, a script — so such bytes never become a stored image.
 */
export function imageTypeOf(bytes: Uint8Array): (typeof RASTER_IMAGE_TYPES)[number] | undefined {
  if (bytes.length >= 8 && [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a].every((b, i) => bytes[i] === b)) return 'image/png';
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'image/jpeg';
  if (ascii(bytes, 0, 'GIF87a') || ascii(bytes, 0, 'GIF89a')) return 'image/gif';
  if (ascii(bytes, 0, 'RIFF') && ascii(bytes, 8, 'WEBP')) return 'image/webp';
  if (ascii(bytes, 4, 'ftyp')) {
    const boxEnd = Math.min(bytes.length, ((bytes[0]! << 24) | (bytes[1]! << 16) | (bytes[2]! << 8) | bytes[3]!) >>> 0);
    // The major brand (offset 8), then the compatible brands after the minor version (offset 16 on).
    for (let at = 8; at + 4 <= boxEnd; at += at === 8 ? 8 : 4) if (ascii(bytes, at, 'avif') || ascii(bytes, at, 'avis')) return 'image/avif';
  }
  return undefined;
}

/** A course's, lecture's or quiz's image as the server takes it (a multipart part): its bytes must be a raster image … */
export const rasterImage = rasterOnly(uploadedImage).refine((f) => imageTypeOf(f.content) !== undefined, ruleParams('image.content'));
/** … and as the browser's form holds it (a File): the same rules. */
export const rasterBrowserImage = rasterOnly(browserImage);

/** Duplicates would make twin terms or sections; the order of first appearance is kept. */
const unique = <T>(list: T[]) => [...new Set(list)];

const courseName = shortText(100);
const courseTracks = z.array(track).min(1);
const courseTerms = z.array(shortText(50)).min(1).max(MAX_TERMS);
const courseContent = z.array(z.enum(CONTENT_TYPES)).min(1);

/** Defaults are the spec's tracks, terms and content types. Bounded so a course fits one transaction. */
export const createCourseBody = z.object({
  name: courseName,
  courseFor: jsonField(courseTracks).transform(unique).default([...TRACKS]),
  terms: jsonField(courseTerms).transform(unique).default([...TERM_NAMES]),
  content: jsonField(courseContent).transform(unique).default([...CONTENT_TYPES]),
  image: rasterImage.optional(),
  schooleYear: z.enum(SCHOOL_YEARS).optional(),
});

export const updateCourseBody = z.object({ name: courseName.optional(), image: rasterImage.optional(), schooleYear: z.enum(SCHOOL_YEARS).optional() });

/**
 * The course form in the browser (create and edit): the same pieces, with the lists as lists and
 * the image a File. On edit the image is optional; on create the server takes the defaults too.
 */
export const courseForm = z.object({
  name: courseName,
  courseFor: courseTracks.optional(),
  terms: courseTerms.optional(),
  content: courseContent.optional(),
  image: rasterBrowserImage.optional(),
  /** '' = not said (its new lectures notify nobody). */
  schooleYear: z.union([z.enum(SCHOOL_YEARS), z.literal('')]).optional(),
});

export const termsParams = z.object({ courseFor: track, courseId: id });
export const termIdParams = z.object({ termId: id });
export const contentIdParams = z.object({ contentId: id });
export const lectureIdParams = z.object({ lectureId: id });
export const videoIdParams = z.object({ videoId: id });

export const section = z.object({ id: z.string(), content: z.enum(CONTENT_TYPES), termId: z.string() });

export const videoInput = z.object({
  videoUrl: nonBlank(1024),
  videoName: shortText(200),
  quizId: z.union([id, z.literal(''), z.null()]).optional().transform((v) => v || null),
});
/** A video's name or quiz changed in place (the lecture editor); the file stays. */
export const updateVideoBody = z
  .object({
    videoName: shortText(200).optional(),
    // Absent leaves the quiz as it is; '' or null takes it off.
    quizId: z.union([id, z.literal(''), z.null()]).optional().transform((v) => (v === undefined ? undefined : v || null)),
  })
  .refine((b) => b.videoName !== undefined || b.quizId !== undefined, ruleParams('oneRequired', { fields: 'videoName, quizId' }));
export const video = z.object({
  id: z.string(),
  videoName: z.string(),
  name: z.string(),
  quizId: z.string().nullable(),
  order: z.number(),
  signedUrl: z.string().optional(),
  /** The poster as a signed URL that opens that one file for a while (with signedUrl only): painted before the playback starts. */
  posterUrl: z.string().optional(),
  /**
   * Held back by the quiz gate (spec 4): no signedUrl until the earlier quizzes are passed. The
   * reason names the first earlier video (1-based `videoNumber`) whose quiz this student has not passed.
   */
  locked: z.object({ reason: z.literal('quiz'), videoNumber: z.number().int(), quizId: z.string() }).optional(),
  /** This student passed the video's quiz (a student who may watch, a video with a quiz: the list's badge). */
  quizPassed: z.boolean().optional(),
  /** The stored key (videos/…), in admin responses only. */
  videoUrl: z.string().optional(),
  /**
   * The transcode's state (shared/video.ts), in admin responses only: a student is never sent a video
   * that is not ready. progress 0–100 while processing; failure says why it failed.
   */
  state: z.enum(VIDEO_STATES).optional(),
  progress: z.number().optional(),
  failure: z.string().optional(),
  /**
   * Admins only: uploaded or processing, yet nothing heard from its transcode for VIDEO_STUCK_AFTER_MINUTES
   * (its events were lost): the teacher may prepare it again (startVideoTranscode), as a failed one.
   */
  stuck: z.literal(true).optional(),
  /** Views this student has left of this video (the lecture's viewLimit); null: no limit. Students only. */
  viewsLeft: z.number().int().nullable().optional(),
  /** Students only: how much of it this student watched (0–100), where the player resumes (s), and whether ≥ 90 % is watched. */
  watched: z.object({ percent: z.number().int().min(0).max(100), resumeAt: z.number().min(0), completed: z.boolean() }).optional(),
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
  /** Days a purchase of this lecture lasts (the teacher sets it; default LECTURE_ACCESS_DAYS_DEFAULT). */
  accessDays: z.number(),
  /** How many times a student may watch each of its videos; null or absent: no limit. */
  viewLimit: z.number().int().nullable().optional(),
  purchaseDate: z.string().optional(),
  expiryDate: z.string().optional(),
  /** The viewer's purchase has run out (a student's view of a bought lecture). */
  expired: z.boolean().optional(),
});
export type Lecture = z.infer<typeof lecture>;
export type Video = z.infer<typeof video>;

/** The least a paid lecture costs, in LE: below it Paymob's amount (whole piasters) would round to nothing. */
export const LECTURE_PRICE_MIN = 1;
/** A price is 0 (free) or at least LECTURE_PRICE_MIN LE in whole piasters: 0.004 LE is no price. */
export const isLecturePrice = (price: number) => price === 0 || (price >= LECTURE_PRICE_MIN && Math.abs(price * 100 - Math.round(price * 100)) < 1e-6);

/**
 * Spec 5: a negative price is turned positive (a form's text or a number alike). An empty field is
 * a missing price, not 0.
 */
export const lecturePrice = z.preprocess(
  (v) => (typeof v === 'string' && v.trim() === '' ? undefined : v),
  z.coerce
    .number()
    .refine(Number.isFinite, ruleParams('notNumber'))
    .transform(Math.abs)
    .pipe(z.number().max(100000).refine(isLecturePrice, ruleParams('lecture.priceAmount', { min: LECTURE_PRICE_MIN })))
    .optional(),
);
const lectureName = shortText(200);
/** How many days a purchase lasts: a whole number from 1 to LECTURE_ACCESS_DAYS_MAX; empty means the default. */
export const accessDays = z.preprocess(
  (v) => (v === '' || v === null ? undefined : v),
  z.coerce.number().int().min(1).max(LECTURE_ACCESS_DAYS_MAX).optional(),
);
const lectureSubtitle = shortText(500);
/**
 * How many times a student may watch each video of the lecture: a whole number from 1 to
 * VIDEO_VIEW_LIMIT_MAX, or null for no limit ('' or null as the form sends it). On update an absent
 * field leaves the limit as it is.
 */
export const lectureViewLimit = z.union([z.string(), z.number(), z.null()]).transform((v, ctx) => {
  if (v === null || (typeof v === 'string' && ['', 'null', 'none'].includes(v.trim().toLowerCase()))) return null;
  const n = typeof v === 'number' ? v : Number(toLatinDigits(v.trim()));
  if (!Number.isInteger(n) || n < 1 || n > VIDEO_VIEW_LIMIT_MAX) {
    ctx.addIssue({ code: 'custom', input: v, ...ruleParams('lecture.viewLimit', { max: VIDEO_VIEW_LIMIT_MAX }) });
    return z.NEVER;
  }
  return n;
});
/** At least one video (spec 5), at most 200. */
const lectureVideos = z
  .array(videoInput)
  .max(200)
  .refine((v) => v.length > 0, ruleParams('lecture.videos'));
/** Spec 5: a price is required unless the lecture is free. */
const priceUnlessFree = <T extends { isFree?: boolean; price?: number }>(b: T) => b.isFree === true || b.price !== undefined;
const PRICE_RULE = { path: ['price'], ...ruleParams('lecture.price') };
/** Spec 5: an image is required when a lecture is created. */
const IMAGE_RULE = { path: ['imageFile'], ...ruleParams('lecture.image') };

export const saveLectureBody = z
  .object({
    name: lectureName,
    subtitle: lectureSubtitle,
    numberOfLectures: z.coerce.number().optional(),
    price: lecturePrice.optional(),
    isFree: formBoolean.optional(),
    accessDays,
    viewLimit: lectureViewLimit.optional(),
    contentId: id,
    imageFile: rasterImage.optional(),
    videoUrls: jsonField(lectureVideos),
  })
  .refine((b) => b.imageFile !== undefined, IMAGE_RULE)
  .refine(priceUnlessFree, PRICE_RULE);

export const updateLectureBody = z.object({
  name: lectureName.optional(),
  subTitle: lectureSubtitle.optional(),
  price: lecturePrice.optional(),
  isFree: formBoolean.optional(),
  accessDays,
  viewLimit: lectureViewLimit.optional(),
  imageFile: rasterImage.optional(),
});
export const addVideosBody = lectureVideos;

/**
 * The lecture form in the browser (spec 5): name and subtitle required, price required unless
 * free (a negative one turned positive; a free lecture sends 0: `lecturePriceToSend`), at least one
 * video, an image required on create. `lectureForm` is the create form, `lectureEditForm` the edit
 * form (no videos, image optional). Videos are the uploaded ones ({videoUrl, videoName, quizId}).
 */
const lectureFormBase = z.object({
  name: lectureName,
  subtitle: lectureSubtitle,
  price: lecturePrice,
  isFree: z.boolean(),
  accessDays,
  image: rasterBrowserImage.optional(),
});
export const lectureForm = lectureFormBase
  .extend({ videos: lectureVideos })
  .refine((b) => b.image !== undefined, { path: ['image'], ...ruleParams('lecture.image') })
  .refine(priceUnlessFree, PRICE_RULE);
export const lectureEditForm = lectureFormBase.refine(priceUnlessFree, PRICE_RULE);
/** What the form sends as price: 0 for a free lecture (spec 5). */
export const lecturePriceToSend = (f: { isFree: boolean; price?: number }) => (f.isFree ? 0 : (f.price ?? 0));

export const signedUrlQuery = z.object({
  fileName: nonBlank(200),
  fileType: z
    .string()
    .trim()
    .toLowerCase()
    .refine((t) => /^(video|image)\/[\w.+-]+$/.test(t), ruleParams('upload.type'))
    .refine((t) => !t.startsWith('image/') || isRaster(t), ruleParams('image.raster')),
  /** Required: the URL is signed for exactly this many bytes (Content-Length), so no other size can be PUT. */
  fileSize: z.string().trim().min(1).pipe(z.coerce.number<string>().int().min(1)),
})
  // An image under IMAGE_MAX_BYTES (as the forms check it), a video at most VIDEO_MAX_BYTES.
  .superRefine((q, ctx) => {
    const isImage = q.fileType.startsWith('image/');
    if (isImage && q.fileSize >= IMAGE_MAX_BYTES) ctx.addIssue({ code: 'custom', path: ['fileSize'], input: q.fileSize, ...ruleParams('image.size', { max: IMAGE_MAX_BYTES }) });
    if (!isImage && q.fileSize > VIDEO_MAX_BYTES) ctx.addIssue({ code: 'custom', path: ['fileSize'], input: q.fileSize, ...ruleParams('video.size', { max: VIDEO_MAX_BYTES }) });
  });
export const signedUrlResponse = z.object({ signedUrl: z.string(), key: z.string(), fileUrl: z.string(), expiresIn: z.number() });

/** A delete that kept the record for the students who bought under it says archived: true. */
export const deletedResponse = z.object({ id: z.string(), message: z.string(), archived: z.literal(true).optional() });
export const termLockResponse = z.object({ message: z.string(), isLocked: z.boolean() });
export const lectureSaved = z.object({ message: z.string(), data: lecture });
export const lectureList = z.object({ data: z.array(lecture) });

/**
 * PATCH /api/cours/Term/bundle/{termId}: the term's bundle. A price as a lecture's (0 < N, whole piasters),
 * or null to stop selling it; endsAt an ISO instant (stored as UTC), or null. A price needs an end
 * (given here or already set: the server checks, term.bundleEnd).
 */
export const updateTermBody = z
  .object({
    bundlePrice: z
      .number()
      .max(100000)
      .refine((n) => n > 0 && isLecturePrice(n), ruleParams('lecture.priceAmount', { min: LECTURE_PRICE_MIN }))
      .nullable()
      .optional(),
    endsAt: z.iso
      .datetime({ offset: true })
      .transform((v) => new Date(v).toISOString())
      .nullable()
      .optional(),
  })
  .strict();
export const termUpdated = z.object({ data: term });

/** GET /api/cours/bundle/{termId}: the whole term's offer to this student, or null when none is sold now. */
export const termBundle = z.object({
  termId: z.string(),
  termName: z.string(),
  bundlePrice: z.number(),
  /** LE: the sum of the prices of the term's lectures for sale (free ones count 0). */
  lecturesPrice: z.number(),
  lectureCount: z.number(),
  endsAt: z.string(),
  /** The student has it (unexpired): no buy button. */
  owned: z.boolean(),
});
export const termBundleResponse = z.object({ data: termBundle.nullable() });
