/**
 * The teacher's retry of a video whose transcode failed or went quiet: its job is started again from the
 * stored upload, as on-upload starts it (transcode.ts). A quiet one (no word from its job for
 * VIDEO_STUCK_AFTER_MINUTES) lost its upload's event or its job's events, which wait in the pipeline's
 * dead-letter queues (infra/constructs/video-pipeline.ts); it is failed first, so startTranscode may start it.
 */
import { HeadObjectCommand } from '@aws-sdk/client-s3';
import { VIDEO_STUCK_AFTER_MINUTES } from '../../shared/video';
import { type AssetRecord, assetById, recordQuiet } from '../data/asset-repo';
import { s3 } from '../lib/aws';
import { env } from '../lib/env';
import { logger } from '../lib/log';
import { assetIdOfKey } from '../lib/media-layout';

const STUCK_MS = VIDEO_STUCK_AFTER_MINUTES * 60_000;

/**
 * Whether the teacher may start this video's transcode again: it failed, or its job has said nothing for
 * VIDEO_STUCK_AFTER_MINUTES (processing), or none started that long after `stored` (no asset: the upload's
 * event never came). `stored`: when the video joined its lecture.
 */
export function mayRetry(asset: AssetRecord | undefined, stored: Date, now = new Date()): boolean {
  if (!asset) return now.getTime() - stored.getTime() >= STUCK_MS;
  if (asset.state === 'failed') return true;
  return asset.state === 'processing' && now.getTime() - Date.parse(asset.updatedAt) >= STUCK_MS;
}

/** Stuck, as the lecture editor shows it (a Retry button): not failed, yet retryable. */
export const isStuck = (asset: AssetRecord | undefined, stored: Date, now = new Date()) => asset?.state !== 'failed' && mayRetry(asset, stored, now);

export type Restart = { started: true; asset: AssetRecord } | { started: false; why: 'notRetryable' | 'sourceGone' };

/** Starts the transcode of this uploaded source again if mayRetry; answers the asset as it now is, or why not. */
export async function restartTranscode(sourceKey: string, stored: Date, now = new Date()): Promise<Restart> {
  const assetId = assetIdOfKey(sourceKey);
  const asset = await assetById(assetId);
  if (!mayRetry(asset, stored, now)) return { started: false, why: 'notRetryable' };
  let etag: string;
  try {
    etag = ((await s3.send(new HeadObjectCommand({ Bucket: env.MEDIA_BUCKET, Key: sourceKey }))).ETag ?? '').replace(/"/g, '');
  } catch (e) {
    if ((e as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode === 404 || (e as Error).name === 'NotFound') return { started: false, why: 'sourceGone' };
    throw e;
  }
  if (asset?.state === 'processing' && asset.sourceEtag) {
    const quiet = `No word from the transcode since ${asset.updatedAt}; the teacher started it again`;
    if (!(await recordQuiet(assetId, asset.sourceEtag, asset.updatedAt, quiet))) return { started: false, why: 'notRetryable' };
  }
  // Loaded here only: the MediaConvert client stays out of the cold start of the routes that never start a job.
  const { startTranscode } = await import('./transcode');
  const { started } = await startTranscode(sourceKey, etag);
  // Not started: the upload's late event (or another retry) started it meanwhile.
  if (!started) return { started: false, why: 'notRetryable' };
  logger.info('transcode started again by the teacher', { assetId, sourceKey, was: asset?.state ?? 'none' });
  return { started: true, asset: (await assetById(assetId))! };
}
