import { DeleteCommand, GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { isConditionFailed } from '../lib/errors';
import { ddb, TABLE } from './client';
import { keys } from './keys';

/** A password-reset code, kept only as a salted hash. One live code per e-mail; a new one replaces it. */
export interface ResetCode {
  email: string;
  codeHash: string;
  salt: string;
  /** Epoch seconds; the code is refused after this even before DynamoDB's TTL removes it. */
  expiresAt: number;
  attempts: number;
  verified: boolean;
}

/** AP24 */
export async function putResetCode(rc: ResetCode): Promise<void> {
  await ddb.send(new PutCommand({ TableName: TABLE, Item: { ...keys.resetCode(rc.email), ...rc } }));
}

/** AP24 */
export async function resetCodeOf(email: string): Promise<ResetCode | undefined> {
  const r = await ddb.send(new GetCommand({ TableName: TABLE, Key: keys.resetCode(email), ConsistentRead: true }));
  if (!r.Item) return undefined;
  const { PK, SK, ...rc } = r.Item;
  return rc as ResetCode;
}

/** AP24: counts a wrong guess at this very code; returns the attempts so far (max once the code is void). */
export async function recordWrongResetCode(rc: ResetCode, max: number): Promise<number> {
  try {
    const r = await ddb.send(
      new UpdateCommand({
        TableName: TABLE,
        Key: keys.resetCode(rc.email),
        UpdateExpression: 'ADD attempts :one',
        ConditionExpression: 'codeHash = :h AND attempts < :max',
        ExpressionAttributeValues: { ':one': 1, ':h': rc.codeHash, ':max': max },
        ReturnValues: 'UPDATED_NEW',
      }),
    );
    return Number(r.Attributes?.attempts ?? max);
  } catch (e) {
    if (isConditionFailed(e)) return max; // replaced or already void
    throw e;
  }
}

/** AP24: false when the code was replaced or voided meanwhile. */
export async function markResetCodeVerified(rc: ResetCode, max: number): Promise<boolean> {
  try {
    await ddb.send(
      new UpdateCommand({
        TableName: TABLE,
        Key: keys.resetCode(rc.email),
        UpdateExpression: 'SET verified = :t',
        ConditionExpression: 'codeHash = :h AND attempts < :max',
        ExpressionAttributeValues: { ':t': true, ':h': rc.codeHash, ':max': max },
      }),
    );
    return true;
  } catch (e) {
    if (isConditionFailed(e)) return false;
    throw e;
  }
}

/** AP24: takes the verified code once; false if someone else took it first. */
export async function takeVerifiedResetCode(rc: ResetCode): Promise<boolean> {
  try {
    await ddb.send(
      new DeleteCommand({
        TableName: TABLE,
        Key: keys.resetCode(rc.email),
        ConditionExpression: 'codeHash = :h AND verified = :t',
        ExpressionAttributeValues: { ':h': rc.codeHash, ':t': true },
      }),
    );
    return true;
  } catch (e) {
    if (isConditionFailed(e)) return false;
    throw e;
  }
}
