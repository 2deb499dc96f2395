import { BatchWriteCommand, GetCommand, QueryCommand, TransactWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { Locale, Role, SchoolYear } from '../../shared/constants';
import type { User } from '../../shared/schemas/auth';
import { Conflict, isConditionFailed } from '../lib/errors';
import { ddb, TABLE } from './client';
import type { SkRange } from '../lib/http';
import { cancellationReasons, getItems, itemId, queryAll, rangeId, type TransactItem, withoutKeys, writeAll } from './items';
import { type Key, keys } from './keys';
import {
  addToHeadCounts,
  newUserHeadCounts,
  SEARCH_INDEXED_MARK,
  searchIndexChanges,
  searchIndexPuts,
  searchIndexReady,
} from './user-search-repo';

export type SessionEndReason = 'logout' | 'elsewhere' | 'password' | 'reset' | 'deleted' | 'blocked' | 'deviceRemoved';

/** The user's record: the server's truth for role, block and which sessions are live. */
export interface UserRecord {
  id: string;
  email: string;
  firstName: string;
  lastName: string;
  mobileNumber?: string;
  schooleYear?: SchoolYear;
  /** The language of the user's mails, from the sign-up (absent: English). */
  locale?: Locale;
  role: Role;
  block: boolean;
  activated: boolean;
  provider: 'cognito' | 'google';
  /** The pool's username when it is not the e-mail: a Google user's `cognito:username` (Google_…), for block and delete. */
  poolUsername?: string;
  createdAt: string;
  /** jti of every ID token that may still be used; a token not listed gets 401. */
  sessions: string[];
  sessionEndReason?: SessionEndReason;
  /** Last successful sign-in (password or Google). */
  lastSignInAt?: string;
  /** The latest sign-in or watching (AP103). */
  lastActiveAt?: string;
  /** How many devices are recorded (AP91; absent: none yet), and when one was last removed (the once-per-period rule). */
  deviceCount?: number;
  deviceRemovedAt?: string;
  /** The latest refused devices and taken-over streams (epoch ms), and until when they flag the account (data/sharing-repo.ts). */
  sharingAt?: number[];
  flaggedUntil?: number;
  /** The latest refused device: the same device refused again within a day is not another event. */
  lastRefusal?: { handle: string; at: string };
}

/** AP1 */
export async function userById(id: string): Promise<UserRecord | undefined> {
  const r = await ddb.send(new GetCommand({ TableName: TABLE, Key: keys.user(id) }));
  return r.Item ? withoutKeys<UserRecord>(r.Item) : undefined;
}

/**
 * The user's record and other items of theirs in one BatchGetItem (`consistent`: strongly): the session
 * gate's read with the items a route reads along (lib/http.ts readsAlong), by "PK|SK" (undefined where missing).
 */
export async function userWithItems(id: string, also: Key[], consistent: boolean): Promise<{ user?: UserRecord; also: Map<string, Record<string, unknown> | undefined> }> {
  const [user, ...rest] = await getItems([keys.user(id), ...also], { consistent });
  return { user: user && withoutKeys<UserRecord>(user), also: new Map(also.map((k, i) => [itemId(k), rest[i]])) };
}

/**
 * AP62-style: the user's record and every item of theirs whose sort key lies in `range` (which must
 * hold PROFILE) in one Query, with any `also` keys in one BatchGetItem beside it: the session gate's
 * read for a route that lists the caller's items (lib/http.ts readsAlong { range }). The map holds
 * them all by "PK|SK", `also` keys undefined where missing, and marks the range as read whole.
 */
export async function userWithRange(id: string, range: SkRange, also: Key[], consistent: boolean): Promise<{ user?: UserRecord; also: Map<string, Record<string, unknown> | undefined> }> {
  const record = keys.user(id);
  if (!(range.from <= record.SK && record.SK <= range.to)) throw new Error(`a range read along must hold the record (${range.from}..${range.to})`);
  const [items, extra] = await Promise.all([
    queryAll({
      TableName: TABLE,
      KeyConditionExpression: 'PK = :pk AND SK BETWEEN :from AND :to',
      ExpressionAttributeValues: { ':pk': record.PK, ':from': range.from, ':to': range.to },
      ...(consistent ? { ConsistentRead: true } : {}),
    }),
    also.length ? getItems(also, { consistent }) : Promise.resolve([]),
  ]);
  const map = new Map<string, Record<string, unknown> | undefined>(also.map((k, i) => [itemId(k), extra[i]]));
  for (const item of items) map.set(itemId(item as unknown as Key), item);
  map.set(rangeId(record.PK, range), undefined);
  const user = map.get(itemId(record));
  return { user: user && withoutKeys<UserRecord>(user), also: map };
}

/** Who a sale or a result names: the profile now, or what the tombstone kept (`deleted`). */
export interface PersonRef {
  firstName: string;
  lastName: string;
  email: string;
  mobileNumber?: string;
  deleted: boolean;
}

/**
 * AP1 for many users (BatchGetItem by 100), and AP41 for the ids no profile answers: a deleted
 * student is still named (sales and quiz results count what happened). Ids with neither are left out.
 */
export async function peopleByIds(ids: string[]): Promise<Map<string, PersonRef>> {
  const unique = [...new Set(ids)];
  const out = new Map<string, PersonRef>();
  const read = async (list: string[], key: (id: string) => { PK: string; SK: string }, deleted: boolean) => {
    for (let i = 0; i < list.length; i += 100) {
      const chunk = list.slice(i, i + 100);
      const items = await getItems(chunk.map(key));
      items.forEach((u, j) => {
        if (u) out.set(chunk[j]!, { firstName: String(u.firstName ?? ''), lastName: String(u.lastName ?? ''), email: String(u.email ?? ''), mobileNumber: u.mobileNumber as string | undefined, deleted });
      });
    }
  };
  await read(unique, keys.user, false);
  await read(unique.filter((id) => !out.has(id)), keys.deletedUser, true);
  return out;
}

export const fullName = (p: Pick<PersonRef, 'firstName' | 'lastName'>) => `${p.firstName} ${p.lastName}`.trim();

/** AP2 */
export async function userIdByEmail(email: string): Promise<string | undefined> {
  const r = await ddb.send(new GetCommand({ TableName: TABLE, Key: keys.userEmail(email) }));
  return r.Item?.userId as string | undefined;
}

/** AP3 */
export async function userIdByPhone(phone: string): Promise<string | undefined> {
  const r = await ddb.send(new GetCommand({ TableName: TABLE, Key: keys.userPhone(phone) }));
  return r.Item?.userId as string | undefined;
}

/**
 * Writes the record with its e-mail and phone guards in one transaction: a duplicate is a Conflict.
 * `also`: more writes of the same transaction (a parent's link, data/parent-repo.ts linkWrites); when
 * one of their conditions fails, `refusal` names the error from their cancellation reasons.
 */
export async function createUser(user: UserRecord, also?: { items: TransactItem[]; refusal: (reasons: (string | undefined)[]) => Error }): Promise<UserRecord> {
  const guard = (Key: { PK: string; SK: string }) => ({
    Put: { TableName: TABLE, Item: { ...Key, userId: user.id }, ConditionExpression: 'attribute_not_exists(PK)' },
  });
  try {
    await ddb.send(
      new TransactWriteCommand({
        TransactItems: [
          ...(also?.items ?? []),
          { Put: { TableName: TABLE, Item: { ...keys.user(user.id), ...keys.usersIndex(user.createdAt, user.id), ...user, ...SEARCH_INDEXED_MARK }, ConditionExpression: 'attribute_not_exists(PK)' } },
          guard(keys.userEmail(user.email)),
          ...(user.mobileNumber ? [guard(keys.userPhone(user.mobileNumber))] : []),
          ...searchIndexPuts(user),
        ],
      }),
    );
  } catch (e) {
    const reasons = cancellationReasons(e);
    if (also && isConditionFailed(e) && reasons.slice(0, also.items.length).includes('ConditionalCheckFailed')) throw also.refusal(reasons);
    if (isConditionFailed(e)) throw new Conflict('An account with this e-mail or phone number already exists', 'auth.accountInUse');
    throw e;
  }
  await Promise.all([addToUsersCount(1), addToHeadCounts(newUserHeadCounts(user))]);
  return user;
}

/**
 * AP42, outside the user's transaction: a transaction touching the one counter item would make
 * concurrent sign-ups cancel each other (TransactionConflict); a plain ADD is retried by the SDK.
 */
async function addToUsersCount(by: number): Promise<void> {
  await ddb.send(new UpdateCommand({ TableName: TABLE, Key: keys.usersCount, UpdateExpression: 'ADD n :by', ExpressionAttributeValues: { ':by': by } }));
}

/**
 * Replaces the live sessions, e.g. [] on logout-everywhere or [jti] for a single-session student;
 * `signedInAt` records a successful sign-in (lastSignInAt), which a block written meanwhile
 * refuses (ConditionalCheckFailed): a token issued across a block never becomes a session.
 */
export async function setSessions(id: string, sessions: string[], reason?: SessionEndReason, signedInAt?: string): Promise<void> {
  const sets = ['sessions = :s', ...(reason ? ['sessionEndReason = :r'] : []), ...(signedInAt ? ['lastSignInAt = :at', 'lastActiveAt = :at', 'GSI2PK = :apk', 'GSI2SK = :ask'] : [])];
  await ddb.send(
    new UpdateCommand({
      TableName: TABLE,
      Key: keys.user(id),
      UpdateExpression: `SET ${sets.join(', ')}`,
      ExpressionAttributeValues: { ':s': sessions, ...(reason ? { ':r': reason } : {}), ...(signedInAt ? { ':at': signedInAt, ':blocked': true, ':apk': keys.usersLastActivePk, ':ask': keys.userLastActive(signedInAt, id).GSI2SK } : {}) },
      ...(signedInAt ? { ExpressionAttributeNames: { '#b': 'block' } } : {}),
      ConditionExpression: signedInAt ? 'attribute_exists(PK) AND (attribute_not_exists(#b) OR #b <> :blocked)' : 'attribute_exists(PK)',
    }),
  );
}

/** Sets fields of an existing user's record (ConditionalCheckFailed if the user is gone). */
async function setUserFields(id: string, fields: Record<string, unknown>): Promise<void> {
  const names = Object.keys(fields);
  await ddb.send(
    new UpdateCommand({
      TableName: TABLE,
      Key: keys.user(id),
      UpdateExpression: `SET ${names.map((_, k) => `#f${k} = :v${k}`).join(', ')}`,
      ExpressionAttributeNames: Object.fromEntries(names.map((n, k) => [`#f${k}`, n])),
      ExpressionAttributeValues: Object.fromEntries(names.map((n, k) => [`:v${k}`, fields[n]])),
      ConditionExpression: 'attribute_exists(PK)',
    }),
  );
}

/** The owner proved the e-mail (activation link or reset code): password sign-in may begin. */
export const markActivated = (id: string): Promise<void> => setUserFields(id, { activated: true });

/** A Google record made before poolUsername was kept gets it at its next sign-in. */
export const setPoolUsername = (id: string, poolUsername: string): Promise<void> => setUserFields(id, { poolUsername });

/** The public shape of a user (spec section 3). */
export const toUser = (u: UserRecord): User => ({
  id: u.id,
  firstName: u.firstName,
  lastName: u.lastName,
  email: u.email,
  mobileNumber: u.mobileNumber,
  schooleYear: u.schooleYear,
  role: u.role,
  block: u.block,
});

// ---- the users screen: names, block, delete (the search index: user-search-repo) ----

/** Several users by id (BatchGetItem by 100), in the order asked; missing ones left out. */
export async function usersByIds(ids: string[]): Promise<UserRecord[]> {
  const out: UserRecord[] = [];
  for (let i = 0; i < ids.length; i += 100) {
    const items = await getItems(ids.slice(i, i + 100).map((id) => keys.user(id)));
    for (const item of items) if (item) out.push(withoutKeys<UserRecord>(item));
  }
  return out;
}

/** New names, the record and its search index in one transaction (fails if the user is gone); the head counts after it. */
export async function updateNames(before: UserRecord, firstName: string, lastName: string): Promise<UserRecord> {
  const after = { ...before, firstName, lastName };
  const index = searchIndexChanges(before, after, await searchIndexReady());
  await writeAll(
    [
      {
        Update: {
          TableName: TABLE,
          Key: keys.user(before.id),
          UpdateExpression: 'SET firstName = :f, lastName = :l',
          ExpressionAttributeValues: { ':f': firstName, ':l': lastName },
          ConditionExpression: 'attribute_exists(PK)',
        },
      },
      ...index.writes,
    ],
    'This account no longer exists',
  );
  await addToHeadCounts(index.counts);
  return after;
}

/**
 * The phone and school year a Google sign-up lacks, with the phone's guard and search index in one
 * transaction: a phone another account has (or a profile that has one already) is a Conflict.
 */
export async function addPhoneAndYear(before: UserRecord, mobileNumber: string, schooleYear: UserRecord['schooleYear']): Promise<void> {
  const after = { ...before, mobileNumber, schooleYear };
  const index = searchIndexChanges(before, after, await searchIndexReady());
  await writeAll(
    [
      {
        Update: {
          TableName: TABLE,
          Key: keys.user(before.id),
          UpdateExpression: 'SET mobileNumber = :m, schooleYear = :y',
          ExpressionAttributeValues: { ':m': mobileNumber, ':y': schooleYear },
          ConditionExpression: 'attribute_exists(PK) AND attribute_not_exists(mobileNumber)',
        },
      },
      { Put: { TableName: TABLE, Item: { ...keys.userPhone(mobileNumber), userId: before.id }, ConditionExpression: 'attribute_not_exists(PK)' } },
      ...index.writes,
    ],
    'An account with this mobile number already exists',
  );
  await addToHeadCounts(index.counts);
}

/**
 * Sets the block flag (the session gate reads it on every call). A block also ends every session
 * in the same write, for good: after an unblock the student signs in again.
 */
export async function setBlocked(id: string, block: boolean): Promise<void> {
  await ddb.send(
    new UpdateCommand({
      TableName: TABLE,
      Key: keys.user(id),
      UpdateExpression: block ? 'SET #b = :b, sessions = :none, sessionEndReason = :r' : 'SET #b = :b',
      ExpressionAttributeNames: { '#b': 'block' },
      ExpressionAttributeValues: { ':b': block, ...(block ? { ':none': [], ':r': 'blocked' } : {}) },
      ConditionExpression: 'attribute_exists(PK)',
    }),
  );
}

/**
 * Deletes the profile, its e-mail and phone guards and its search index items in one transaction, and
 * leaves a tombstone (AP41) with the names. Purchases, orders and quiz results stay: they are what
 * happened (sales and results still count them).
 */
export async function deleteUserRecord(u: UserRecord, now = new Date()): Promise<void> {
  const index = searchIndexChanges(u, undefined, await searchIndexReady());
  await writeAll(
    [
      { Delete: { TableName: TABLE, Key: keys.user(u.id), ConditionExpression: 'attribute_exists(PK)' } },
      { Delete: { TableName: TABLE, Key: keys.userEmail(u.email) } },
      ...(u.mobileNumber ? [{ Delete: { TableName: TABLE, Key: keys.userPhone(u.mobileNumber) } }] : []),
      ...index.writes,
      { Put: { TableName: TABLE, Item: { ...keys.deletedUser(u.id), id: u.id, firstName: u.firstName, lastName: u.lastName, email: u.email, deletedAt: now.toISOString() } } },
    ],
    'This account no longer exists',
  );
  await Promise.all([addToUsersCount(-1), addToHeadCounts(index.counts)]);
}

/** AP4 newest first, one page: `skip` users passed over, then `limit` read. */
/** AP103: a student was active (watching) at `at`: the users list's last-active order. Absent user: nothing. */
export async function noteUserActive(id: string, at: string): Promise<void> {
  await ddb
    .send(
      new UpdateCommand({
        TableName: TABLE,
        Key: keys.user(id),
        UpdateExpression: 'SET lastActiveAt = :at, GSI2PK = :pk, GSI2SK = :sk',
        ConditionExpression: 'attribute_exists(PK)',
        ExpressionAttributeValues: { ':at': at, ':pk': keys.usersLastActivePk, ':sk': keys.userLastActive(at, id).GSI2SK },
      }),
    )
    .catch((e: unknown) => {
      if (!isConditionFailed(e)) throw e;
    });
}

/** AP103: up to `skip + limit + 1` users, the latest active first (the one past the page says more follow). */
export async function usersLastActiveFirst(skip: number, limit: number): Promise<{ users: UserRecord[]; more: boolean }> {
  const items = await ddb.send(
    new QueryCommand({ TableName: TABLE, IndexName: 'byTerm', KeyConditionExpression: 'GSI2PK = :pk', ExpressionAttributeValues: { ':pk': keys.usersLastActivePk }, ScanIndexForward: false, Limit: skip + limit + 1 }),
  );
  const all = (items.Items ?? []) as Record<string, unknown>[];
  return { users: all.slice(skip, skip + limit).map((i) => withoutKeys<UserRecord>(i)), more: all.length > skip + limit };
}

export async function usersNewestFirst(skip: number, limit: number): Promise<UserRecord[]> {
  const out: UserRecord[] = [];
  let start: Record<string, unknown> | undefined;
  let toSkip = skip;
  do {
    const r = await ddb.send(
      new QueryCommand({
        TableName: TABLE,
        IndexName: 'byParent',
        KeyConditionExpression: 'GSI1PK = :pk',
        ExpressionAttributeValues: { ':pk': keys.usersIndexPk },
        ScanIndexForward: false,
        Limit: toSkip + limit - out.length,
        ExclusiveStartKey: start,
      }),
    );
    for (const item of r.Items ?? []) {
      if (toSkip > 0) toSkip--;
      else if (out.length < limit) out.push(withoutKeys<UserRecord>(item));
    }
    start = r.LastEvaluatedKey;
  } while (start && out.length < limit);
  return out;
}

/** How many users there are (AP42; the AP40 backfill sets it for users made before it). */
export async function countUsers(): Promise<number> {
  const r = await ddb.send(new GetCommand({ TableName: TABLE, Key: keys.usersCount }));
  return Math.max(0, Number(r.Item?.n ?? 0));
}

/** Writes items with BatchWriteItem (25 a request), retrying the unprocessed ones. */
export async function putItems(items: Record<string, unknown>[]): Promise<void> {
  for (let i = 0; i < items.length; i += 25) {
    let request = items.slice(i, i + 25).map((Item) => ({ PutRequest: { Item } }));
    for (let attempt = 0; request.length; attempt++) {
      const r = await ddb.send(new BatchWriteCommand({ RequestItems: { [TABLE]: request } }));
      request = (r.UnprocessedItems?.[TABLE] ?? []) as typeof request;
      if (request.length) await new Promise((res) => setTimeout(res, Math.min(1000, 50 * 2 ** attempt)));
    }
  }
}

/** AP22 all of a user's quiz results (quiz id, scores, attempts). */
export async function resultsOfUser(userId: string): Promise<Record<string, unknown>[]> {
  const items = await queryAll({
    TableName: TABLE,
    KeyConditionExpression: 'PK = :pk AND begins_with(SK, :sk)',
    ExpressionAttributeValues: { ':pk': keys.user(userId).PK, ':sk': keys.result(userId, '').SK },
  });
  return items.map((i) => withoutKeys<Record<string, unknown>>(i));
}

/** Titles of quizzes by id (BatchGetItem); a deleted quiz is left out. */
export async function quizTitles(ids: string[]): Promise<Map<string, string>> {
  const titles = new Map<string, string>();
  for (let i = 0; i < ids.length; i += 100) {
    const chunk = ids.slice(i, i + 100);
    const items = await getItems(chunk.map((id) => keys.quiz(id)));
    items.forEach((q, j) => {
      if (q) titles.set(chunk[j]!, String(q.title ?? ''));
    });
  }
  return titles;
}
