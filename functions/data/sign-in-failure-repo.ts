import { DeleteCommand, GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { isConditionFailed } from '../lib/errors';
import { ddb, TABLE } from './client';
import { keys } from './keys';

const nowSeconds = () => Math.floor(Date.now() / 1000);

/** AP28: failed sign-ins of an identifier in its current window (0 once the window has passed). */
export async function signInFailures(identifier: string, now = nowSeconds()): Promise<number> {
  const r = await ddb.send(new GetCommand({ TableName: TABLE, Key: keys.signInFailures(identifier) }));
  if (!r.Item || Number(r.Item.expiresAt) <= now) return 0;
  return Number(r.Item.failures ?? 0);
}

/** AP28: one more failure; a window that has passed (TTL is lazy) starts again at 1. */
export async function recordSignInFailure(identifier: string, windowSeconds: number, now = nowSeconds()): Promise<void> {
  const Key = keys.signInFailures(identifier);
  try {
    await ddb.send(
      new UpdateCommand({
        TableName: TABLE,
        Key,
        UpdateExpression: 'SET expiresAt = if_not_exists(expiresAt, :exp) ADD failures :one',
        ConditionExpression: 'attribute_not_exists(PK) OR expiresAt > :now',
        ExpressionAttributeValues: { ':exp': now + windowSeconds, ':one': 1, ':now': now },
      }),
    );
  } catch (e) {
    if (!isConditionFailed(e)) throw e;
    await ddb.send(new PutCommand({ TableName: TABLE, Item: { ...Key, failures: 1, expiresAt: now + windowSeconds } }));
  }
}

/** AP28 */
export async function clearSignInFailures(identifier: string): Promise<void> {
  await ddb.send(new DeleteCommand({ TableName: TABLE, Key: keys.signInFailures(identifier) }));
}
