/** Presigned uploads: the admin's browser PUTs files straight to the media bucket. */
import { IMAGE_MAX_BYTES, VIDEO_MAX_BYTES } from '../../shared/constants';
import { BadRequest } from '../lib/errors';
import { presignUpload, sitePath } from '../lib/media-urls';
import { uploadKey } from './media';

/** Long enough to start a big upload; S3 checks expiry when the PUT starts, not when it ends. */
export const UPLOAD_URL_TTL_SECONDS = 15 * 60;

export async function uploadUrl(q: { fileName: string; fileType: string; fileSize?: number }) {
  const isImage = q.fileType.startsWith('image/');
  if (q.fileSize !== undefined) {
    if (isImage && q.fileSize >= IMAGE_MAX_BYTES) throw new BadRequest('maximum size for image is 1MB');
    if (!isImage && q.fileSize > VIDEO_MAX_BYTES) throw new BadRequest(`a video may be at most ${VIDEO_MAX_BYTES / 1024 ** 3} GB`);
  }
  const key = uploadKey(q.fileType, q.fileName);
  const signedUrl = await presignUpload(key, q.fileType, UPLOAD_URL_TTL_SECONDS, q.fileSize);
  return { signedUrl, key, fileUrl: sitePath(key), expiresIn: UPLOAD_URL_TTL_SECONDS };
}
