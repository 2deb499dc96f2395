/**
 * Video assets (AP56): one per uploaded source (videos/<ulid>-<name>), holding the state of its
 * transcode to HLS. The transcode events write it (functions/media); the catalogue reads it to show
 * the admin each video's state and to hide from students every video that is not ready.
 */
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import type { LadderRung, VideoState } from '../../shared/video';
import { assetIdOfKey } from '../lib/media-layout';
import { ddb, TABLE } from './client';
import { getItems, withoutKeys } from './items';
import { keys } from './keys';

export interface AssetRung extends LadderRung {
  width: number;
  /** Peak bandwidth (bit/s) as the master playlist says it. */
  bandwidth: number;
}

export interface AssetRecord {
  assetId: string;
  /** The uploaded source (videos/…). */
  sourceKey: string;
  /** The source's ETag when its job started: a repeated S3 event for the same bytes starts nothing (events come at least once). */
  sourceEtag?: string;
  state: VideoState;
  /** 0–100 while processing. */
  progress?: number;
  /** Why the job failed, in the transcoder's words (state failed). */
  failure?: string;
  /** MediaConvert's job id, or the local runner's. */
  jobId?: string;
  /** The ladder as produced (state ready). */
  rungs?: AssetRung[];
  durationSeconds?: number;
  /** Segments are AES-128 encrypted; the key is served by our API only. */
  encrypted?: boolean;
  updatedAt: string;
}

/** AP56 */
export async function assetById(assetId: string): Promise<AssetRecord | undefined> {
  const r = await ddb.send(new GetCommand({ TableName: TABLE, Key: keys.videoAsset(assetId) }));
  return r.Item ? withoutKeys<AssetRecord>(r.Item) : undefined;
}

/** AP56 for many sources, one BatchGet: each source key with its asset (absent: none recorded yet). */
export async function assetsOfSources(sourceKeys: string[]): Promise<Map<string, AssetRecord>> {
  const unique = [...new Set(sourceKeys)];
  if (!unique.length) return new Map();
  const items = await getItems(unique.map((k) => keys.videoAsset(assetIdOfKey(k))));
  const out = new Map<string, AssetRecord>();
  unique.forEach((k, i) => {
    const item = items[i];
    if (item) out.set(k, withoutKeys<AssetRecord>(item));
  });
  return out;
}
