import { GetCommand, TransactWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { Role, SchoolYear } from '../../shared/constants';
import type { User } from '../../shared/schemas/auth';
import { Conflict, isConditionFailed } from '../lib/errors';
import { ddb, TABLE } from './client';
import { getItems, withoutKeys } from './items';
import { keys } from './keys';

export type SessionEndReason = 'logout' | 'elsewhere' | 'password' | 'reset' | 'deleted';

/** The user's record: the server's truth for role, block and which sessions are live. */
export interface UserRecord {
  id: string;
  email: string;
  firstName: string;
  lastName: string;
  mobileNumber?: string;
  schooleYear?: SchoolYear;
  role: Role;
  block: boolean;
  activated: boolean;
  provider: 'cognito' | 'google';
  createdAt: string;
  /** jti of every ID token that may still be used; a token not listed gets 401. */
  sessions: string[];
  sessionEndReason?: SessionEndReason;
}

/** AP1 */
export async function userById(id: string): Promise<UserRecord | undefined> {
  const r = await ddb.send(new GetCommand({ TableName: TABLE, Key: keys.user(id) }));
  return r.Item ? withoutKeys<UserRecord>(r.Item) : undefined;
}

/** AP1 for many users (BatchGetItem by 100): each id's "first last" name, if the user still exists. */
export async function namesOfUsers(ids: string[]): Promise<Map<string, string>> {
  const names = new Map<string, string>();
  for (let i = 0; i < ids.length; i += 100) {
    const chunk = ids.slice(i, i + 100);
    const items = await getItems(chunk.map((id) => keys.user(id)));
    items.forEach((u, j) => {
      if (u) names.set(chunk[j]!, `${String(u.firstName ?? '')} ${String(u.lastName ?? '')}`.trim());
    });
  }
  return names;
}

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

/** Writes the record with its e-mail and phone guards in one transaction: a duplicate is a Conflict. */
export async function createUser(user: UserRecord): Promise<UserRecord> {
  const guard = (Key: { PK: string; SK: string }) => ({
    Put: { TableName: TABLE, Item: { ...Key, userId: user.id }, ConditionExpression: 'attribute_not_exists(PK)' },
  });
  try {
    await ddb.send(
      new TransactWriteCommand({
        TransactItems: [
          { Put: { TableName: TABLE, Item: { ...keys.user(user.id), ...keys.usersIndex(user.createdAt, user.id), ...user }, ConditionExpression: 'attribute_not_exists(PK)' } },
          guard(keys.userEmail(user.email)),
          ...(user.mobileNumber ? [guard(keys.userPhone(user.mobileNumber))] : []),
        ],
      }),
    );
  } catch (e) {
    if (isConditionFailed(e)) throw new Conflict('An account with this e-mail or phone number already exists', 'auth.accountInUse');
    throw e;
  }
  return user;
}

/** Replaces the live sessions, e.g. [] on logout-everywhere or [jti] for a single-session student. */
export async function setSessions(id: string, sessions: string[], reason?: SessionEndReason): Promise<void> {
  await ddb.send(
    new UpdateCommand({
      TableName: TABLE,
      Key: keys.user(id),
      UpdateExpression: reason ? 'SET sessions = :s, sessionEndReason = :r' : 'SET sessions = :s',
      ExpressionAttributeValues: { ':s': sessions, ...(reason ? { ':r': reason } : {}) },
      ConditionExpression: 'attribute_exists(PK)',
    }),
  );
}

/** The owner proved the e-mail (activation link or reset code): password sign-in may begin. */
export async function markActivated(id: string): Promise<void> {
  await ddb.send(
    new UpdateCommand({
      TableName: TABLE,
      Key: keys.user(id),
      UpdateExpression: 'SET activated = :t',
      ExpressionAttributeValues: { ':t': true },
      ConditionExpression: 'attribute_exists(PK)',
    }),
  );
}

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
