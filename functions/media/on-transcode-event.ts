/**
 * Lambda on EventBridge's "MediaConvert Job State Change" events (the local ffmpeg runner sends the
 * same shape): the job's asset goes on to processing with its progress, ready with the produced
 * rungs and duration, or failed with the transcoder's reason. Not an API route. Events come out of
 * order and more than once: every write is conditional (transcode-events.ts, data/asset-repo.ts).
 */
import { logger } from '../lib/log';
import { applyAssetChange } from './asset-events';
import { assetChangeOf, type JobStateEvent } from './transcode-events';

export async function handler(event: JobStateEvent): Promise<void> {
  const change = assetChangeOf(event);
  if (!change) {
    logger.debug('transcode event ignored', { status: event.detail?.status, jobId: event.detail?.jobId });
    return;
  }
  const applied = await applyAssetChange(change);
  const { kind, assetId, jobId } = change;
  if (kind === 'failed') logger.warn('transcode failed', { assetId, jobId, failure: change.failure, applied });
  else if (kind === 'ready') logger.info('transcode ready', { assetId, jobId, rungs: change.rungs.map((r) => r.name).join(','), applied });
  else logger.debug('transcode progress', { assetId, jobId, progress: change.progress, applied });
}
