/**
 * A student's devices (AP91), counted on their record (deviceCount, deviceRemovedAt), and the
 * one-time tokens that let a refused sign-in remove one (AP94). The limit holds in one transaction:
 * two new devices at once cannot both pass it.
 */
import { BatchWriteCommand, GetCommand, PutCommand, QueryCommand, TransactWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { DeviceLabel } from '../../shared/schemas/devices';
import { isConditionFailed } from '../lib/errors';
import { ddb, TABLE } from './client';
import { withoutKeys, type TransactItem } from './items';
import { keys } from './keys';
import type { SessionEndReason } from './user-repo';

export interface DeviceRecord extends DeviceLabel {
  /** The handle: base64url(SHA-256(the web's device id)), 22 characters. */
  id: string;
  firstSeenAt: string;
  lastSeenAt: string;
  /** The sessions (ID token jti) signed in from this device that may still be live. */
  jtis: string[];
}

const toDevice = (item: Record<string, unknown>): DeviceRecord => {
  const d = withoutKeys<DeviceRecord>(item);
  return { id: d.id, name: d.name, kind: d.kind, os: d.os, browser: d.browser, firstSeenAt: d.firstSeenAt, lastSeenAt: d.lastSeenAt, jtis: d.jtis ?? [] };
};

const reasonsOf = (e: unknown): string[] => ((e as { CancellationReasons?: { Code?: string }[] }).CancellationReasons ?? []).map((r) => r?.Code ?? 'None');
const isCancelled = (e: unknown) => e instanceof Error && e.name === 'TransactionCanceledException';

/** A transaction that meets another write of the same record at that moment is cancelled (TransactionConflict): it is tried again shortly. */
async function transact(items: TransactItem[]): Promise<{ ok: true } | { ok: false; failed: number[] }> {
  for (let attempt = 1; ; attempt++) {
    try {
      await ddb.send(new TransactWriteCommand({ TransactItems: items }));
      return { ok: true };
    } catch (e) {
      if (!isCancelled(e)) throw e;
      const reasons = reasonsOf(e);
      const failed = reasons.flatMap((r, i) => (r === 'ConditionalCheckFailed' ? [i] : []));
      if (failed.length) return { ok: false, failed };
      if (attempt >= 6) throw e;
      await new Promise((r) => setTimeout(r, 15 * attempt + Math.random() * 20));
    }
  }
}

/** AP91: the user's devices, first seen first. */
export async function devicesOfUser(userId: string): Promise<DeviceRecord[]> {
  const r = await ddb.send(
    new QueryCommand({
      TableName: TABLE,
      KeyConditionExpression: 'PK = :pk AND begins_with(SK, :sk)',
      ExpressionAttributeValues: { ':pk': keys.user(userId).PK, ':sk': keys.deviceSkPrefix },
      ConsistentRead: true,
    }),
  );
  return (r.Items ?? []).map(toDevice).sort((a, b) => a.firstSeenAt.localeCompare(b.firstSeenAt));
}

/** AP91 */
export async function deviceOf(userId: string, handle: string): Promise<DeviceRecord | undefined> {
  const r = await ddb.send(new GetCommand({ TableName: TABLE, Key: keys.device(userId, handle), ConsistentRead: true }));
  return r.Item ? toDevice(r.Item) : undefined;
}

/**
 * A new device, with the record's deviceCount + 1, in one transaction: only while the count is under
 * `limit` (null: no limit, an admin) and the user is not blocked. 'known': the device was recorded
 * meanwhile (the same device twice at once); 'refused': the limit or a block said no.
 */
export async function addDevice(userId: string, device: DeviceRecord, limit: number | null): Promise<'added' | 'known' | 'refused'> {
  const underLimit = limit === null ? '' : ' AND (attribute_not_exists(deviceCount) OR deviceCount < :limit)';
  const r = await transact([
    { Put: { TableName: TABLE, Item: { ...keys.device(userId, device.id), ...device }, ConditionExpression: 'attribute_not_exists(PK)' } },
    {
      Update: {
        TableName: TABLE,
        Key: keys.user(userId),
        UpdateExpression: 'SET deviceCount = if_not_exists(deviceCount, :zero) + :one',
        ConditionExpression: `attribute_exists(PK) AND (attribute_not_exists(#b) OR #b <> :blocked)${underLimit}`,
        ExpressionAttributeNames: { '#b': 'block' },
        ExpressionAttributeValues: { ':zero': 0, ':one': 1, ':blocked': true, ...(limit === null ? {} : { ':limit': limit }) },
      },
    },
  ]);
  if (r.ok) return 'added';
  return r.failed.includes(0) ? 'known' : 'refused';
}

/** AP91: a known device seen again (its name as the browser now says it, its live sessions); false when it was removed meanwhile. */
export async function touchDevice(userId: string, handle: string, label: DeviceLabel, jtis: string[], at: string): Promise<boolean> {
  try {
    await ddb.send(
      new UpdateCommand({
        TableName: TABLE,
        Key: keys.device(userId, handle),
        UpdateExpression: 'SET lastSeenAt = :at, #n = :n, kind = :k, os = :os, browser = :b, jtis = :j',
        ConditionExpression: 'attribute_exists(PK)',
        ExpressionAttributeNames: { '#n': 'name' },
        ExpressionAttributeValues: { ':at': at, ':n': label.name, ':k': label.kind, ':os': label.os, ':b': label.browser, ':j': jtis },
      }),
    );
    return true;
  } catch (e) {
    if (isConditionFailed(e)) return false;
    throw e;
  }
}

/**
 * One device removed, in one transaction: the device, the record's count − 1, `removedAt` written
 * as deviceRemovedAt, the sessions left (its own ended, `reason` told them), and the removal token
 * when one is used (gone: used already). `notSince`: only when no device was removed after that
 * moment (the once-per-period rule; the admin's reset has none). The part that said no, if any.
 */
export async function removeDevice(
  userId: string,
  handle: string,
  change: { sessions: string[]; reason?: SessionEndReason; removedAt: string; notSince: string; tokenHash?: string },
): Promise<'removed' | 'gone' | 'tooSoon' | 'tokenUsed'> {
  const items: TransactItem[] = [
    { Delete: { TableName: TABLE, Key: keys.device(userId, handle), ConditionExpression: 'attribute_exists(PK)' } },
    {
      Update: {
        TableName: TABLE,
        Key: keys.user(userId),
        UpdateExpression: `SET deviceCount = if_not_exists(deviceCount, :one) - :one, deviceRemovedAt = :at, sessions = :s${change.reason ? ', sessionEndReason = :r' : ''}`,
        ConditionExpression: 'attribute_exists(PK) AND (attribute_not_exists(deviceRemovedAt) OR deviceRemovedAt <= :since)',
        ExpressionAttributeValues: { ':one': 1, ':at': change.removedAt, ':s': change.sessions, ':since': change.notSince, ...(change.reason ? { ':r': change.reason } : {}) },
      },
    },
    ...(change.tokenHash ? [{ Delete: { TableName: TABLE, Key: keys.deviceRemovalToken(change.tokenHash), ConditionExpression: 'attribute_exists(PK)' } }] : []),
  ];
  const r = await transact(items);
  if (r.ok) return 'removed';
  if (r.failed.includes(2)) return 'tokenUsed';
  if (r.failed.includes(0)) return 'gone';
  return 'tooSoon';
}

/** The teacher's reset: every device deleted, the count and the removal period cleared, every session ended. The number removed. */
export async function resetDevices(userId: string, reason: SessionEndReason): Promise<number> {
  const devices = await devicesOfUser(userId);
  for (let i = 0; i < devices.length; i += 25) {
    await ddb.send(new BatchWriteCommand({ RequestItems: { [TABLE]: devices.slice(i, i + 25).map((d) => ({ DeleteRequest: { Key: keys.device(userId, d.id) } })) } }));
  }
  await ddb.send(
    new UpdateCommand({
      TableName: TABLE,
      Key: keys.user(userId),
      UpdateExpression: 'SET deviceCount = :zero, sessions = :none, sessionEndReason = :r REMOVE deviceRemovedAt',
      ConditionExpression: 'attribute_exists(PK)',
      ExpressionAttributeValues: { ':zero': 0, ':none': [], ':r': reason },
    }),
  );
  return devices.length;
}

/** AP94: a removal token (its hash) bound to the user until `expiresAt` (epoch seconds; the table's TTL). */
export async function putRemovalToken(tokenHash: string, userId: string, expiresAt: number): Promise<void> {
  await ddb.send(new PutCommand({ TableName: TABLE, Item: { ...keys.deviceRemovalToken(tokenHash), userId, expiresAt }, ConditionExpression: 'attribute_not_exists(PK)' }));
}

/** AP94: the user a live token is bound to (an expired one counts as absent; it is taken in removeDevice's transaction). */
export async function userOfRemovalToken(tokenHash: string, nowSeconds: number): Promise<string | undefined> {
  const r = await ddb.send(new GetCommand({ TableName: TABLE, Key: keys.deviceRemovalToken(tokenHash), ConsistentRead: true }));
  return r.Item && Number(r.Item.expiresAt) > nowSeconds ? String(r.Item.userId) : undefined;
}
