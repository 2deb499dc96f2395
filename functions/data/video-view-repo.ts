/**
 * A student's views of a lecture's videos (AP58) and their playbacks (AP59, AP60): a playback is
 * what startPlayback issues cookies for, and its view is counted in the same transaction that
 * records it — under the lecture's viewLimit, so no start gets cookies past the limit.
 */
import { DeleteCommand, GetCommand, TransactWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
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
  /** The playback's life: its cookies open the asset until then (epoch ms), and a start until then resumes it. */
  until: number;
  /** The video's seconds when it started (its asset's), for the watched spans' merge. */
  length?: number;
  /** When its view was counted (ISO, its start); absent: not counted (an admin's). */
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

/**
 * AP59 + AP58 in one transaction: the playback, and — when `count` — its view. With `count.seen` the
 * view is counted only if the video's count is still `seen` (the caller checked it against the limit):
 * otherwise nothing is written and false comes back (read the count again). `seen: null` counts
 * without a condition (no limit). Then AP60, the student's latest playback of that asset (the AES
 * key's check), which never shortens an earlier one's reach.
 */
export async function recordPlayback(p: Omit<PlaybackRecord, 'counted'>, count: { seen: number | null } | undefined, now = new Date()): Promise<boolean> {
  const expiresAt = ttlOf(p.until);
  const counted = count ? { counted: now.toISOString() } : {};
  const views = keys.videoViewsAttribute(p.videoId);
  try {
    await ddb.send(
      new TransactWriteCommand({
        TransactItems: [
          { Put: { TableName: TABLE, Item: { ...keys.playback(p.userId, p.playbackId), ...p, ...counted, expiresAt }, ConditionExpression: 'attribute_not_exists(PK)' } },
          ...(count
            ? [
                {
                  Update: {
                    TableName: TABLE,
                    Key: keys.lectureViews(p.userId, p.lectureId),
                    UpdateExpression: 'ADD #v :one SET lectureId = :l, updatedAt = :now',
                    ...(count.seen === null ? {} : { ConditionExpression: count.seen === 0 ? 'attribute_not_exists(#v) OR #v = :seen' : '#v = :seen' }),
                    ExpressionAttributeNames: { '#v': views },
                    ExpressionAttributeValues: { ':one': 1, ':l': p.lectureId, ':now': now.toISOString(), ...(count.seen === null ? {} : { ':seen': count.seen }) },
                  },
                },
              ]
            : []),
        ],
      }),
    );
  } catch (e) {
    if (isConditionFailed(e)) return false;
    throw e;
  }
  await ddb
    .send(
      new UpdateCommand({
        TableName: TABLE,
        Key: keys.playbackOfAsset(p.userId, p.assetId),
        UpdateExpression: 'SET playbackId = :id, #until = :until, expiresAt = :exp',
        ConditionExpression: 'attribute_not_exists(#until) OR #until < :until',
        ExpressionAttributeNames: { '#until': 'until' },
        ExpressionAttributeValues: { ':id': p.playbackId, ':until': p.until, ':exp': expiresAt },
      }),
    )
    .catch((e: unknown) => {
      if (!isConditionFailed(e)) throw e;
    });
  return true;
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

/** AP58 of one lecture: views per video id (`consistent`: read strongly consistent, as a retry of a count must). */
export async function viewsOfLecture(userId: string, lectureId: string, consistent = false): Promise<Map<string, number>> {
  const r = await ddb.send(new GetCommand({ TableName: TABLE, Key: keys.lectureViews(userId, lectureId), ...(consistent ? { ConsistentRead: true } : {}) }));
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
