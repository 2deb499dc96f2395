import { DeleteCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import type { DeviceLabel } from '../../shared/schemas/devices';
import { ddb, TABLE } from './client';
import { keys } from './keys';

const nowSeconds = () => Math.floor(Date.now() / 1000);

/** A Google sign-in on its way through the hosted UI: its PKCE verifier and the hash of the starting browser's cookie. */
export interface OAuthState {
  codeVerifier: string;
  browser: string;
  /** The handle of the web's device id sent to the start (docs/devices.md); absent: none sent. */
  device?: string;
}

/** AP27 */
export async function putOAuthState(state: string, value: OAuthState, expiresAt: number): Promise<void> {
  await ddb.send(new PutCommand({ TableName: TABLE, Item: { ...keys.oauthState(state), ...value, expiresAt }, ConditionExpression: 'attribute_not_exists(PK)' }));
}

/** AP27: single use — the item is deleted as it is read; an expired one counts as absent. */
export async function takeOAuthState(state: string, now = nowSeconds()): Promise<OAuthState | undefined> {
  const r = await ddb.send(new DeleteCommand({ TableName: TABLE, Key: keys.oauthState(state), ReturnValues: 'ALL_OLD' }));
  const item = r.Attributes;
  if (!item || Number(item.expiresAt) <= now || typeof item.browser !== 'string') return undefined;
  return { codeVerifier: String(item.codeVerifier), browser: item.browser, ...(typeof item.device === 'string' ? { device: item.device } : {}) };
}

/** What a finished Google sign-in leaves for the browser to collect with its one-time code. */
export interface GoogleHandoff {
  userId: string;
  /** The ID token (the session), handed over only by POST, never in a URL. */
  token: string;
  /** sha256 of the sign-in cookie: only the browser that started the sign-in may collect it. */
  browser: string;
  /** The device admitted at the callback, for the sign-in's record once the session starts. */
  device?: HandoffDevice;
}
export interface HandoffDevice {
  handle: string;
  label: DeviceLabel;
  ip: string;
}

/** AP55: under the hash of the code, so the table never holds a usable code. */
export async function putGoogleHandoff(codeHash: string, value: GoogleHandoff, expiresAt: number): Promise<void> {
  await ddb.send(new PutCommand({ TableName: TABLE, Item: { ...keys.googleHandoff(codeHash), ...value, expiresAt }, ConditionExpression: 'attribute_not_exists(PK)' }));
}

/** AP55: taken once, whoever asks (a wrong browser burns it too); an expired one counts as absent. */
export async function takeGoogleHandoff(codeHash: string, now = nowSeconds()): Promise<GoogleHandoff | undefined> {
  const r = await ddb.send(new DeleteCommand({ TableName: TABLE, Key: keys.googleHandoff(codeHash), ReturnValues: 'ALL_OLD' }));
  const item = r.Attributes;
  if (!item || Number(item.expiresAt) <= now) return undefined;
  return { userId: String(item.userId), token: String(item.token), browser: String(item.browser), ...(item.device ? { device: item.device as HandoffDevice } : {}) };
}
