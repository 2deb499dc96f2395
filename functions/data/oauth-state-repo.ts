import { DeleteCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { ddb, TABLE } from './client';
import { keys } from './keys';

/** AP27: the PKCE verifier of a sign-in that went to the hosted UI, under its `state`. */
export async function putOAuthState(state: string, codeVerifier: string, expiresAt: number): Promise<void> {
  await ddb.send(new PutCommand({ TableName: TABLE, Item: { ...keys.oauthState(state), codeVerifier, expiresAt }, ConditionExpression: 'attribute_not_exists(PK)' }));
}

/** AP27: single use — the item is deleted as it is read; an expired one counts as absent. */
export async function takeOAuthState(state: string, nowSeconds = Math.floor(Date.now() / 1000)): Promise<string | undefined> {
  const r = await ddb.send(new DeleteCommand({ TableName: TABLE, Key: keys.oauthState(state), ReturnValues: 'ALL_OLD' }));
  const item = r.Attributes;
  if (!item || Number(item.expiresAt) <= nowSeconds) return undefined;
  return String(item.codeVerifier);
}
