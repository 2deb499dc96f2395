import { DeleteCommand, GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { isConditionFailed } from '../lib/errors';
import { ddb, TABLE } from './client';
import { keys } from './keys';

/** How an account's sign-in attempts are ruled (functions/auth/sign-in-throttle.ts sets them). */
export interface AttemptRules {
  /** Failures that may be tried at once (even in parallel) before the delays begin. */
  free: number;
  /** While an attempt beyond the free ones is being checked, later attempts wait this long at most. */
  leaseMs: number;
  /** The failures are forgotten this long after the last attempt. */
  memorySeconds: number;
}

/** AP28's account: the user (e-mail and phone are one), or the identifier no user has. */
export const signInAccount = { ofUser: keys.signInAccountOfUser, ofIdentifier: keys.signInAccountOfIdentifier };

export type Claim = { ok: true; attempts: number } | { ok: false; retryAt: number };

/**
 * AP28: takes the next attempt of an account before its password is checked (one atomic ADD), so
 * parallel guesses cannot all read "no failures yet". It is granted while the account is within its
 * free attempts or its delay has passed; a granted attempt counts as a failure until `settle…`
 * says otherwise, and holds the next ones back (`leaseMs`) until it is settled.
 */
export async function claimSignInAttempt(account: string, rules: AttemptRules, now = Date.now()): Promise<Claim> {
  const Key = keys.signInAttempts(account);
  const values = { ':one': 1, ':lease': now + rules.leaseMs, ':exp': Math.floor(now / 1000) + rules.memorySeconds };
  for (let round = 0; round < 4; round++) {
    try {
      const r = await ddb.send(
        new UpdateCommand({
          TableName: TABLE,
          Key,
          UpdateExpression: 'ADD attempts :one SET nextAllowedAt = :lease, expiresAt = :exp',
          ConditionExpression: 'attribute_not_exists(PK) OR (expiresAt > :nowS AND (attempts < :free OR nextAllowedAt <= :now))',
          ExpressionAttributeValues: { ...values, ':nowS': Math.floor(now / 1000), ':free': rules.free, ':now': now },
          ReturnValues: 'ALL_NEW',
        }),
      );
      return { ok: true, attempts: Number(r.Attributes?.attempts) };
    } catch (e) {
      if (!isConditionFailed(e)) throw e;
    }
    const current = (await ddb.send(new GetCommand({ TableName: TABLE, Key, ConsistentRead: true }))).Item;
    if (!current) continue; // cleared meanwhile: take it afresh
    if (Number(current.expiresAt) * 1000 > now) return { ok: false, retryAt: Number(current.nextAllowedAt) };
    // Forgotten (TTL deletes lazily): start again at 1, unless another attempt restarted it first.
    try {
      await ddb.send(
        new PutCommand({
          TableName: TABLE,
          Item: { ...Key, attempts: 1, nextAllowedAt: values[':lease'], expiresAt: values[':exp'] },
          ConditionExpression: 'attribute_not_exists(PK) OR expiresAt <= :nowS',
          ExpressionAttributeValues: { ':nowS': Math.floor(now / 1000) },
        }),
      );
      return { ok: true, attempts: 1 };
    } catch (e) {
      if (!isConditionFailed(e)) throw e;
    }
  }
  return { ok: false, retryAt: now + 1000 };
}

/** AP28: the claimed attempt failed; the next may come at `nextAllowedAt` (unless a later attempt has been claimed since). */
export async function settleFailedSignIn(account: string, attempts: number, nextAllowedAt: number): Promise<void> {
  try {
    await ddb.send(
      new UpdateCommand({
        TableName: TABLE,
        Key: keys.signInAttempts(account),
        UpdateExpression: 'SET nextAllowedAt = :t',
        ConditionExpression: 'attempts = :k',
        ExpressionAttributeValues: { ':t': nextAllowedAt, ':k': attempts },
      }),
    );
  } catch (e) {
    if (!isConditionFailed(e)) throw e;
  }
}

/** AP28: the owner got in (or reset the password): the account starts afresh. */
export async function clearSignInAttempts(account: string): Promise<void> {
  await ddb.send(new DeleteCommand({ TableName: TABLE, Key: keys.signInAttempts(account) }));
}
