/**
 * What a test file needs of the running platform: its addresses, an HTTP helper, direct clients
 * of the stand-ins, and ways to make users. Every test file makes its own users and data
 * (unique e-mails and names via uniq()), so files never see each other's records.
 */
import {
  AdminAddUserToGroupCommand,
  AdminCreateUserCommand,
  AdminSetUserPasswordCommand,
  CognitoIdentityProviderClient,
  AdminInitiateAuthCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { S3Client } from '@aws-sdk/client-s3';
import { decodeJwt } from 'jose';
import { randomUUID } from 'node:crypto';
import type { PlatformInfo } from '../../infra/local/platform';

/** A DynamoDB call the handlers made, its input as it went on the wire (marshalled). */
export interface StoreCall {
  op: string;
  input: Record<string, unknown>;
}
/**
 * The store calls the handlers made while `run` ran that concern these ids (other test files share
 * the platform): recorded by the platform (STORE_STATS, infra/local/store-stats.ts).
 */
export async function callsDuring(ids: string[], run: () => Promise<unknown>): Promise<StoreCall[]> {
  const window = await recordFrom();
  await run();
  return (await recordedSince(window)).filter(naming(ids));
}

/** Opens a recording window (store-stats' `from`): the calls after this place, whatever other test files ask meanwhile. */
export async function recordFrom(): Promise<unknown> {
  return ((await (await fetch(`${platform().url}/_local/store-stats/record`, { method: 'POST' })).json()) as { from: unknown }).from;
}
/** The calls since the window opened (which closes it). */
export async function recordedSince(from: unknown): Promise<StoreCall[]> {
  const r = await fetch(`${platform().url}/_local/store-stats/recorded`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ from }) });
  return (await r.json()) as StoreCall[];
}

/** A recorded call whose input names one of `ids` (a test's own items, among other test files' calls). */
const naming = (ids: string[]) => (c: StoreCall) => ids.some((id) => JSON.stringify(c.input).includes(id));

/**
 * The calls `run` makes (as callsDuring) once `warm` has filled the class's kept reads. Another test
 * file's admin write empties them (one process: lib/recent.ts): when the recording shows that
 * happened, warm-up and run are tried again, up to 5 times.
 */
export async function callsOnceKept(ids: string[], warm: () => Promise<unknown>, run: () => Promise<unknown>): Promise<StoreCall[]> {
  for (let attempt = 1; ; attempt++) {
    const whole = await recordFrom();
    await warm();
    const runOnly = await recordFrom();
    await run();
    const during = await recordedSince(runOnly);
    const all = await recordedSince(whole);
    if (!all.some((c) => c.op === '#forgot-kept-reads') || attempt === 5) return during.filter((c) => !c.op.startsWith('#')).filter(naming(ids));
  }
}

export function platform(): PlatformInfo {
  const raw = process.env.BIOSCOPE_PLATFORM;
  if (!raw) throw new Error('BIOSCOPE_PLATFORM is not set: run this test through its jest project (global-setup starts the platform)');
  return JSON.parse(raw) as PlatformInfo;
}

/**
 * Points functions/ loaded into this test process at the platform's table (and, with `paymob`, its URL
 * and Paymob sandbox), as the Lambdas' environment does: set before the first import of functions/.
 */
export function useThePlatformHere(opts: { paymob?: boolean } = {}): PlatformInfo {
  const p = platform();
  Object.assign(process.env, {
    TABLE_NAME: p.tableName,
    DYNAMODB_ENDPOINT: p.dynamoEndpoint,
    AWS_REGION: 'eu-central-1',
    AWS_ACCESS_KEY_ID: 'S3RVER',
    AWS_SECRET_ACCESS_KEY: 'S3RVER',
    AWS_MAX_ATTEMPTS: '1',
    ...(opts.paymob ? { PUBLIC_URL: p.url, PAYMOB_API_URL: p.paymob.apiUrl, PAYMOB_SETTINGS: JSON.stringify(p.paymob.settings), LOG_LEVEL: 'SILENT' } : {}),
  });
  return p;
}

let seq = 0;
/** A value unique to this test file and call: e-mails, names, codes. */
export const uniq = (prefix = 't') => `${prefix}${Date.now().toString(36)}${(seq++).toString(36)}${randomUUID().slice(0, 4)}`;

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a test reads any field of a response body it did not type
export interface ApiResult<T = any> {
  status: number;
  body: T;
  headers: Headers;
}

/** Calls the platform's gateway the way the web client does. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a test reads any field of a response body it did not type
export async function api<T = any>(
  method: string,
  path: string,
  opts: { token?: string; rawToken?: boolean; json?: unknown; form?: FormData; body?: RequestInit['body']; headers?: Record<string, string>; redirect?: RequestInit['redirect'] } = {},
): Promise<ApiResult<T>> {
  const headers: Record<string, string> = { ...opts.headers };
  if (opts.token) headers.authorization = opts.rawToken ? opts.token : `Bearer ${opts.token}`;
  let body: RequestInit['body'] = opts.body;
  if (opts.json !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(opts.json);
  } else if (opts.form) body = opts.form;
  const res = await fetch(platform().url + path, { method, headers, body, redirect: opts.redirect ?? 'manual' });
  const text = await res.text();
  let parsed: unknown = text;
  try {
    parsed = text ? JSON.parse(text) : undefined;
  } catch {
    /* not JSON */
  }
  return { status: res.status, body: parsed as T, headers: res.headers };
}

