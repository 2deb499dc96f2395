import { GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { ddb, TABLE } from './client';
import { keys } from './keys';

/** The token of an activation link. It stays until its expiry so a second click still lands well. */
export interface ActivationToken {
  token: string;
  userId: string;
  /** Epoch seconds; DynamoDB's TTL removes the item some time after. */
  expiresAt: number;
  usedAt?: string;
}

/** AP25 */
export async function putActivationToken(t: ActivationToken): Promise<void> {
  await ddb.send(new PutCommand({ TableName: TABLE, Item: { ...keys.activation(t.token), ...t }, ConditionExpression: 'attribute_not_exists(PK)' }));
}

/** AP25 */
export async function activationToken(token: string): Promise<ActivationToken | undefined> {
  const r = await ddb.send(new GetCommand({ TableName: TABLE, Key: keys.activation(token) }));
  if (!r.Item) return undefined;
  const { PK, SK, ...t } = r.Item;
  return t as ActivationToken;
}

/** AP25 */
export async function markActivationTokenUsed(token: string, at = new Date()): Promise<void> {
  await ddb.send(
    new UpdateCommand({
      TableName: TABLE,
      Key: keys.activation(token),
      UpdateExpression: 'SET usedAt = if_not_exists(usedAt, :at)',
      ExpressionAttributeValues: { ':at': at.toISOString() },
    }),
  );
}
