import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { env } from '../lib/env';
import { sdkOptions } from '../lib/sdk-options';

/** The one DocumentClient of a Lambda, made at cold start. */
export const ddb = DynamoDBDocumentClient.from(
  new DynamoDBClient({
    ...sdkOptions,
    ...(env.DYNAMODB_ENDPOINT ? { endpoint: env.DYNAMODB_ENDPOINT } : {}),
  }),
  { marshallOptions: { removeUndefinedValues: true } },
);
export const TABLE = env.TABLE_NAME;
