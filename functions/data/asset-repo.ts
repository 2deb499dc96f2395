/**
 * Video assets (AP56): one per uploaded source (videos/<ulid>-<name>), holding the state of its
 * transcode to HLS. The transcode events write it (functions/media); the catalogue reads it to show
 * the admin each video's state and to hide from students every video that is not ready.
 */
import { GetCommand, PutCommand, UpdateCommand, type UpdateCommandInput } from '@aws-sdk/lib-dynamodb';
import type { LadderRung, VideoState } from '../../shared/video';
import { isConditionFailed } from '../lib/errors';
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
  /** The poster's file name in the asset's folder (hls/<assetId>/poster.0000001.jpg → poster.0000001.jpg); absent: none captured. */
  poster?: string;
  /** Segments are AES-128 encrypted; the key is served by our API only. */
  encrypted?: boolean;
  /**
   * An upload signed for a lecture form waits for the lecture (state uploaded): `unsaved` until a
   * lecture saves it, then `saved`; gone once its job starts (functions/media/held-uploads.ts).
   */
  hold?: 'unsaved' | 'saved';
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

const ASSET_NAMES = { '#state': 'state' };

const HOLD_NAMES = { '#state': 'state', '#hold': 'hold' };

/** AP56: an upload signed for a lecture form waits for the lecture (no asset of that id exists yet: its key is new). */
export async function holdUpload(assetId: string, sourceKey: string): Promise<void> {
  const record: AssetRecord = { assetId, sourceKey, state: 'uploaded', hold: 'unsaved', updatedAt: new Date().toISOString() };
  await ddb.send(new PutCommand({ TableName: TABLE, Item: { ...keys.videoAsset(assetId), ...record }, ConditionExpression: 'attribute_not_exists(PK)' }));
}

/** A conditional update of a held upload's asset: the asset as it now is, or undefined when it is not held (never was, or its job started). */
async function updateHeld(assetId: string, input: { UpdateExpression: string; ExpressionAttributeValues: Record<string, unknown> }): Promise<AssetRecord | undefined> {
  try {
    const r = await ddb.send(
      new UpdateCommand({
        TableName: TABLE,
        Key: keys.videoAsset(assetId),
        ...input,
        ConditionExpression: 'attribute_exists(#hold) AND #state = :uploaded',
        ExpressionAttributeNames: HOLD_NAMES,
        ExpressionAttributeValues: { ...input.ExpressionAttributeValues, ':uploaded': 'uploaded' },
        ReturnValues: 'ALL_NEW',
      }),
    );
    return withoutKeys<AssetRecord>(r.Attributes!);
  } catch (e) {
    if (isConditionFailed(e)) return undefined;
    throw e;
  }
}

/** AP56: on-upload notes the stored bytes of a held upload; the asset as it now is (undefined: not held). */
export const noteHeldBytes = (assetId: string, sourceEtag: string) =>
  updateHeld(assetId, { UpdateExpression: 'SET sourceEtag = :etag, updatedAt = :now', ExpressionAttributeValues: { ':etag': sourceEtag, ':now': new Date().toISOString() } });

/** AP56: a lecture saved this held upload; the asset as it now is (its sourceEtag once on-upload noted the bytes), undefined when not held. */
export const releaseHold = (assetId: string) =>
  updateHeld(assetId, { UpdateExpression: 'SET #hold = :saved, updatedAt = :now', ExpressionAttributeValues: { ':saved': 'saved', ':now': new Date().toISOString() } });

/** AP56, read strongly: the hold as it is now (undefined: none, its job has started or it never had one). */
export async function holdOf(assetId: string): Promise<AssetRecord['hold']> {
  const r = await ddb.send(new GetCommand({ TableName: TABLE, Key: keys.videoAsset(assetId), ConsistentRead: true }));
  return (r.Item as AssetRecord | undefined)?.hold;
}

/**
 * AP56: a job starts for this source (state processing, progress 0; rungs, failure, jobId of an earlier
 * job dropped). Conditional: false (nothing written) when the asset already holds these very bytes
 * (same ETag) and is not failed — a repeated S3 event starts no second job; a failed one may be retried.
 */
export async function startAsset(a: { assetId: string; sourceKey: string; sourceEtag: string; encrypted: boolean }): Promise<boolean> {
  const record: AssetRecord = { ...a, state: 'processing', progress: 0, updatedAt: new Date().toISOString() };
  try {
    await ddb.send(
      new PutCommand({
        TableName: TABLE,
        Item: { ...keys.videoAsset(a.assetId), ...record },
        // A held upload (hold set) has its bytes noted before its job may start.
        ConditionExpression: 'attribute_not_exists(sourceEtag) OR sourceEtag <> :etag OR #state = :failed OR attribute_exists(#hold)',
        ExpressionAttributeNames: { ...ASSET_NAMES, '#hold': 'hold' },
        ExpressionAttributeValues: { ':etag': a.sourceEtag, ':failed': 'failed' },
      }),
    );
    return true;
  } catch (e) {
    if (isConditionFailed(e)) return false;
    throw e;
  }
}

