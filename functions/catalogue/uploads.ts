/** Presigned uploads: the admin's browser PUTs files straight to the media bucket. */
import { presignUpload, sitePath } from '../lib/media-urls';
import { holdVideoUpload } from '../media/public';
import { uploadKey } from './media';

/** Long enough to start a big upload; S3 checks expiry when the PUT starts, not when it ends. */
export const UPLOAD_URL_TTL_SECONDS = 15 * 60;

/** The query's schema (signedUrlQuery) has checked the type and the size: an image under 1 MB, a video at most 5 GB; the URL takes that size only. */
export async function getSignedUrl(q: { fileName: string; fileType: string; fileSize: number }) {
  const key = uploadKey(q.fileType, q.fileName);
  // A video waits for its lecture's save before it is transcoded (media/held-uploads.ts).
  await holdVideoUpload(key);
  const signedUrl = await presignUpload(key, q.fileType, UPLOAD_URL_TTL_SECONDS, q.fileSize);
  return { signedUrl, key, fileUrl: sitePath(key), expiresIn: UPLOAD_URL_TTL_SECONDS };
}
