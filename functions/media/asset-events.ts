/**
 * A transcode job's event applied to its asset (the change transcode-events.ts reads from it), by the
 * conditional writes of data/asset-repo.ts. Apart from transcode.ts so on-transcode-event's Lambda
 * carries no MediaConvert client.
 */
import { recordFailed, recordProgress, recordReady } from '../data/asset-repo';
import type { AssetChange } from './transcode-events';

/** Applies a job event's change to its asset; false when the change was outdated (an older job, or progress after the end). */
export async function applyAssetChange(change: AssetChange): Promise<boolean> {
  const { assetId, sourceEtag } = change;
  switch (change.kind) {
    case 'progress':
      return recordProgress(assetId, sourceEtag, change.progress);
    case 'ready': {
      const { rungs, durationSeconds, poster, jobId } = change;
      return recordReady(assetId, sourceEtag, { rungs, ...(durationSeconds !== undefined ? { durationSeconds } : {}), ...(poster ? { poster } : {}), ...(jobId ? { jobId } : {}) });
    }
    case 'failed':
      return recordFailed(assetId, sourceEtag, change.failure);
  }
}
