/**
 * The media bucket's lifecycle rule UnsavedUploads (infra/stacks/data-stack.ts) on the local
 * platform: an object under videos/ still tagged bioscope-upload=unsaved (a lecture form's upload
 * no lecture saved: functions/media/held-uploads.ts) is deleted once it is UNSAVED_UPLOAD_DAYS old.
 * S3 applies its rule about once a day; the platform runs this at each start and every hour.
 */
import { DeleteObjectCommand, GetObjectTaggingCommand, ListObjectsV2Command, type S3Client } from '@aws-sdk/client-s3';
import { MEDIA_PREFIXES, UNSAVED_UPLOAD_DAYS, UNSAVED_UPLOAD_TAG } from '../../functions/lib/media-layout';

export const UPLOAD_EXPIRY_EVERY_MS = 60 * 60 * 1000;

/** Deletes the expired unsaved uploads under `prefix` (default videos/) as of `now`; answers their keys. */
export async function expireUnsavedUploads(opts: { s3: S3Client; bucket: string; now?: Date; prefix?: string }): Promise<string[]> {
  const cutoff = (opts.now ?? new Date()).getTime() - UNSAVED_UPLOAD_DAYS * 24 * 60 * 60 * 1000;
  const deleted: string[] = [];
  let after: string | undefined;
  // StartAfter, not continuation tokens: s3rver's need a cipher OpenSSL 3 lacks.
  for (;;) {
    const page = await opts.s3.send(new ListObjectsV2Command({ Bucket: opts.bucket, Prefix: opts.prefix ?? MEDIA_PREFIXES.videos, MaxKeys: 1000, ...(after ? { StartAfter: after } : {}) }));
    const contents = page.Contents ?? [];
    for (const o of contents) {
      if (!o.Key || !o.LastModified || o.LastModified.getTime() > cutoff) continue;
      const { TagSet = [] } = await opts.s3.send(new GetObjectTaggingCommand({ Bucket: opts.bucket, Key: o.Key }));
      if (!TagSet.some((t) => t.Key === UNSAVED_UPLOAD_TAG.Key && t.Value === UNSAVED_UPLOAD_TAG.Value)) continue;
      await opts.s3.send(new DeleteObjectCommand({ Bucket: opts.bucket, Key: o.Key }));
      deleted.push(o.Key);
    }
    if (contents.length < 1000) break;
    after = contents.at(-1)!.Key;
  }
  return deleted;
}
