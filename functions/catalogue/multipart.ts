/**
 * Resumable video uploads (issue 16): S3 multipart uploads whose parts the admin's browser PUTs
 * straight to the media bucket through presigned URLs. Nothing is stored by us between calls: S3
 * keeps the upload and its parts (ListParts tells the browser where to resume), and the bucket's
 * lifecycle rule aborts an upload left unfinished (infra/stacks/data-stack.ts).
 *
 * Locally s3rver answers Create, UploadPart and Complete; the platform's stand-in fills in ListParts
 * and Abort (infra/local/s3-multipart.ts), so the calls here are the same in both worlds.
 */
import {
  AbortMultipartUploadCommand,
  CompleteMultipartUploadCommand,
  CreateMultipartUploadCommand,
  HeadObjectCommand,
  ListPartsCommand,
  type Part,
} from '@aws-sdk/client-s3';
import { MULTIPART, partCountOf, partLength, partSizeFor } from '../../shared/schemas/uploads';
import { s3 } from '../lib/aws';
import { env } from '../lib/env';
import { BadRequest, NotFound } from '../lib/errors';
import { presignUploadPart, sitePath } from '../lib/media-urls';
import { holdVideoUpload } from '../media/public';
import { uploadKey } from './media';

/** Part URLs live as long as the single-PUT URL: S3 checks expiry when a PUT starts. */
export const PART_URL_TTL_SECONDS = 15 * 60;

interface UploadRef {
  key: string;
  uploadId: string;
}

const noSuchUpload = () => new NotFound('No such upload: it was finished, cancelled or cleaned up', 'upload.notFound');

/** S3's NoSuchUpload (404) as our 404; anything else is not the caller's to fix. */
async function orNotFound<T>(call: Promise<T>): Promise<T> {
  try {
    return await call;
  } catch (e) {
    const err = e as { name?: string; $metadata?: { httpStatusCode?: number } };
    if (err.name === 'NoSuchUpload' || err.$metadata?.httpStatusCode === 404) throw noSuchUpload();
    throw e;
  }
}

/** Starts a multipart upload under a new video key; the part size cuts the file into ≤ 10,000 parts. */
export async function startVideoUpload(b: { fileName: string; fileType: string; fileSize: number }) {
  const key = uploadKey(b.fileType, b.fileName);
  // It waits for its lecture's save before it is transcoded (media/held-uploads.ts).
  await holdVideoUpload(key);
  const r = await s3.send(new CreateMultipartUploadCommand({ Bucket: env.MEDIA_BUCKET, Key: key, ContentType: b.fileType }));
  if (!r.UploadId) throw new Error('CreateMultipartUpload returned no UploadId');
  const partSize = partSizeFor(b.fileSize);
  return { key, uploadId: r.UploadId, partSize, partCount: partCountOf(b.fileSize, partSize), fileUrl: sitePath(key) };
}

/** Presigned PUT URLs for a batch of parts (the schema checked sizes and numbers), each signed for its exact length. */
export async function signUploadParts(b: UploadRef & { fileSize: number; partSize: number; partNumbers: number[] }) {
  const numbers = [...new Set(b.partNumbers)];
  const parts = await Promise.all(
    numbers.map(async (partNumber) => {
      const size = partLength(b.fileSize, b.partSize, partNumber);
      return { partNumber, size, url: await presignUploadPart(b.key, b.uploadId, partNumber, PART_URL_TTL_SECONDS, size) };
    }),
  );
  return { parts, expiresIn: PART_URL_TTL_SECONDS };
}

/** Every part stored so far (ListParts pages through 1,000 at a time). */
async function storedParts(u: UploadRef): Promise<Part[]> {
  const all: Part[] = [];
  let marker: string | undefined;
  for (;;) {
    const r = await orNotFound(s3.send(new ListPartsCommand({ Bucket: env.MEDIA_BUCKET, Key: u.key, UploadId: u.uploadId, PartNumberMarker: marker })));
    all.push(...(r.Parts ?? []));
    if (!r.IsTruncated || !r.NextPartNumberMarker) return all;
    marker = r.NextPartNumberMarker;
  }
}

const bareEtag = (e: string | undefined) => (e ?? '').replace(/"/g, '');

export async function listUploadParts(u: UploadRef) {
  const parts = await storedParts(u);
  return { parts: parts.map((p) => ({ partNumber: p.PartNumber ?? 0, etag: p.ETag ?? '', size: p.Size ?? 0 })) };
}

/**
 * Completes the upload from the parts the browser names. They are checked against the stored ones
 * first — each present with that ETag, all but the last at least 5 MiB — so a wrong list is a clear
 * 400 in both worlds (S3 would refuse it too; s3rver checks none of it) and the upload stays open.
 */
export async function finishVideoUpload(b: UploadRef & { parts: { partNumber: number; etag: string }[] }) {
  const stored = new Map((await storedParts(b)).map((p) => [p.PartNumber, p]));
  const problem = b.parts.find((p, i) => {
    const s = stored.get(p.partNumber);
    return !s || bareEtag(s.ETag) !== bareEtag(p.etag) || (i < b.parts.length - 1 && (s.Size ?? 0) < MULTIPART.minPartBytes);
  });
  if (problem) throw new BadRequest(`Part ${problem.partNumber} is not stored as sent (missing, another ETag, or under 5 MiB before the last part)`, 'upload.parts');
  await orNotFound(
    s3.send(
      new CompleteMultipartUploadCommand({
        Bucket: env.MEDIA_BUCKET,
        Key: b.key,
        UploadId: b.uploadId,
        MultipartUpload: { Parts: b.parts.map((p) => ({ PartNumber: p.partNumber, ETag: `"${bareEtag(p.etag)}"` })) },
      }),
    ),
  );
  const head = await s3.send(new HeadObjectCommand({ Bucket: env.MEDIA_BUCKET, Key: b.key }));
  return { key: b.key, fileUrl: sitePath(b.key), size: head.ContentLength ?? 0 };
}

/** Cancels the upload: S3 drops the stored parts. An upload already gone is a 404. */
export async function deleteVideoUpload(u: UploadRef) {
  await storedParts(u); // S3's Abort of an unknown id is 404 too, but says so only on some paths: ask first
  await orNotFound(s3.send(new AbortMultipartUploadCommand({ Bucket: env.MEDIA_BUCKET, Key: u.key, UploadId: u.uploadId })));
  return { key: u.key, message: 'Upload cancelled' };
}