/** A conditional update of the asset's job for these bytes; false when its condition did not hold (an outdated event). */
async function updateAsset(assetId: string, input: Omit<UpdateCommandInput, 'TableName' | 'Key'>): Promise<boolean> {
  try {
    await ddb.send(new UpdateCommand({ TableName: TABLE, Key: keys.videoAsset(assetId), ...input }));
    return true;
  } catch (e) {
    if (isConditionFailed(e)) return false;
    throw e;
  }
}

/** AP56: the transcoder's job id, once CreateJob answered. */
export const recordJob = (assetId: string, sourceEtag: string, jobId: string) =>
  updateAsset(assetId, {
    UpdateExpression: 'SET jobId = :job',
    ConditionExpression: 'sourceEtag = :etag',
    ExpressionAttributeValues: { ':job': jobId, ':etag': sourceEtag },
  });

/** AP56: progress while processing; an older (lower) figure or one arriving after ready/failed changes nothing. */
export const recordProgress = (assetId: string, sourceEtag: string, progress: number) =>
  updateAsset(assetId, {
    UpdateExpression: 'SET progress = :p, updatedAt = :now',
    ConditionExpression: 'sourceEtag = :etag AND #state = :processing AND (attribute_not_exists(progress) OR progress <= :p)',
    ExpressionAttributeNames: ASSET_NAMES,
    ExpressionAttributeValues: { ':p': progress, ':now': new Date().toISOString(), ':etag': sourceEtag, ':processing': 'processing' },
  });

/** AP56: the ladder is stored; the video may be played. */
export const recordReady = (assetId: string, sourceEtag: string, done: { rungs: AssetRung[]; durationSeconds?: number; poster?: string; jobId?: string }) =>
  updateAsset(assetId, {
    UpdateExpression: `SET #state = :ready, progress = :full, rungs = :rungs, updatedAt = :now${done.durationSeconds !== undefined ? ', durationSeconds = :d' : ''}${done.jobId ? ', jobId = :job' : ''}${done.poster ? ', poster = :poster' : ''} REMOVE failure${done.poster ? '' : ', poster'}`,
    ConditionExpression: 'sourceEtag = :etag',
    ExpressionAttributeNames: ASSET_NAMES,
    ExpressionAttributeValues: {
      ':ready': 'ready',
      ':full': 100,
      ':rungs': done.rungs,
      ':now': new Date().toISOString(),
      ':etag': sourceEtag,
      ...(done.durationSeconds !== undefined ? { ':d': done.durationSeconds } : {}),
      ...(done.jobId ? { ':job': done.jobId } : {}),
      ...(done.poster ? { ':poster': done.poster } : {}),
    },
  });

/** AP56: the job failed (never over a ready asset of the same bytes: a stray late error does not hide a playable video). */
export const recordFailed = (assetId: string, sourceEtag: string, failure: string) =>
  updateAsset(assetId, {
    UpdateExpression: 'SET #state = :failed, failure = :why, updatedAt = :now REMOVE progress',
    ConditionExpression: 'sourceEtag = :etag AND #state <> :ready',
    ExpressionAttributeNames: ASSET_NAMES,
    ExpressionAttributeValues: { ':failed': 'failed', ':why': failure.slice(0, 500), ':now': new Date().toISOString(), ':etag': sourceEtag, ':ready': 'ready' },
  });

/**
 * AP56: a processing asset with no word from its job since `seen` (its updatedAt as read) is failed, so the
 * teacher's retry may start it again; false when its job spoke meanwhile (or it changed otherwise).
 */
export const recordQuiet = (assetId: string, sourceEtag: string, seen: string, failure: string) =>
  updateAsset(assetId, {
    UpdateExpression: 'SET #state = :failed, failure = :why, updatedAt = :now REMOVE progress',
    ConditionExpression: 'sourceEtag = :etag AND #state = :processing AND updatedAt = :seen',
    ExpressionAttributeNames: ASSET_NAMES,
    ExpressionAttributeValues: { ':failed': 'failed', ':why': failure, ':now': new Date().toISOString(), ':etag': sourceEtag, ':processing': 'processing', ':seen': seen },
  });

/** AP57: the asset's AES-128 key (16 bytes), written before its job starts. */
export async function putAssetKey(assetId: string, key: Uint8Array): Promise<void> {
  await ddb.send(new PutCommand({ TableName: TABLE, Item: { ...keys.videoAssetKey(assetId), assetId, key } }));
}

/** AP57: the asset's AES-128 key, if its segments are encrypted. */
export async function assetKeyOf(assetId: string): Promise<Uint8Array | undefined> {
  const r = await ddb.send(new GetCommand({ TableName: TABLE, Key: keys.videoAssetKey(assetId) }));
  const key = r.Item?.key as Uint8Array | undefined;
  return key ? Uint8Array.from(key) : undefined;
}
