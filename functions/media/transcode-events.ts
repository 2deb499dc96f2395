/**
 * What a transcode job's event means for its asset: EventBridge's "MediaConvert Job State Change"
 * (the local ffmpeg runner sends the same shape) → progress, ready with the produced rungs, or
 * failed with the transcoder's reason. Pure: on-transcode-event.ts writes the result.
 */
import type { AssetRung } from '../data/asset-repo';
import { hlsPrefixOf } from '../lib/media-layout';
import { bandwidthOf, ladderFromMetadata } from './job';

export interface JobStateDetail {
  status?: string;
  jobId?: string;
  timestamp?: number;
  userMetadata?: Record<string, string | undefined>;
  jobProgress?: { jobPercentComplete?: number; currentPhase?: string };
  errorCode?: number | string;
  errorMessage?: string;
  outputGroupDetails?: {
    type?: string;
    playlistFilePaths?: string[];
    outputDetails?: { outputFilePaths?: string[]; durationInMs?: number; videoDetails?: { widthInPx?: number; heightInPx?: number } }[];
  }[];
}

export interface JobStateEvent {
  source?: string;
  'detail-type'?: string;
  detail?: JobStateDetail;
}

interface Target {
  assetId: string;
  sourceEtag: string;
  jobId?: string;
}
export type AssetChange =
  | (Target & { kind: 'progress'; progress: number })
  | (Target & { kind: 'ready'; rungs: AssetRung[]; durationSeconds?: number; poster?: string })
  | (Target & { kind: 'failed'; failure: string });

/** Every output a COMPLETE event reports, across its groups (the HLS ladder's, the poster's). */
const outputsOf = (detail: JobStateDetail) => (detail.outputGroupDetails ?? []).flatMap((g) => g.outputDetails ?? []);
const outputPath = (o: { outputFilePaths?: string[] }) => o.outputFilePaths?.[0] ?? '';
const isPoster = (path: string) => /\.jpe?g$/i.test(path);

/**
 * The poster a COMPLETE event reports (the frame capture's file, shared/video.ts POSTER_BASE): its
 * name in the asset's folder, only when it lies right in that folder (hls/<assetId>/).
 */
function posterOf(detail: JobStateDetail, assetId: string): string | undefined {
  const path = outputsOf(detail).map(outputPath).find(isPoster);
  const m = path ? /^s3:\/\/[^/]+\/(.+)$/.exec(path) : null;
  const folder = hlsPrefixOf(assetId);
  const name = m?.[1]?.startsWith(folder) ? m[1].slice(folder.length) : undefined;
  return name && /^[A-Za-z0-9._-]{1,100}$/.test(name) ? name : undefined;
}

/** The rungs a COMPLETE event reports, named and priced from the job's ladder (UserMetadata), measured by the transcoder. */
function rungsOf(detail: JobStateDetail): { rungs: AssetRung[]; durationSeconds?: number } {
  const ladder = ladderFromMetadata(detail.userMetadata?.ladder);
  // The HLS group's outputs (a poster is no rung).
  const outputs = outputsOf(detail).filter((o) => !isPoster(outputPath(o)));
  const rungs: AssetRung[] = [];
  outputs.forEach((o, i) => {
    const path = outputPath(o);
    // hls/<id>/master_240p.m3u8 (MediaConvert) or hls/<id>/240p/index.m3u8 (local): the rung by its name, else by position.
    const rung = ladder.find((r) => path.includes(`_${r.name}.`) || path.includes(`/${r.name}/`)) ?? ladder[i];
    if (!rung) return;
    const height = o.videoDetails?.heightInPx ?? rung.height;
    const width = o.videoDetails?.widthInPx ?? Math.round((height * 16) / 9 / 2) * 2;
    rungs.push({ name: rung.name, height, videoKbps: rung.videoKbps, width, bandwidth: bandwidthOf(rung) });
  });
  const ms = Math.max(0, ...outputs.map((o) => o.durationInMs ?? 0));
  return { rungs: rungs.sort((a, b) => a.height - b.height), ...(ms > 0 ? { durationSeconds: Math.round(ms / 100) / 10 } : {}) };
}

/** The asset change an event asks for; undefined for an event that is not about one of our assets (or not one we act on). */
export function assetChangeOf(event: JobStateEvent): AssetChange | undefined {
  const d = event.detail;
  const assetId = d?.userMetadata?.assetId;
  const sourceEtag = d?.userMetadata?.sourceEtag;
  if (!d || !assetId || !sourceEtag) return undefined;
  const target: Target = { assetId, sourceEtag, ...(d.jobId ? { jobId: d.jobId } : {}) };
  switch (d.status) {
    case 'PROGRESSING':
      return { ...target, kind: 'progress', progress: 0 };
    case 'STATUS_UPDATE': {
      const p = Number(d.jobProgress?.jobPercentComplete ?? 0);
      // 100 is said by COMPLETE only: a job at 100 % has still its manifests to write.
      return { ...target, kind: 'progress', progress: Math.max(0, Math.min(99, Math.floor(Number.isFinite(p) ? p : 0))) };
    }
    case 'COMPLETE': {
      const done = rungsOf(d);
      if (!done.rungs.length) return { ...target, kind: 'failed', failure: 'The transcode finished without any output' };
      const poster = posterOf(d, assetId);
      return { ...target, kind: 'ready', ...done, ...(poster ? { poster } : {}) };
    }
    case 'ERROR':
      return { ...target, kind: 'failed', failure: d.errorMessage?.trim() || `The transcode failed (error ${d.errorCode ?? 'unknown'})` };
    case 'CANCELED':
      return { ...target, kind: 'failed', failure: 'The transcode job was cancelled' };
    default:
      return undefined;
  }
}
