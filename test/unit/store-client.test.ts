/**
 * functions/data/client.ts, the Lambdas' DynamoDB client (the SDK's DocumentClient), as the
 * handlers rely on it: signed with the credentials of where it runs, undefined members left out,
 * a transaction's idempotency token filled, the SDK's retries, the quiet logger. It talks to one
 * HTTP server here that records what arrives and answers what the test says (DynamoDB Local itself
 * runs under every integration test).
 */
import { GetCommand, PutCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { scratchDir } from '../support/scratch';

interface Arrived {
  headers: http.IncomingHttpHeaders;
  body: string;
}
type Answer = { status: number; body: unknown };

let server: http.Server;
let endpoint: string;
let arrived: Arrived[] = [];
let answers: Answer[] = [];
beforeAll(async () => {
  server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      arrived.push({ headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
      const a = answers.shift() ?? { status: 200, body: {} };
      res.writeHead(a.status, { 'content-type': 'application/x-amz-json-1.0', 'x-amzn-requestid': 'R1' });
      res.end(JSON.stringify(a.body));
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));
beforeEach(() => {
  arrived = [];
  answers = [];
});

type ClientModule = typeof import('../../functions/data/client');
const LAMBDA = { AWS_ACCESS_KEY_ID: 'ASIALAMBDA', AWS_SECRET_ACCESS_KEY: 's', AWS_SESSION_TOKEN: 'tok' };

/** client.ts made afresh with these variables in the environment, `use` run while they hold. */
async function withClient(vars: Record<string, string>, use: (m: ClientModule) => Promise<void>) {
  const saved = { ...process.env };
  for (const k of ['AWS_ACCESS_KEY_ID', 'AWS_SECRET_ACCESS_KEY', 'AWS_SESSION_TOKEN', 'AWS_PROFILE', 'AWS_SHARED_CREDENTIALS_FILE', 'AWS_CONFIG_FILE']) delete process.env[k];
  Object.assign(process.env, { DYNAMODB_ENDPOINT: endpoint, AWS_MAX_ATTEMPTS: '1', AWS_REGION: 'eu-central-1' }, vars);
  try {
    let mod: ClientModule | undefined;
    await jest.isolateModulesAsync(async () => {
      mod = await import('../../functions/data/client');
    });
    await use(mod!);
  } finally {
    process.env = saved;
  }
}
const get = () => new GetCommand({ TableName: 'T', Key: { PK: 'A', SK: 'B' } });
const credentialOf = (a: Arrived) => /^AWS4-HMAC-SHA256 Credential=([^/]+)\/\d{8}\/eu-central-1\/dynamodb\/aws4_request/.exec(String(a.headers.authorization))?.[1];

it('signs with the Lambda’s own credentials from its environment, session token included', async () => {
  await withClient(LAMBDA, async ({ ddb }) => {
    await ddb.send(get());
  });
  expect(arrived).toHaveLength(1);
  expect(credentialOf(arrived[0]!)).toBe('ASIALAMBDA');
  expect(arrived[0]!.headers['x-amz-security-token']).toBe('tok');
  expect(arrived[0]!.headers['x-amz-target']).toBe('DynamoDB_20120810.GetItem');
});

it('without them, signs with the operator’s profile (admin-create run from a laptop)', async () => {
  const dir = scratchDir('store-client-');
  const file = path.join(dir, 'credentials');
  fs.writeFileSync(file, '[teacher]\naws_access_key_id = AKIAPROFILE\naws_secret_access_key = secret\n');
  await withClient({ AWS_PROFILE: 'teacher', AWS_SHARED_CREDENTIALS_FILE: file, AWS_CONFIG_FILE: path.join(dir, 'none') }, async ({ ddb }) => {
    await ddb.send(get());
  });
  expect(credentialOf(arrived.at(-1)!)).toBe('AKIAPROFILE');
  expect(arrived.at(-1)!.headers['x-amz-security-token']).toBeUndefined();
});

it('leaves undefined members out of an item, at any depth, and reads answers back as plain values', async () => {
  answers = [{ status: 200, body: {} }, { status: 200, body: { Item: { PK: { S: 'A' }, SK: { S: 'B' }, n: { N: '12' }, tags: { SS: ['x', 'y'] } } } }];
  await withClient(LAMBDA, async ({ ddb }) => {
    await ddb.send(new PutCommand({ TableName: 'T', Item: { PK: 'A', SK: 'B', gone: undefined, list: [1, { deep: undefined, k: 2 }] } }));
    expect((await ddb.send(get())).Item).toEqual({ PK: 'A', SK: 'B', n: 12, tags: new Set(['x', 'y']) });
  });
  expect(JSON.parse(arrived[0]!.body)).toEqual({ TableName: 'T', Item: { PK: { S: 'A' }, SK: { S: 'B' }, list: { L: [{ N: '1' }, { M: { k: { N: '2' } } }] } } });
});

it('fills a transaction’s idempotency token, so a retry after a lost answer is applied once', async () => {
  await withClient(LAMBDA, async ({ ddb }) => {
    await ddb.send(new TransactWriteCommand({ TransactItems: [{ Delete: { TableName: 'T', Key: { PK: 'H', SK: 'O' } } }] }));
  });
  expect(JSON.parse(arrived[0]!.body).ClientRequestToken).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
});

it('tries a 500 again up to AWS_MAX_ATTEMPTS, and throws a condition that failed as the SDK names it, untried', async () => {
  answers = [{ status: 500, body: { __type: 'com.amazonaws.dynamodb.v20120810#InternalServerError', message: 'boom' } }, { status: 200, body: { Item: { PK: { S: 'A' } } } }];
  await withClient({ ...LAMBDA, AWS_MAX_ATTEMPTS: '2' }, async ({ ddb }) => {
    expect((await ddb.send(get())).Item).toEqual({ PK: 'A' });
    expect(arrived).toHaveLength(2);
    answers = [{ status: 400, body: { __type: 'com.amazonaws.dynamodb.v20120810#ConditionalCheckFailedException', message: 'The conditional request failed' } }];
    await expect(ddb.send(new PutCommand({ TableName: 'T', Item: { PK: 'A', SK: 'B' }, ConditionExpression: 'attribute_not_exists(PK)' }))).rejects.toMatchObject({
      name: 'ConditionalCheckFailedException',
      $metadata: { httpStatusCode: 400, attempts: 1 },
    });
  });
  expect(arrived).toHaveLength(3);
});

it('is made with the quiet logger (sdk-options.ts) and one keep-alive connection pool', async () => {
  await withClient(LAMBDA, async ({ ddb }) => {
    expect((ddb.config.logger as { info?: unknown }).info).toBeUndefined();
    await Promise.all([ddb.send(get()), ddb.send(get())]);
    await ddb.send(get());
  });
  expect(arrived.map((a) => a.headers.connection)).toEqual(['keep-alive', 'keep-alive', 'keep-alive']);
});
