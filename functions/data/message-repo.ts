/**
 * Contact messages (AP18, each also under its student: AP71), their unread counter and read mark
 * (AP37), the per-student send rate (AP38) and the teacher's replies with the student's unread
 * count of them (AP72).
 *
 * - A message's id is a ULID, so AP18's sort key orders them by time (newest first with
 *   ScanIndexForward=false) and "read" is a comparison with the mark: every message whose id is at
 *   or before `readUpTo` is read. A message arriving while the teacher reads stays after the mark.
 * - `unread` on AP37 is kept in the same transaction as each write that changes it (send, delete of
 *   an unread one, the read mark), so the side menu's badge is one GetItem.
 * - A send takes a use of the student's hour and day buckets (AP38, conditional ADD with TTL) in the
 *   same transaction as the message: over either limit nothing is stored.
 */
import { GetCommand, TransactWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { isConditionFailed } from '../lib/errors';
import { ddb, TABLE } from './client';
import { queryAll, withoutKeys } from './items';
import { keys } from './keys';

export interface MessageRecord {
  id: string;
  subject: string;
  message: string;
  /** The sender as they were when they wrote. */
  user: { id: string; firstName: string; lastName: string; email?: string; mobileNumber?: string };
  createdAt: string;
  /** The teacher's replies, oldest first (absent on a message never answered). */
  replies?: MessageReply[];
}

export interface MessageReply {
  text: string;
  createdAt: string;
}

/** A message can carry this many replies (the item stays far below DynamoDB's 400 KB). */
export const MAX_REPLIES = 50;

export interface MessageCounts {
  unread: number;
  /** Id of the newest message the teacher has seen; '' before the first read. */
  readUpTo: string;
}

const SK_PREFIX = 'MESSAGE#';

/** Which limit a refused send hit. */
export type RateLimitHit = 'hour' | 'day';

export interface RateLimits {
  perHour: number;
  perDay: number;
}

/** The AP38 buckets of an instant: the UTC hour and day, each kept a little past its end. */
export function rateBuckets(now: Date) {
  const iso = now.toISOString();
  const hourStart = Date.parse(`${iso.slice(0, 13)}:00:00.000Z`);
  const dayStart = Date.parse(`${iso.slice(0, 10)}T00:00:00.000Z`);
  return {
    hour: { bucket: `HOUR#${iso.slice(0, 13)}`, expiresAt: Math.floor(hourStart / 1000) + 2 * 3600 },
    day: { bucket: `DAY#${iso.slice(0, 10)}`, expiresAt: Math.floor(dayStart / 1000) + 2 * 86400 },
  };
}

/**
 * AP18 + AP37 + AP38 in one transaction: the message, unread + 1, and a use of the sender's hour
 * and day buckets, each conditional on being under its limit. Over a limit → `{ refused }` and
 * nothing written.
 */
export async function putMessage(m: MessageRecord, limits: RateLimits, now = new Date()): Promise<{ refused?: RateLimitHit }> {
  const b = rateBuckets(now);
  const use = (bucket: string, expiresAt: number, max: number) => ({
    Update: {
      TableName: TABLE,
      Key: keys.contactRate(m.user.id, bucket),
      UpdateExpression: 'SET expiresAt = if_not_exists(expiresAt, :exp) ADD #n :one',
      ConditionExpression: 'attribute_not_exists(#n) OR #n < :max',
      ExpressionAttributeNames: { '#n': 'n' },
      ExpressionAttributeValues: { ':exp': expiresAt, ':one': 1, ':max': max },
    },
  });
  try {
    await ddb.send(
      new TransactWriteCommand({
        TransactItems: [
          { Put: { TableName: TABLE, Item: { ...keys.message(m.id), ...keys.messageOfStudent(m.user.id, m.id), ...m }, ConditionExpression: 'attribute_not_exists(PK)' } },
          { Update: { TableName: TABLE, Key: keys.messageCounts(), UpdateExpression: 'ADD unread :one', ExpressionAttributeValues: { ':one': 1 } } },
          use(b.hour.bucket, b.hour.expiresAt, limits.perHour),
          use(b.day.bucket, b.day.expiresAt, limits.perDay),
        ],
      }),
    );
    return {};
  } catch (e) {
    if (!isConditionFailed(e)) throw e;
    const reasons = (e as { CancellationReasons?: { Code?: string }[] }).CancellationReasons;
    return { refused: reasons?.[2]?.Code === 'ConditionalCheckFailed' ? 'hour' : 'day' };
  }
}

/** AP37: the counter and the read mark. */
export async function messageCounts(): Promise<MessageCounts> {
  const r = await ddb.send(new GetCommand({ TableName: TABLE, Key: keys.messageCounts(), ConsistentRead: true }));
  return { unread: Math.max(0, Number(r.Item?.unread ?? 0)), readUpTo: String(r.Item?.readUpTo ?? '') };
}

/** AP18: newest first; with `after`, only those whose id sorts after it. */
export async function messagesNewestFirst(after = ''): Promise<MessageRecord[]> {
  const items = await queryAll({
    TableName: TABLE,
    KeyConditionExpression: after ? 'PK = :pk AND SK > :after' : 'PK = :pk AND begins_with(SK, :sk)',
    ExpressionAttributeValues: after ? { ':pk': keys.messagesPk, ':after': `${SK_PREFIX}${after}` } : { ':pk': keys.messagesPk, ':sk': SK_PREFIX },
    ScanIndexForward: false,
  });
  return items.map((i) => withoutKeys<MessageRecord>(i));
}

/** AP18 */
export async function messageById(id: string): Promise<MessageRecord | undefined> {
  const r = await ddb.send(new GetCommand({ TableName: TABLE, Key: keys.message(id) }));
  return r.Item ? withoutKeys<MessageRecord>(r.Item) : undefined;
}

/**
 * Deletes a message; an unread one (after the mark) lowers the counter in the same transaction.
 * If the mark moved past it meanwhile, the counter is left alone. false when it was not there.
 */
export async function deleteMessage(id: string): Promise<boolean> {
  const del = { Delete: { TableName: TABLE, Key: keys.message(id), ConditionExpression: 'attribute_exists(PK)' } };
  try {
    await ddb.send(
      new TransactWriteCommand({
        TransactItems: [
          del,
          {
            Update: {
              TableName: TABLE,
              Key: keys.messageCounts(),
              UpdateExpression: 'ADD unread :minus',
              ConditionExpression: 'unread > :zero AND (attribute_not_exists(readUpTo) OR readUpTo < :id)',
              ExpressionAttributeValues: { ':minus': -1, ':zero': 0, ':id': id },
            },
          },
        ],
      }),
    );
    return true;
  } catch (e) {
    if (!isConditionFailed(e)) throw e;
    const reasons = (e as { CancellationReasons?: { Code?: string }[] }).CancellationReasons;
    if (reasons?.[0]?.Code === 'ConditionalCheckFailed') return false;
  }
  // The message was read (or the counter already 0): delete it alone.
  try {
    await ddb.send(new TransactWriteCommand({ TransactItems: [del] }));
    return true;
  } catch (e) {
    if (isConditionFailed(e)) return false;
    throw e;
  }
}

/**
 * Moves the read mark to the newest message there is and lowers the counter by the messages it
 * passed (so one arriving meanwhile stays unread and counted). Conditional on the mark read, so two
 * teachers reading at once never subtract twice. Returns the unread count after.
 */
export async function markAllRead(): Promise<number> {
  for (let attempt = 0; attempt < 5; attempt++) {
    const counts = await messageCounts();
    const newer = await messagesNewestFirst(counts.readUpTo);
    const newest = newer[0];
    if (!newest) return counts.unread;
    try {
      const r = await ddb.send(
        new UpdateCommand({
          TableName: TABLE,
          Key: keys.messageCounts(),
          UpdateExpression: 'SET readUpTo = :mark, unread = if_not_exists(unread, :zero) - :n',
          ConditionExpression: counts.readUpTo ? 'readUpTo = :old' : 'attribute_not_exists(readUpTo)',
          ExpressionAttributeValues: { ':mark': newest.id, ':zero': 0, ':n': newer.length, ...(counts.readUpTo ? { ':old': counts.readUpTo } : {}) },
          ReturnValues: 'ALL_NEW',
        }),
      );
      const unread = Number(r.Attributes?.unread ?? 0);
      if (unread < 0) {
        // A delete may have lowered the counter for a message this mark also passed: never show below 0.
        await ddb.send(new UpdateCommand({ TableName: TABLE, Key: keys.messageCounts(), UpdateExpression: 'SET unread = :zero', ConditionExpression: 'unread < :zero', ExpressionAttributeValues: { ':zero': 0 } })).catch(() => undefined);
        return 0;
      }
      return unread;
    } catch (e) {
      if (!isConditionFailed(e)) throw e;
    }
  }
  return (await messageCounts()).unread;
}

/**
 * AP18 + AP72 in one transaction: the reply appended to the message (which joins its student's
 * AP71 list, for messages sent before it) and the student's unread replies + 1. undefined when the
 * message is not there; 'full' at MAX_REPLIES.
 */
export async function addReply(id: string, reply: MessageReply): Promise<MessageRecord | 'full' | undefined> {
  const m = await messageById(id);
  if (!m) return undefined;
  try {
    await ddb.send(
      new TransactWriteCommand({
        TransactItems: [
          {
            Update: {
              TableName: TABLE,
              Key: keys.message(id),
              UpdateExpression: 'SET replies = list_append(if_not_exists(replies, :none), :reply), GSI2PK = :gpk, GSI2SK = :gsk',
              ConditionExpression: 'attribute_exists(PK) AND (attribute_not_exists(replies) OR size(replies) < :max)',
              ExpressionAttributeValues: { ':none': [], ':reply': [reply], ':max': MAX_REPLIES, ...prefixed(keys.messageOfStudent(m.user.id, id)) },
            },
          },
          { Update: { TableName: TABLE, Key: keys.repliesUnread(m.user.id), UpdateExpression: 'ADD unread :one', ExpressionAttributeValues: { ':one': 1 } } },
        ],
      }),
    );
  } catch (e) {
    if (!isConditionFailed(e)) throw e;
    return (await messageById(id)) ? 'full' : undefined;
  }
  return { ...m, replies: [...(m.replies ?? []), reply] };
}

const prefixed = (k: { GSI2PK: string; GSI2SK: string }) => ({ ':gpk': k.GSI2PK, ':gsk': k.GSI2SK });

/** AP71: the student's messages, newest first. */
export async function messagesOfStudent(userId: string): Promise<MessageRecord[]> {
  const items = await queryAll({
    TableName: TABLE,
    IndexName: 'byTerm',
    KeyConditionExpression: 'GSI2PK = :pk',
    ExpressionAttributeValues: { ':pk': keys.messagesOfStudentPk(userId) },
    ScanIndexForward: false,
  });
  return items.map((i) => withoutKeys<MessageRecord>(i));
}

/** AP72: the replies the student has not seen. */
export async function unreadReplies(userId: string): Promise<number> {
  const r = await ddb.send(new GetCommand({ TableName: TABLE, Key: keys.repliesUnread(userId) }));
  return Math.max(0, Number(r.Item?.unread ?? 0));
}

/** AP72: the student has seen every reply. */
export async function markRepliesRead(userId: string): Promise<void> {
  await ddb.send(new UpdateCommand({ TableName: TABLE, Key: keys.repliesUnread(userId), UpdateExpression: 'SET unread = :zero', ExpressionAttributeValues: { ':zero': 0 } }));
}