const creds = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };
export const ddb = () =>
  DynamoDBDocumentClient.from(new DynamoDBClient({ endpoint: platform().dynamoEndpoint, region: 'eu-central-1', credentials: creds, maxAttempts: 1 }), {
    marshallOptions: { removeUndefinedValues: true },
  });
export const s3 = () =>
  new S3Client({ endpoint: platform().s3Endpoint, region: 'eu-central-1', credentials: creds, forcePathStyle: true, requestChecksumCalculation: 'WHEN_REQUIRED', responseChecksumValidation: 'WHEN_REQUIRED', maxAttempts: 1 });
export const cognito = () => new CognitoIdentityProviderClient({ endpoint: platform().cognitoEndpoint, region: 'eu-central-1', credentials: creds, maxAttempts: 1 });

export interface TestUser {
  id: string;
  email: string;
  password: string;
  /** A Cognito ID token whose jti the user's record lists as a live session. */
  token: string;
}

/**
 * A confirmed user made directly on the stand-ins (Cognito user + our record + a live session),
 * without going through the auth routes — for tests of other features and of the gateway.
 */
export async function makeUser(opts: { admin?: boolean; block?: boolean; firstName?: string; lastName?: string } = {}): Promise<TestUser> {
  const p = platform();
  const c = cognito();
  const email = `${uniq('u')}@test.local`;
  const password = 'Passw0rdOk';
  const created = await c.send(
    new AdminCreateUserCommand({
      UserPoolId: p.userPoolId,
      Username: email,
      MessageAction: 'SUPPRESS',
      UserAttributes: [
        { Name: 'email', Value: email },
        { Name: 'email_verified', Value: 'true' },
        { Name: 'given_name', Value: opts.firstName ?? 'Test' },
        { Name: 'family_name', Value: opts.lastName ?? 'User' },
      ],
    }),
  );
  const id = created.User!.Attributes!.find((a) => a.Name === 'sub')!.Value!;
  await c.send(new AdminSetUserPasswordCommand({ UserPoolId: p.userPoolId, Username: email, Password: password, Permanent: true }));
  if (opts.admin) await c.send(new AdminAddUserToGroupCommand({ UserPoolId: p.userPoolId, Username: email, GroupName: 'ADMIN' }));
  // As our login does: the server's client with AdminInitiateAuth (no client allows the public password flows).
  const auth = await c.send(new AdminInitiateAuthCommand({ UserPoolId: p.userPoolId, ClientId: p.clientId, AuthFlow: 'ADMIN_USER_PASSWORD_AUTH', AuthParameters: { USERNAME: email, PASSWORD: password } }));
  const token = auth.AuthenticationResult!.IdToken!;
  const createdAt = new Date().toISOString();
  await ddb().send(
    new PutCommand({
      TableName: p.tableName,
      Item: {
        PK: `USER#${id}`,
        SK: 'PROFILE',
        GSI1PK: 'USERS',
        GSI1SK: `${createdAt}#${id}`,
        id,
        email,
        firstName: opts.firstName ?? 'Test',
        lastName: opts.lastName ?? 'User',
        role: opts.admin ? 'ADMIN' : 'USER',
        block: opts.block ?? false,
        activated: true,
        provider: 'cognito',
        createdAt,
        sessions: [decodeJwt(token).jti],
      },
    }),
  );
  // The e-mail guard (AP2) as createUser writes it, so sign-in and reset find the user.
  await ddb().send(new PutCommand({ TableName: p.tableName, Item: { PK: `EMAIL#${email}`, SK: 'EMAIL', userId: id } }));
  return { id, email, password, token };
}

/** A mobile number of this run's own (0101 and seven random digits), as a student types it. */
export const randomPhone = () => `0101${String(Math.floor(Math.random() * 1e7)).padStart(7, '0')}`;

/** A user who also signs in with a phone number (the AP3 guard as createUser writes it). */
export async function userWithPhone(): Promise<TestUser & { phone: string }> {
  const u = await makeUser();
  const phone = randomPhone();
  await ddb().send(new PutCommand({ TableName: platform().tableName, Item: { PK: `PHONE#+2${phone}`, SK: 'PHONE', userId: u.id } }));
  await setUserFields(u.id, { mobileNumber: `+2${phone}` });
  return { ...u, phone };
}

export async function setUserFields(id: string, fields: Record<string, unknown>) {
  const names = Object.keys(fields);
  await ddb().send(
    new UpdateCommand({
      TableName: platform().tableName,
      Key: { PK: `USER#${id}`, SK: 'PROFILE' },
      UpdateExpression: `SET ${names.map((n, i) => `#n${i} = :v${i}`).join(', ')}`,
      ExpressionAttributeNames: Object.fromEntries(names.map((n, i) => [`#n${i}`, n])),
      ExpressionAttributeValues: Object.fromEntries(names.map((n, i) => [`:v${i}`, fields[n]])),
    }),
  );
}
