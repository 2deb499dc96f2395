/**
 * The one DynamoDB client of a Lambda, made at cold start: the AWS SDK's DocumentClient. Signing,
 * retries (AWS_MAX_ATTEMPTS), credentials (the Lambda's role; locally the platform's environment;
 * for a script, the operator's profile), keep-alive and a transaction's idempotency token are the
 * SDK's. DYNAMODB_ENDPOINT points it at a stand-in (DynamoDB Local).
 */
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { env } from '../lib/env';
import { sdkOptions } from '../lib/sdk-options';

export const ddb = DynamoDBDocumentClient.from(new DynamoDBClient({ ...sdkOptions, ...(env.DYNAMODB_ENDPOINT ? { endpoint: env.DYNAMODB_ENDPOINT } : {}) }), {
  marshallOptions: { removeUndefinedValues: true },
});
export const TABLE = env.TABLE_NAME;
