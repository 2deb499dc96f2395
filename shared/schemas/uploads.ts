/**
 * Resumable video uploads: S3 multipart with presigned part URLs (issue 16). The admin's browser
 * starts an upload, asks for URLs of a few parts at a time, PUTs each part straight to the bucket,
 * lists the parts already stored to resume (after a page reload too), and finishes or cancels it.
 *
 * Nothing is kept by the API between calls: the browser sends the file's size and the part size
 * with each batch of part URLs, both checked here, and each URL signs that part's exact length.
 */
import { z } from 'zod';
import { VIDEO_MAX_BYTES } from '../constants.ts';
import { ruleParams } from '../rules.ts';
import { nonBlank } from './common.ts';

const MiB = 1024 * 1024;
/** S3's limits: parts of 5 MiB to 5 GiB (the last may be smaller), at most 10,000 of them. */
export const MULTIPART = {
  minPartBytes: 5 * MiB,
  maxPartBytes: 5 * 1024 * MiB,
  maxParts: 10_000,
  /** Part URLs asked for at once. */
  signBatch: 100,
  /** The part size the server picks unless the file needs larger parts to stay within maxParts. */
  defaultPartBytes: 16 * MiB,
} as const;

/** The part size for a file: the default, or the smallest whole MiB that keeps it within maxParts. */
export const partSizeFor = (fileSize: number) => Math.max(MULTIPART.defaultPartBytes, Math.ceil(fileSize / MULTIPART.maxParts / MiB) * MiB);
export const partCountOf = (fileSize: number, partSize: number) => Math.max(1, Math.ceil(fileSize / partSize));
/** The length of part n (1-based): partSize, the last one the rest. */
export const partLength = (fileSize: number, partSize: number, n: number) => Math.min(partSize, fileSize - (n - 1) * partSize);

const bytes = (max: number) => z.number().int().min(1).max(max);
/** A key startVideoUpload hands out: videos/<ulid>-<safe name>. */
export const videoUploadKey = z
  .string()
  .trim()
  .refine((k) => /^videos\/[0-9A-HJKMNP-TV-Z]{26}-[A-Za-z0-9._-]{1,100}$/.test(k), ruleParams('invalid'));
/** S3 upload ids are URL-safe text. */
export const uploadId = z
  .string()
  .trim()
  .min(1)
  .max(1024)
  .refine((v) => /^[A-Za-z0-9._~-]+$/.test(v), ruleParams('invalid'));
const partNumber = z.number().int().min(1).max(MULTIPART.maxParts);

export const startVideoUploadBody = z.object({
  fileName: nonBlank(200),
  fileType: z
    .string()
    .trim()
    .toLowerCase()
    .refine((t) => /^video\/[\w.+-]+$/.test(t), ruleParams('upload.videoType')),
  fileSize: z.number().int().min(1).refine((n) => n <= VIDEO_MAX_BYTES, ruleParams('video.size', { max: VIDEO_MAX_BYTES })),
});
export const startVideoUploadResponse = z.object({ key: z.string(), uploadId: z.string(), partSize: z.number(), partCount: z.number(), fileUrl: z.string() });

/** The part size must suit S3 and the file; every part number must lie within the file. */
export const signUploadPartsBody = z
  .object({
    key: videoUploadKey,
    uploadId,
    fileSize: bytes(VIDEO_MAX_BYTES),
    partSize: z.number().int(),
    partNumbers: z.array(partNumber).min(1).max(MULTIPART.signBatch),
  })
  .superRefine((b, ctx) => {
    const count = Math.ceil(b.fileSize / b.partSize);
    if (b.partSize < MULTIPART.minPartBytes || b.partSize > MULTIPART.maxPartBytes || count > MULTIPART.maxParts) {
      ctx.addIssue({ code: 'custom', path: ['partSize'], input: b.partSize, ...ruleParams('upload.partSize', { min: MULTIPART.minPartBytes, max: MULTIPART.maxPartBytes, parts: MULTIPART.maxParts }) });
      return;
    }
    const outside = b.partNumbers.find((n) => n > count);
    if (outside !== undefined) ctx.addIssue({ code: 'custom', path: ['partNumbers'], input: outside, ...ruleParams('upload.partNumber', { max: count }) });
  });
export const signUploadPartsResponse = z.object({
  parts: z.array(z.object({ partNumber: z.number(), size: z.number(), url: z.string() })),
  expiresIn: z.number(),
});

export const uploadRef = z.object({ key: videoUploadKey, uploadId });
export const uploadedParts = z.object({ parts: z.array(z.object({ partNumber: z.number(), etag: z.string(), size: z.number() })) });

/** The parts in ascending order, each once (S3's rule for CompleteMultipartUpload). */
export const finishVideoUploadBody = z.object({
  key: videoUploadKey,
  uploadId,
  parts: z
    .array(z.object({ partNumber, etag: z.string().trim().min(1).max(200) }))
    .min(1)
    .max(MULTIPART.maxParts)
    .refine((ps) => ps.every((p, i) => i === 0 || p.partNumber > ps[i - 1]!.partNumber), ruleParams('upload.partOrder')),
});
export const finishVideoUploadResponse = z.object({ key: z.string(), fileUrl: z.string(), size: z.number() });
export const videoUploadDeleted = z.object({ key: z.string(), message: z.string() });
