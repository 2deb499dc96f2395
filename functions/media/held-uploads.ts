/**
 * Issue 39: a video uploaded from a lecture form waits for the lecture to be saved before it is
 * transcoded. Its asset is written when its upload is signed (hold=unsaved); on-upload notes its
 * bytes and starts nothing while it waits, tagging the object unsaved (the bucket expires such
 * objects after a day); saving the lecture sets hold=saved, tags the object saved and starts the job.
 * Whichever of on-upload and the save comes second starts the job (each writes before it reads the
 * other's part, and startAsset lets only one of them start it). A source stored any other way (the
 * demo, a test's PUT) has no hold and starts at once, as before.
 */
import { PutObjectTaggingCommand } from '@aws-sdk/client-s3';
import { holdOf, holdUpload, noteHeldBytes, releaseHold } from '../data/asset-repo';
import { s3 } from '../lib/aws';
import { env } from '../lib/env';
import { logger } from '../lib/log';
import { assetIdOfKey, MEDIA_PREFIXES, SAVED_UPLOAD_TAG, UNSAVED_UPLOAD_TAG } from '../lib/media-layout';

const tag = (key: string, t: { Key: string; Value: string }) =>
  s3.send(new PutObjectTaggingCommand({ Bucket: env.MEDIA_BUCKET, Key: key, Tagging: { TagSet: [{ Key: t.Key, Value: t.Value }] } }));

/** At signing: a video upload waits for its lecture (an image is stored by its form's own save). */
export async function holdVideoUpload(key: string): Promise<void> {
  if (key.startsWith(MEDIA_PREFIXES.videos)) await holdUpload(assetIdOfKey(key), key);
}

/** on-upload: true when this source waits for its lecture (nothing to start now); false: start its job. */
export async function waitsForLecture(key: string, etag: string): Promise<boolean> {
  const asset = await noteHeldBytes(assetIdOfKey(key), etag);
  if (asset?.hold !== 'unsaved') return false;
  await tag(key, UNSAVED_UPLOAD_TAG);
  // Saved between the note and the tag (the save then found the bytes and started the job, or will here): tagged saved again.
  if ((await holdOf(asset.assetId)) === 'unsaved') {
    logger.info('upload held until its lecture is saved', { assetId: asset.assetId, sourceKey: key });
    return true;
  }
  await tag(key, SAVED_UPLOAD_TAG);
  return false;
}

/**
 * A lecture saved these sources: each held one is tagged saved and, once its bytes are noted, its job
 * starts (else on-upload starts it when the event comes). A job that cannot start leaves its asset
 * failed with the reason, and the teacher's Retry starts it again: the save itself stands.
 */
export async function startSavedUploads(keys: string[]): Promise<void> {
  await Promise.all(
    keys.map(async (key) => {
      const asset = await releaseHold(assetIdOfKey(key));
      if (!asset) return;
      await tag(key, SAVED_UPLOAD_TAG);
      if (!asset.sourceEtag) return;
      // Loaded here, as retry.ts does: the catalogue's other routes never load the transcoder.
      const { startTranscode } = await import('./transcode');
      await startTranscode(key, asset.sourceEtag).catch((e: unknown) => logger.error('the saved upload could not start its transcode', { sourceKey: key, error: e as Error }));
    }),
  );
}
