/**
 * A transcode job starts for an uploaded source, once per source bytes. on-upload.ts only unpacks
 * its S3 event and calls this; the job's events are applied by asset-events.ts.
 */
import { randomBytes } from 'node:crypto';
import { putAssetKey, recordFailed, recordJob, startAsset } from '../data/asset-repo';
import { env } from '../lib/env';
import { logger } from '../lib/log';
import { assetIdOfKey } from '../lib/media-layout';
import { createJobInput, ladderOf } from './job';
import { transcoder } from './transcoder';

const ladder = ladderOf(env.HLS_LADDER);

/**
 * Starts the transcode of an uploaded source: the asset goes processing (progress 0), its AES key is
 * stored first when HLS_AES=1, then the job is sent. 'duplicate' (nothing started) when the asset
 * already holds these bytes and is not failed. A job that cannot be sent leaves the asset failed with
 * the reason, and the error is thrown on (a retried S3 event then tries again: failed is retried).
 */
export async function startTranscode(sourceKey: string, sourceEtag: string): Promise<{ assetId: string; started: boolean; jobId?: string }> {
  const assetId = assetIdOfKey(sourceKey);
  const aesKey = env.HLS_AES ? new Uint8Array(randomBytes(16)) : undefined;
  if (!(await startAsset({ assetId, sourceKey, sourceEtag, encrypted: !!aesKey }))) {
    logger.info('transcode not started: this source is already transcoded or in progress', { assetId, sourceKey, sourceEtag });
    return { assetId, started: false };
  }
  try {
    if (aesKey) await putAssetKey(assetId, aesKey);
    const input = createJobInput({
      bucket: env.MEDIA_BUCKET,
      sourceKey,
      sourceEtag,
      assetId,
      ladder,
      ...(aesKey ? { aesKey } : {}),
      role: env.MEDIACONVERT_ROLE_ARN,
      ...(env.MEDIACONVERT_QUEUE_ARN ? { queue: env.MEDIACONVERT_QUEUE_ARN } : {}),
    });
    const jobId = await transcoder().start(input);
    await recordJob(assetId, sourceEtag, jobId);
    logger.info('transcode started', { assetId, sourceKey, jobId, rungs: ladder.map((r) => r.name).join(','), encrypted: !!aesKey });
    return { assetId, started: true, jobId };
  } catch (e) {
    const why = e instanceof Error ? e.message : String(e);
    await recordFailed(assetId, sourceEtag, `The transcode could not start: ${why}`);
    logger.error('transcode could not start', { assetId, sourceKey, error: e as Error });
    throw e;
  }
}
