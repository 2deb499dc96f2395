/**
 * What the teacher sees of account sharing: a student's sign-ins (AP92), the refused devices and
 * taken-over streams (AP93), and the flag those set on the user's own record (sharingAt,
 * flaggedUntil; AP96 lists the users ever flagged).
 */
import { PutCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { ulid } from 'ulid';
import { SHARING_WINDOW_DAYS } from '../../shared/constants';
import type { DeviceLabel, SharingEventKind } from '../../shared/schemas/devices';
import { ddb, TABLE } from './client';
import { queryAll, withoutKeys } from './items';
import { keys } from './keys';
import type { UserRecord } from './user-repo';

const DAY_MS = 86_400_000;
const SIGN_IN_KEPT_DAYS = 90;
const EVENT_KEPT_DAYS = 30;
/** The record keeps this many latest event times: enough to count past the highest threshold. */
const SHARING_TIMES_KEPT = 51;
export const SHARING_WINDOW_MS = SHARING_WINDOW_DAYS * DAY_MS;

export interface SignInRecord extends DeviceLabel {
  at: string;
  ip: string;
}
export interface SharingEventRecord {
  at: string;
  kind: SharingEventKind;
  device?: DeviceLabel;
}

const epochSeconds = (ms: number) => Math.floor(ms / 1000);

/** AP92: a successful sign-in, its address already cut to its first three octets (or groups). */
export async function recordSignIn(userId: string, s: SignInRecord): Promise<void> {
  const at = Date.parse(s.at);
  await ddb.send(new PutCommand({ TableName: TABLE, Item: { ...keys.signIn(userId, s.at, ulid(at)), ...s, expiresAt: epochSeconds(at + SIGN_IN_KEPT_DAYS * DAY_MS) } }));
}

/** AP92: the latest `limit`, newest first. */
export async function signInsOf(userId: string, limit: number): Promise<SignInRecord[]> {
  const r = await ddb.send(
    new QueryCommand({
      TableName: TABLE,
      KeyConditionExpression: 'PK = :pk AND begins_with(SK, :sk)',
      ExpressionAttributeValues: { ':pk': keys.user(userId).PK, ':sk': keys.signInSkPrefix },
      ScanIndexForward: false,
      Limit: limit,
    }),
  );
  return (r.Items ?? []).map((i) => {
    const s = withoutKeys<SignInRecord & { expiresAt?: number }>(i);
    return { at: s.at, name: s.name, kind: s.kind, os: s.os, browser: s.browser, ip: s.ip };
  });
}

/** AP93: events since `since` (ISO), newest first, at most `limit`. */
export async function sharingEventsOf(userId: string, since: string, limit: number): Promise<SharingEventRecord[]> {
  const r = await ddb.send(
    new QueryCommand({
      TableName: TABLE,
      KeyConditionExpression: 'PK = :pk AND SK BETWEEN :from AND :to',
      ExpressionAttributeValues: { ':pk': keys.user(userId).PK, ':from': `${keys.sharingEventSkPrefix}${since}`, ':to': `${keys.sharingEventSkPrefix}\uffff` },
      ScanIndexForward: false,
      Limit: limit,
    }),
  );
  return (r.Items ?? []).map((i) => {
    const d = i.device as DeviceLabel | undefined;
    return { at: String(i.at), kind: i.kind as SharingEventKind, ...(d ? { device: { name: d.name, kind: d.kind, os: d.os, browser: d.browser } } : {}) };
  });
}

/**
 * Until when `times` (epoch ms) flag the account: while more than `threshold` of them lie within the
 * window, i.e. until the oldest of the excess leaves it; undefined when they do not flag it now.
 */
export function flaggedUntilOf(times: number[], threshold: number, now: number): number | undefined {
  const inWindow = times.filter((t) => t > now - SHARING_WINDOW_MS).sort((a, b) => a - b);
  if (inWindow.length <= threshold) return undefined;
  return inWindow[inWindow.length - threshold - 1]! + SHARING_WINDOW_MS;
}

/**
 * AP93 and the record: the event, its time added to the record's latest times, and the flag they
 * set under the teacher's `threshold` now (a flagged user is put on AP96 for the users list's filter).
 * `refusedDevice`: the handle of a refused device, kept as the record's lastRefusal.
 */
export async function recordSharingEvent(user: Pick<UserRecord, 'id' | 'createdAt'>, event: SharingEventRecord, threshold: number, refusedDevice?: string): Promise<void> {
  const at = Date.parse(event.at);
  await ddb.send(new PutCommand({ TableName: TABLE, Item: { ...keys.sharingEvent(user.id, event.at, ulid(at)), ...event, expiresAt: epochSeconds(at + EVENT_KEPT_DAYS * DAY_MS) } }));
  const r = await ddb.send(
    new UpdateCommand({
      TableName: TABLE,
      Key: keys.user(user.id),
      UpdateExpression: `SET sharingAt = list_append(if_not_exists(sharingAt, :none), :t)${refusedDevice ? ', lastRefusal = :r' : ''}`,
      ConditionExpression: 'attribute_exists(PK)',
      ExpressionAttributeValues: { ':none': [], ':t': [at], ...(refusedDevice ? { ':r': { handle: refusedDevice, at: event.at } } : {}) },
      ReturnValues: 'UPDATED_NEW',
    }),
  );
  const times = ((r.Attributes?.sharingAt as number[] | undefined) ?? []).map(Number);
  const until = flaggedUntilOf(times, threshold, at);
  if (until === undefined && times.length <= SHARING_TIMES_KEPT) return;
  const flag = until === undefined ? {} : { ':u': until, ':g': keys.flaggedUsersPk, ':gs': keys.flaggedUser(user.createdAt, user.id).GSI3SK };
  await ddb.send(
    new UpdateCommand({
      TableName: TABLE,
      Key: keys.user(user.id),
      UpdateExpression: `SET sharingAt = :kept${until === undefined ? '' : ', flaggedUntil = :u, GSI3PK = :g, GSI3SK = :gs'}`,
      ConditionExpression: 'attribute_exists(PK)',
      ExpressionAttributeValues: { ':kept': times.slice(-SHARING_TIMES_KEPT), ...flag },
    }),
  );
}

/** AP96: the users flagged now, newest account first. */
export async function flaggedUsers(now: number): Promise<UserRecord[]> {
  const items = await queryAll({
    TableName: TABLE,
    IndexName: 'byLookup',
    KeyConditionExpression: 'GSI3PK = :pk',
    FilterExpression: 'flaggedUntil > :now',
    ExpressionAttributeValues: { ':pk': keys.flaggedUsersPk, ':now': now },
    ScanIndexForward: false,
  });
  return items.map((i) => withoutKeys<UserRecord>(i));
}
