import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { env } from '../lib/env';
import { type StoreCredentials, storeClient } from './dynamo-http';

type HeldCredentials = StoreCredentials & { expiration?: Date };
let provider: (() => Promise<HeldCredentials>) | undefined;
let held: Promise<HeldCredentials> | undefined;

/**
 * For a script run outside Lambda against AWS (scripts/admin-create.ts: an operator's profile, through
 * the SDK's provider chain): the credentials the store client signs with when the environment has none.
 * The chain is not imported here: it brings the SDK's STS, SSO and IMDS clients into every Lambda bundle
 * (~85 KB minified), for a path no Lambda takes.
 */
export function useCredentials(from: () => Promise<HeldCredentials>): void {
  provider = from;
  held = undefined;
}

/**
 * The credentials the store client signs with: the Lambda's own (its runtime puts them in the
 * environment), else those a script gave useCredentials, resolved once and again 5 minutes before they expire.
 */
function credentials(): StoreCredentials | Promise<StoreCredentials> {
  if (env.AWS_ACCESS_KEY_ID && env.AWS_SECRET_ACCESS_KEY) {
    return { accessKeyId: env.AWS_ACCESS_KEY_ID, secretAccessKey: env.AWS_SECRET_ACCESS_KEY, sessionToken: env.AWS_SESSION_TOKEN };
  }
  return fromProvider();
}
async function fromProvider(): Promise<StoreCredentials> {
  if (!provider) throw new Error('No AWS credentials for the store: AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY are not set, and no script called useCredentials');
  const current = held && (await held.catch(() => undefined));
  if (!current || (current.expiration && current.expiration.getTime() - Date.now() < 300_000)) held = provider();
  return held!;
}

/** The one store client of a Lambda, made at cold start (functions/data/dynamo-http.ts: why not the SDK's DocumentClient). */
export const store = storeClient({ region: env.AWS_REGION, endpoint: env.DYNAMODB_ENDPOINT, credentials, maxAttempts: env.AWS_MAX_ATTEMPTS });
/** The handlers send the DocumentClient's commands through it, typed as the DocumentClient types them. */
export const ddb = store as unknown as Pick<DynamoDBDocumentClient, 'send'>;
export const TABLE = env.TABLE_NAME;
