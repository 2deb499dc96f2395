import { GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { isConditionFailed } from '../lib/errors';
import { ddb, TABLE } from './client';
import { keys } from './keys';

/** A count in its window: how many so far, and when the window closes (epoch ms). */
export interface WindowCount {
  count: number;
  endsAt: number;
}

/**
 * AP50: adds one to what's count for `subject` and answers the count after it, atomically (ADD with
 * ReturnValues), so parallel callers each see their own number. A window opens at its first count
 * and lasts `windowSeconds`; after it closes the next count opens a new one.
 */
export async function countInWindow(what: string, subject: string, windowSeconds: number, now = Date.now()): Promise<WindowCount> {
  const Key = keys.attemptWindow(what, subject);
  const endsAt = now + windowSeconds * 1000;
  for (let round = 0; round < 4; round++) {
    try {
      const r = await ddb.send(
        new UpdateCommand({
          TableName: TABLE,
          Key,
          UpdateExpression: 'ADD n :one SET endsAt = if_not_exists(endsAt, :end), expiresAt = if_not_exists(expiresAt, :exp)',
          ConditionExpression: 'attribute_not_exists(PK) OR endsAt > :now',
          ExpressionAttributeValues: { ':one': 1, ':end': endsAt, ':exp': Math.ceil(endsAt / 1000), ':now': now },
          ReturnValues: 'ALL_NEW',
        }),
      );
      return { count: Number(r.Attributes?.n), endsAt: Number(r.Attributes?.endsAt) };
    } catch (e) {
      if (!isConditionFailed(e)) throw e;
    }
    // The window has closed (TTL deletes lazily): open the next one, unless another caller just did.
    try {
      await ddb.send(
        new PutCommand({
          TableName: TABLE,
          Item: { ...Key, n: 1, endsAt, expiresAt: Math.ceil(endsAt / 1000) },
          ConditionExpression: 'attribute_not_exists(PK) OR endsAt <= :now',
          ExpressionAttributeValues: { ':now': now },
        }),
      );
      return { count: 1, endsAt };
    } catch (e) {
      if (!isConditionFailed(e)) throw e;
    }
  }
  throw new Error(`AP50 ${what}: the window kept changing`);
}

/** AP50: gives back one count of the current window (a counted attempt that turned out right). */
export async function uncountInWindow(what: string, subject: string, now = Date.now()): Promise<void> {
  try {
    await ddb.send(
      new UpdateCommand({
        TableName: TABLE,
        Key: keys.attemptWindow(what, subject),
        UpdateExpression: 'ADD n :minus',
        ConditionExpression: 'endsAt > :now AND n > :zero',
        ExpressionAttributeValues: { ':minus': -1, ':now': now, ':zero': 0 },
      }),
    );
  } catch (e) {
    if (!isConditionFailed(e)) throw e;
  }
}

/** AP50: the count of the current window without adding to it (0 once it has closed). */
export async function windowCount(what: string, subject: string, now = Date.now()): Promise<WindowCount> {
  const r = await ddb.send(new GetCommand({ TableName: TABLE, Key: keys.attemptWindow(what, subject), ConsistentRead: true }));
  if (!r.Item || Number(r.Item.endsAt) <= now) return { count: 0, endsAt: now };
  return { count: Number(r.Item.n), endsAt: Number(r.Item.endsAt) };
}
