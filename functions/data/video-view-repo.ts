/**
 * A student's views of a lecture's videos (AP58) and their playbacks (AP59, AP60): a playback is
 * what startPlayback issues cookies for; a view is counted once per playback (countVideoView), and
 * the lecture's viewLimit is checked against the counts when the next cookies are asked for.
 */
import { DeleteCommand, GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { isConditionFailed } from '../lib/errors';
import { ddb, TABLE } from './client';
import { queryAll, withoutKeys } from './items';
import { type Key, keys } from './keys';

export interface PlaybackRecord {
  playbackId: string;
  userId: string;
  lectureId: string;
  videoId: string;
  assetId: string;
  /** The cookies open the asset until then (epoch ms). */
  until: number;
  /** When its view was counted (ISO); absent: not yet. */
  counted?: string;
}

/** The AP58 key of a student's views of one lecture (to read along with the purchase: purchaseAlong). */
export const lectureViewsKey = (userId: string, lectureId: string): Key => keys.lectureViews(userId, lectureId);

/** The views counted per video id, from an AP58 item (absent: none). */
export function viewCountsOf(item: Record<string, unknown> | undefined): Map<string, number> {
  const counts = new Map<string, number>();
  for (const [name, value] of Object.entries(item ?? {})) {
    if (name.startsWith(keys.videoViewsAttributePrefix) && typeof value === 'number') counts.set(name.slice(keys.videoViewsAttributePrefix.length), value);
  }
  return counts;
}

const ttlOf = (until: number) => Math.ceil(until / 1000) + 24 * 3600;

/** AP59 + AP60: the playback, and the student's latest playback of that asset (the AES key's check). */
export async function recordPlayback(p: PlaybackRecord): Promise<void> {
  const expiresAt = ttlOf(p.until);
  await Promise.all([
    ddb.send(new PutCommand({ TableName: TABLE, Item: { ...keys.playback(p.userId, p.playbackId), ...p, expiresAt }, ConditionExpression: 'attribute_not_exists(PK)' })),
    ddb.send(
      new UpdateCommand({
        TableName: TABLE,
        Key: keys.playbackOfAsset(p.userId, p.assetId),
        // A later playback never shortens an earlier one's reach.
        UpdateExpression: 'SET playbackId = :id, #until = :until, expiresAt = :exp',
        ConditionExpression: 'attribute_not_exists(#until) OR #until < :until',
        ExpressionAttributeNames: { '#until': 'until' },
        ExpressionAttributeValues: { ':id': p.playbackId, ':until': p.until, ':exp': expiresAt },
      }),
    ).catch((e: unknown) => {
      if (!isConditionFailed(e)) throw e;
    }),
  ]);
}

/** AP59 */
export async function playbackOf(userId: string, playbackId: string): Promise<PlaybackRecord | undefined> {
  const r = await ddb.send(new GetCommand({ TableName: TABLE, Key: keys.playback(userId, playbackId) }));
  return r.Item ? withoutKeys<PlaybackRecord>(r.Item) : undefined;
}

/** AP60: until when the student's playbacks of this asset reach (epoch ms), or undefined. */
export async function playbackOfAssetUntil(userId: string, assetId: string): Promise<number | undefined> {
  const r = await ddb.send(new GetCommand({ TableName: TABLE, Key: keys.playbackOfAsset(userId, assetId) }));
  return typeof r.Item?.until === 'number' ? r.Item.until : undefined;
}

export type CountOutcome = { counted: true; views: number } | { counted: false; reason: 'already' | 'limit' };

/**
 * Counts one view of the playback's video: first the playback is marked counted (conditionally, so
 * a repeated call counts nothing), then the count goes up by one unless the limit is reached. The
 * two writes are not one transaction: should the second fail after the first, that view is lost —
 * in the student's favour, never counted twice.
 */
export async function countPlaybackView(p: PlaybackRecord, limit: number | null, now = new Date()): Promise<CountOutcome> {
  try {
    await ddb.send(
      new UpdateCommand({
        TableName: TABLE,
        Key: keys.playback(p.userId, p.playbackId),
        UpdateExpression: 'SET counted = :now',
        ConditionExpression: 'attribute_exists(PK) AND attribute_not_exists(counted)',
        ExpressionAttributeValues: { ':now': now.toISOString() },
      }),
    );
  } catch (e) {
    if (isConditionFailed(e)) return { counted: false, reason: 'already' };
    throw e;
  }
  try {
    const r = await ddb.send(
      new UpdateCommand({
        TableName: TABLE,
        Key: keys.lectureViews(p.userId, p.lectureId),
        UpdateExpression: 'ADD #v :one SET lectureId = :l, updatedAt = :now',
        ...(limit === null ? {} : { ConditionExpression: 'attribute_not_exists(#v) OR #v < :limit' }),
        ExpressionAttributeNames: { '#v': keys.videoViewsAttribute(p.videoId) },
        ExpressionAttributeValues: { ':one': 1, ':l': p.lectureId, ':now': now.toISOString(), ...(limit === null ? {} : { ':limit': limit }) },
        ReturnValues: 'UPDATED_NEW',
      }),
    );
    return { counted: true, views: Number(r.Attributes?.[keys.videoViewsAttribute(p.videoId)] ?? 1) };
  } catch (e) {
    if (isConditionFailed(e)) return { counted: false, reason: 'limit' };
    throw e;
  }
}

/** AP58 of one lecture: views per video id. */
export async function viewsOfLecture(userId: string, lectureId: string): Promise<Map<string, number>> {
  const r = await ddb.send(new GetCommand({ TableName: TABLE, Key: keys.lectureViews(userId, lectureId) }));
  return viewCountsOf(r.Item);
}

/** AP58, every lecture of the student: views per video id, by lecture id. */
export async function viewsOfUser(userId: string): Promise<Map<string, Map<string, number>>> {
  const items = await queryAll({
    TableName: TABLE,
    KeyConditionExpression: 'PK = :pk AND begins_with(SK, :sk)',
    ExpressionAttributeValues: { ':pk': keys.user(userId).PK, ':sk': keys.lectureViewsSkPrefix },
  });
  return new Map(items.map((i) => [String(i.lectureId), viewCountsOf(i)]));
}

/** Forgets the counts of one video of the lecture, or of all its videos: how many videos had any. */
export async function resetViews(userId: string, lectureId: string, videoId?: string): Promise<number> {
  const had = (item: Record<string, unknown> | undefined) => [...viewCountsOf(item).values()].filter((n) => n > 0).length;
  if (videoId === undefined) {
    const r = await ddb.send(new DeleteCommand({ TableName: TABLE, Key: keys.lectureViews(userId, lectureId), ReturnValues: 'ALL_OLD' }));
    return had(r.Attributes);
  }
  const name = keys.videoViewsAttribute(videoId);
  try {
    const r = await ddb.send(
      new UpdateCommand({
        TableName: TABLE,
        Key: keys.lectureViews(userId, lectureId),
        UpdateExpression: 'REMOVE #v',
        ConditionExpression: 'attribute_exists(PK)',
        ExpressionAttributeNames: { '#v': name },
        ReturnValues: 'UPDATED_OLD',
      }),
    );
    return typeof r.Attributes?.[name] === 'number' && r.Attributes[name] > 0 ? 1 : 0;
  } catch (e) {
    if (isConditionFailed(e)) return 0;
    throw e;
  }
}
