import { DescribeUserPoolCommand } from '@aws-sdk/client-cognito-identity-provider';
import { DescribeTableCommand } from '@aws-sdk/client-dynamodb';
import { HeadBucketCommand } from '@aws-sdk/client-s3';
import { ddb, TABLE } from '../data/client';
import { cognito, s3 } from '../lib/aws';
import { env } from '../lib/env';
import { ServiceUnavailable } from '../lib/errors';
import { type Handler, ok } from '../lib/http';
import { logger } from '../lib/log';
import { recentReads } from '../lib/recent';

const probe = async (name: string, f: () => Promise<unknown>) => {
  try {
    await f();
    return [name, 'up'] as const;
  } catch (e) {
    logger.warn('health probe failed', { probe: name, error: e });
    return [name, 'down'] as const;
  }
};

/**
 * One round of the three probes, kept 5 s per Lambda instance while every service is up; requests
 * that come together share one round. The route is public: each request used to make three
 * control-plane calls (DescribeUserPool counts against Cognito's small per-account quota), so
 * anyone could spend that quota, and locally it answered ~100 req/s with p99 7 s at 200
 * connections. A round with a service down is not kept: the next request probes again.
 */
const HEALTH_KEPT_MS = 5_000;
const probes = recentReads(
  async () =>
    Object.fromEntries(
      await Promise.all([
        probe('table', () => ddb.send(new DescribeTableCommand({ TableName: TABLE }))),
        probe('media', () => s3.send(new HeadBucketCommand({ Bucket: env.MEDIA_BUCKET }))),
        probe('users', () => cognito.send(new DescribeUserPoolCommand({ UserPoolId: env.USER_POOL_ID }))),
      ]),
    ),
  HEALTH_KEPT_MS,
  1,
);

/** GET /api/health: 200 once the table, the media bucket and the user pool all answer. */
export const checkHealth: Handler<'GET /api/health'> = async () => {
  const services = await probes('all');
  if (Object.values(services).some((s) => s !== 'up')) {
    probes.forget('all');
    throw new ServiceUnavailable(`Not ready: ${JSON.stringify(services)}`);
  }
  return ok({ status: 'ok', services });
};
