import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { env } from '../lib/env';

/** The one DocumentClient of a Lambda, made at cold start. */
export const ddb = DynamoDBDocumentClient.from(
  new DynamoDBClient({
    region: env.AWS_REGION,
    maxAttempts: env.AWS_MAX_ATTEMPTS,
    ...(env.DYNAMODB_ENDPOINT ? { endpoint: env.DYNAMODB_ENDPOINT } : {}),
  }),
  { marshallOptions: { removeUndefinedValues: true } },
);
export const TABLE = env.TABLE_NAME;
