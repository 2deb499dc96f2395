import { DescribeUserPoolCommand } from '@aws-sdk/client-cognito-identity-provider';
import { DescribeTableCommand } from '@aws-sdk/client-dynamodb';
import { HeadBucketCommand } from '@aws-sdk/client-s3';
import { ddb, TABLE } from '../data/client';
import { cognito, s3 } from '../lib/aws';
import { env } from '../lib/env';
import { ServiceUnavailable } from '../lib/errors';
import { type Handler, ok } from '../lib/http';
import { logger } from '../lib/log';

const probe = async (name: string, f: () => Promise<unknown>) => {
  try {
    await f();
    return [name, 'up'] as const;
  } catch (e) {
    logger.warn('health probe failed', { probe: name, error: e });
    return [name, 'down'] as const;
  }
};

/** GET /api/health: 200 once the table, the media bucket and the user pool all answer. */
export const checkHealth: Handler<'GET /api/health'> = async () => {
  const services = Object.fromEntries(
    await Promise.all([
      probe('table', () => ddb.send(new DescribeTableCommand({ TableName: TABLE }))),
      probe('media', () => s3.send(new HeadBucketCommand({ Bucket: env.MEDIA_BUCKET }))),
      probe('users', () => cognito.send(new DescribeUserPoolCommand({ UserPoolId: env.USER_POOL_ID }))),
    ]),
  );
  if (Object.values(services).some((s) => s !== 'up')) throw new ServiceUnavailable(`Not ready: ${JSON.stringify(services)}`);
  return ok({ status: 'ok', services });
};
