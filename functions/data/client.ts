import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { env } from '../lib/env';
import { type StoreCredentials, storeClient } from './dynamo-http';

/**
 * The credentials the store client signs with: the Lambda's own (its runtime puts them in the
 * environment), else the SDK's provider chain (an operator's profile: scripts/admin-create.ts),
 * resolved once and again 5 minutes before they expire.
 */
function credentials(): StoreCredentials | Promise<StoreCredentials> {
  if (env.AWS_ACCESS_KEY_ID && env.AWS_SECRET_ACCESS_KEY) {
    return { accessKeyId: env.AWS_ACCESS_KEY_ID, secretAccessKey: env.AWS_SECRET_ACCESS_KEY, sessionToken: env.AWS_SESSION_TOKEN };
  }
  return fromProviderChain();
}
let held: Promise<StoreCredentials & { expiration?: Date }> | undefined;
async function fromProviderChain(): Promise<StoreCredentials> {
  const current = held && (await held.catch(() => undefined));
  if (!current || (current.expiration && current.expiration.getTime() - Date.now() < 300_000)) {
    held = import('@aws-sdk/credential-provider-node').then(({ defaultProvider }) => defaultProvider()());
  }
  return held!;
}

/** The one store client of a Lambda, made at cold start (functions/data/dynamo-http.ts: why not the SDK's DocumentClient). */
export const store = storeClient({ region: env.AWS_REGION, endpoint: env.DYNAMODB_ENDPOINT, credentials, maxAttempts: env.AWS_MAX_ATTEMPTS });
/** The handlers send the DocumentClient's commands through it, typed as the DocumentClient types them. */
export const ddb = store as unknown as Pick<DynamoDBDocumentClient, 'send'>;
export const TABLE = env.TABLE_NAME;
