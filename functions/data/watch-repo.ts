/**
 * A student's watching of each video (AP100): the merged bitmap of seconds and its figures. A report
 * reads the item (consistent), merges in memory and Puts it back on condition its version is still the
 * one read; two reports racing (two tabs) make the later read again. The teacher's figures Query every
 * watcher of a video (AP101); the student page reads a student's all (AP102). The seconds a report newly
 * sets are added to the Cairo day's total (AP116) in the same transaction: counted once, whatever repeats.
 */
import { GetCommand, PutCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { cairoDay } from '../../shared/calendar';
import { emptyWatched, isCompleted, mergeSpans, type Span, type Watched } from '../../shared/watched-seconds';
import { Conflict, isConditionFailed } from '../lib/errors';
import { ddb, TABLE } from './client';
import { queryAll, withoutKeys } from './items';
import { keys } from './keys';

export interface WatchRecord {
  userId: string;
  lectureId: string;
  videoId: string;
  /** The video's seconds, when its asset knows them. */
  length?: number;
  seconds: number;
  furthest: number;
  completed: boolean;
  /** ISO, the latest report. */
  lastAt: string;
  bits: Uint8Array;
}

const toRecord = (item: Record<string, unknown>): WatchRecord & { v: number } => {
  const r = withoutKeys<WatchRecord & { v: number; GSI1PK?: string; GSI1SK?: string }>(item);
  const { GSI1PK: _p, GSI1SK: _s, ...rest } = r;
  return { ...rest, bits: item.bits instanceof Uint8Array ? item.bits : new Uint8Array(0) };
};

/** AP100 */
export async function watchOf(userId: string, videoId: string, consistent = false): Promise<(WatchRecord & { v: number }) | undefined> {
  const r = await ddb.send(new GetCommand({ TableName: TABLE, Key: keys.watch(userId, videoId), ...(consistent ? { ConsistentRead: true } : {}) }));
  return r.Item ? toRecord(r.Item) : undefined;
}

/** The AP100 key of a student's watching of a video (to read along with a lecture open). */
export const watchKeyOf = (userId: string, videoId: string) => keys.watch(userId, videoId);
export const toWatchRecord = (item: Record<string, unknown> | undefined) => (item ? toRecord(item) : undefined);

const TRIES = 5;
/** A day's watch time is kept this long (the parent's report reads 8 weeks; a year's figures stay). */
const WATCH_DAY_KEPT_DAYS = 400;

/**
 * Merges the spans into the student's watching of the video: one conditional Put (retried on a
 * concurrent report). `was`: the item as already read, if it was. Answers the record as written.
 */
export async function addWatched(
  target: { userId: string; lectureId: string; videoId: string; length?: number },
  spans: readonly Span[],
  now: Date,
  was?: (WatchRecord & { v: number }) | null,
): Promise<WatchRecord> {
  let current = was === undefined ? await watchOf(target.userId, target.videoId, true) : (was ?? undefined);
  for (let i = 0; i < TRIES; i++) {
    const before: Watched = current ? { bits: current.bits, seconds: current.seconds, furthest: current.furthest } : emptyWatched();
    const length = target.length ?? current?.length;
    const merged = mergeSpans(before, spans, length);
    const record: WatchRecord = { userId: target.userId, lectureId: target.lectureId, videoId: target.videoId, ...(length ? { length } : {}), ...merged, completed: isCompleted(merged.seconds, length), lastAt: now.toISOString() };
    const put = {
      TableName: TABLE,
      Item: { ...keys.watch(target.userId, target.videoId), ...keys.watcherOfVideo(target.videoId, target.userId), ...record, v: (current?.v ?? 0) + 1 },
      ...(current ? { ConditionExpression: 'v = :v', ExpressionAttributeValues: { ':v': current.v } } : { ConditionExpression: 'attribute_not_exists(PK)' }),
    };
    const added = merged.seconds - before.seconds;
    try {
      if (added > 0) await ddb.send(new TransactWriteCommand({ TransactItems: [{ Put: put }, { Update: watchDayAdd(target.userId, now, added) }] }));
      else await ddb.send(new PutCommand(put));
      return record;
    } catch (e) {
      // Another report of this video (a new version), or of another video at once on the same day's item: read again.
      if (!isConditionFailed(e) && !(e instanceof Error && e.name === 'TransactionCanceledException' && /TransactionConflict/.test(e.message))) throw e;
      current = await watchOf(target.userId, target.videoId, true);
    }
  }
  throw new Conflict('This video is reporting from elsewhere at the same moment; try again', 'conflict');
}

/** AP116: ADD the seconds to the student's Cairo day of `now`. */
function watchDayAdd(userId: string, now: Date, seconds: number) {
  return {
    TableName: TABLE,
    Key: keys.watchDay(userId, cairoDay(now)),
    UpdateExpression: 'ADD seconds :n SET expiresAt = :ttl',
    ExpressionAttributeValues: { ':n': seconds, ':ttl': Math.floor(now.getTime() / 1000) + WATCH_DAY_KEPT_DAYS * 86_400 },
  };
}

/** AP116: the student's seconds watched on each Cairo day from `from` to `to` (YYYY-MM-DD, both included; days without any absent). */
export async function watchDaysOf(userId: string, from: string, to: string): Promise<Map<string, number>> {
  const items = await queryAll({
    TableName: TABLE,
    KeyConditionExpression: 'PK = :pk AND SK BETWEEN :from AND :to',
    ExpressionAttributeValues: { ':pk': keys.watchDay(userId, from).PK, ':from': keys.watchDay(userId, from).SK, ':to': keys.watchDay(userId, to).SK },
  });
  return new Map(items.map((i) => [String(i.SK).slice(keys.watchDay(userId, '').SK.length), Number(i.seconds ?? 0)]));
}

/** AP101: every student's watching of a video. */
export async function watchersOfVideo(videoId: string): Promise<WatchRecord[]> {
  const items = await queryAll({ TableName: TABLE, IndexName: 'byParent', KeyConditionExpression: 'GSI1PK = :pk', ExpressionAttributeValues: { ':pk': keys.watchersOfVideoPk(videoId) } });
  return items.map(toRecord);
}

/** AP102: a student's watching of every video (without the bitmaps). */
export async function watchingOfUser(userId: string): Promise<Omit<WatchRecord, 'bits'>[]> {
  const items = await queryAll({
    TableName: TABLE,
    KeyConditionExpression: 'PK = :pk AND begins_with(SK, :sk)',
    ProjectionExpression: 'userId, lectureId, videoId, #l, seconds, furthest, completed, lastAt',
    ExpressionAttributeNames: { '#l': 'length' },
    ExpressionAttributeValues: { ':pk': keys.user(userId).PK, ':sk': keys.watchSkPrefix },
  });
  return items.map((i) => withoutKeys<Omit<WatchRecord, 'bits'>>(i));
}
