/**
 * functions/data/dynamo-http.ts, the Lambdas' store client, against the AWS SDK it stands in for:
 * the same signature as the SDK's SignatureV4, the same wire bodies and answers as the
 * DocumentClient for the commands the handlers send, errors named and shaped as the SDK's, the
 * SDK's retries. Both clients talk to one HTTP server here that records what arrives and answers
 * what the test says (DynamoDB Local itself runs under every integration test).
 */
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import {
  BatchGetCommand, BatchWriteCommand, DeleteCommand, DynamoDBDocumentClient, GetCommand, PutCommand, QueryCommand, TransactWriteCommand, UpdateCommand,
} from '@aws-sdk/lib-dynamodb';
import { SignatureV4 } from '@smithy/signature-v4';
import { createHash, createHmac } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { signer, StoreError, storeClient } from '../../functions/data/dynamo-http';
import { scratchDir } from '../support/scratch';

interface Arrived {
  headers: http.IncomingHttpHeaders;
  body: string;
}
type Answer = { status: number; body: unknown; headers?: Record<string, string> } | 'reset';

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
      if (a === 'reset') return req.socket.destroy();
      res.writeHead(a.status, { 'content-type': 'application/x-amz-json-1.0', 'x-amzn-requestid': 'R1', ...a.headers });
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

const creds = { accessKeyId: 'AKIDEXAMPLE', secretAccessKey: 'wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY', sessionToken: 'FQoGZXIvYXdzEXAMPLE' };
const lean = (maxAttempts = 1) => storeClient({ region: 'eu-central-1', endpoint, credentials: () => creds, maxAttempts });
const sdk = () =>
  DynamoDBDocumentClient.from(new DynamoDBClient({ region: 'eu-central-1', endpoint, credentials: creds, maxAttempts: 1 }), { marshallOptions: { removeUndefinedValues: true } });
const strip = <T extends object>(o: T) => {
  const { $metadata: _m, ...rest } = o as T & { $metadata?: unknown };
  return rest;
};

/** node's crypto as the hash the SDK's signer takes (HMAC when given a secret). */
class NodeSha256 {
  private h;
  constructor(secret?: string | Uint8Array) {
    this.h = secret === undefined ? createHash('sha256') : createHmac('sha256', Buffer.from(secret as never));
  }
  update(d: string | Uint8Array) {
    this.h.update(typeof d === 'string' ? Buffer.from(d, 'utf8') : d);
  }
  async digest() {
    return new Uint8Array(this.h.digest());
  }
}

describe('the signature', () => {
  for (const sessionToken of [creds.sessionToken, undefined]) {
    it(`is the SDK's SignatureV4 for the same request (${sessionToken ? 'with' : 'without'} a session token)`, async () => {
      const at = new Date('2026-11-28T18:42:07.123Z');
      const body = '{"TableName":"bioscope","Key":{"PK":{"S":"USER#1"},"SK":{"S":"PROFILE"}}}';
      const c = { ...creds, sessionToken };
      const ours = signer('eu-central-1')('dynamodb.eu-central-1.amazonaws.com', 'GetItem', body, c, at);
      const theirs = await new SignatureV4({ service: 'dynamodb', region: 'eu-central-1', credentials: c, sha256: NodeSha256 as never, applyChecksum: false }).sign(
        {
          method: 'POST', protocol: 'https:', hostname: 'dynamodb.eu-central-1.amazonaws.com', path: '/', query: {}, body,
          headers: { 'content-type': 'application/x-amz-json-1.0', host: 'dynamodb.eu-central-1.amazonaws.com', 'x-amz-target': 'DynamoDB_20120810.GetItem' },
        },
        { signingDate: at },
      );
      expect(ours.authorization).toBe(theirs.headers.authorization);
      expect(ours['x-amz-date']).toBe('20261128T184207Z');
      expect(ours['x-amz-security-token']).toBe(sessionToken);
      // The signing key is kept per day: the next day's request is signed with the next day's key.
      const next = signer('eu-central-1');
      next('h', 'GetItem', body, c, at);
      const tomorrow = new Date('2026-11-29T00:00:01Z');
      const b = await new SignatureV4({ service: 'dynamodb', region: 'eu-central-1', credentials: c, sha256: NodeSha256 as never, applyChecksum: false }).sign(
        { method: 'POST', protocol: 'https:', hostname: 'h', path: '/', query: {}, body, headers: { 'content-type': 'application/x-amz-json-1.0', host: 'h', 'x-amz-target': 'DynamoDB_20120810.GetItem' } },
        { signingDate: tomorrow },
      );
      expect(next('h', 'GetItem', body, c, tomorrow).authorization).toBe(b.headers.authorization);
    });
  }

  it('is sent with the request, for the host the request goes to', async () => {
    await lean().send(new GetCommand({ TableName: 'T', Key: { PK: 'A', SK: 'B' } }));
    const h = arrived[0]!.headers;
    expect(h.host).toBe(new URL(endpoint).host);
    expect(h['x-amz-target']).toBe('DynamoDB_20120810.GetItem');
    expect(h['content-type']).toBe('application/x-amz-json-1.0');
    expect(h.authorization).toMatch(/^AWS4-HMAC-SHA256 Credential=AKIDEXAMPLE\/\d{8}\/eu-central-1\/dynamodb\/aws4_request, SignedHeaders=content-type;host;x-amz-date;x-amz-security-token;x-amz-target, Signature=[0-9a-f]{64}$/);
  });
});

describe('the same wire and answers as the DocumentClient', () => {
  const key = new Uint8Array([0, 1, 2, 250, 255]);
  const commands = () => [
    new GetCommand({ TableName: 'T', Key: { PK: 'USER#1', SK: 'PROFILE' }, ConsistentRead: true }),
    new PutCommand({
      TableName: 'T', Item: { PK: 'A', SK: 'B', n: 5, f: 1.5, s: 'محمد', b: true, nil: null, gone: undefined, list: [1, 'x', { deep: undefined, k: 2 }], map: { a: { b: ['c'] } }, tags: new Set(['x', 'y']), key },
      ConditionExpression: 'attribute_not_exists(PK)',
    }),
    new UpdateCommand({ TableName: 'T', Key: { PK: 'A', SK: 'B' }, UpdateExpression: 'SET #n = :n, l = list_append(l, :l)', ExpressionAttributeNames: { '#n': 'name' }, ExpressionAttributeValues: { ':n': 'x', ':l': [{ a: 1 }] }, ReturnValues: 'ALL_NEW' }),
    new DeleteCommand({ TableName: 'T', Key: { PK: 'A', SK: 'B' }, ConditionExpression: 'v = :v', ExpressionAttributeValues: { ':v': 3 } }),
    new QueryCommand({ TableName: 'T', IndexName: 'byParent', KeyConditionExpression: 'GSI1PK = :p AND begins_with(GSI1SK, :s)', ExpressionAttributeValues: { ':p': 'P', ':s': 'S' }, ExclusiveStartKey: { PK: 'a', SK: 'b', GSI1PK: 'P', GSI1SK: 'S1' }, Limit: 10, ScanIndexForward: false }),
    new BatchGetCommand({ RequestItems: { T: { Keys: [{ PK: 'A', SK: '1' }, { PK: 'A', SK: '2' }], ConsistentRead: true } } }),
    new BatchWriteCommand({ RequestItems: { T: [{ PutRequest: { Item: { PK: 'A', SK: '1', v: 1 } } }, { DeleteRequest: { Key: { PK: 'A', SK: '2' } } }] } }),
    new TransactWriteCommand({
      TransactItems: [
        { Put: { TableName: 'T', Item: { PK: 'O', SK: '1', total: 100 }, ConditionExpression: 'attribute_not_exists(PK)' } },
        { Update: { TableName: 'T', Key: { PK: 'C', SK: 'X' }, UpdateExpression: 'ADD used :one', ConditionExpression: 'used < :max', ExpressionAttributeValues: { ':one': 1, ':max': 10 } } },
        { ConditionCheck: { TableName: 'T', Key: { PK: 'U', SK: 'P' }, ConditionExpression: 'attribute_exists(PK)' } },
        { Delete: { TableName: 'T', Key: { PK: 'H', SK: 'O' } } },
      ],
    }),
  ];
  const item = { PK: { S: 'A' }, SK: { S: 'B' }, n: { N: '12' }, big: { N: '1700000000000' }, s: { S: 'نص' }, ok: { BOOL: true }, z: { NULL: true }, l: { L: [{ N: '1' }, { M: { k: { S: 'v' } } }] }, ss: { SS: ['a', 'b'] }, key: { B: Buffer.from(key).toString('base64') } };
  const outputs = [
    { Item: item },
    {},
    { Attributes: item },
    {},
    { Items: [item, item], Count: 2, ScannedCount: 2, LastEvaluatedKey: { PK: { S: 'a' }, SK: { S: 'b' } } },
    { Responses: { T: [item] }, UnprocessedKeys: { T: { Keys: [{ PK: { S: 'A' }, SK: { S: '2' } }] } } },
    { UnprocessedItems: { T: [{ PutRequest: { Item: item } }] } },
    {},
  ];

  it('sends each command as the DocumentClient does (same target, same JSON body)', async () => {
    const [ours, theirs] = [lean(), sdk()];
    for (const [i, make] of commands().map((_, i) => [i, () => commands()[i]!] as const)) {
      arrived = [];
      await ours.send(make());
      await theirs.send(make() as never);
      const [a, b] = arrived;
      expect([i, a!.headers['x-amz-target']]).toEqual([i, b!.headers['x-amz-target']]);
      const [ab, bb] = [JSON.parse(a!.body), JSON.parse(b!.body)];
      if (bb.TransactItems) {
        // Each fills its own idempotency token (a UUID) when the command names none.
        for (const x of [ab, bb]) expect(x.ClientRequestToken).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
        delete ab.ClientRequestToken;
        delete bb.ClientRequestToken;
      }
      expect([i, ab]).toEqual([i, bb]);
    }
  });

  it('answers each as the DocumentClient does (numbers, sets, binary as Uint8Array, nested lists and maps)', async () => {
    const [ours, theirs] = [lean(), sdk()];
    for (const [i, out] of outputs.entries()) {
      answers = [{ status: 200, body: out }, { status: 200, body: out }];
      const a = await ours.send(commands()[i]!);
      const b = await theirs.send(commands()[i]! as never);
      expect([i, strip(a)]).toEqual([i, strip(b as object)]);
    }
    answers = [{ status: 200, body: { Item: item } }];
    const got = (await ours.send(commands()[0]!)).Item as Record<string, unknown>;
    expect(got.key).toBeInstanceOf(Uint8Array);
    expect([...(got.key as Uint8Array)]).toEqual([...key]);
    expect(got.ss).toEqual(new Set(['a', 'b']));
  });
});

describe('errors, as the SDK throws them', () => {
  const caught = async (p: Promise<unknown>) => p.then(() => undefined, (e: unknown) => e as StoreError);
  const failed = { status: 400, body: { __type: 'com.amazonaws.dynamodb.v20120810#ConditionalCheckFailedException', message: 'The conditional request failed' } };
  const cancelled = {
    status: 400,
    body: {
      __type: 'com.amazonaws.dynamodb.v20120810#TransactionCanceledException',
      Message: 'Transaction cancelled, please refer cancellation reasons for specific reasons [None, ConditionalCheckFailed]',
      CancellationReasons: [{ Code: 'None' }, { Code: 'ConditionalCheckFailed', Message: 'The conditional request failed' }],
    },
  };
  const put = () => new PutCommand({ TableName: 'T', Item: { PK: 'A', SK: 'B' }, ConditionExpression: 'attribute_not_exists(PK)' });

  for (const [what, answer] of [['a failed condition', failed], ['a cancelled transaction', cancelled]] as const) {
    it(`${what}: the same name, message and members`, async () => {
      answers = [answer, answer];
      const ours = (await caught(lean(3).send(put())))!;
      const theirs = (await caught(sdk().send(put())))! as unknown as StoreError;
      expect(ours).toBeInstanceOf(Error);
      expect(ours.name).toBe(theirs.name);
      expect(ours.message).toBe(theirs.message);
      expect(ours.CancellationReasons).toEqual(theirs.CancellationReasons);
      expect(ours.$metadata).toMatchObject({ httpStatusCode: 400, attempts: 1 });
      expect(ours.$fault).toBe('client');
      // A client error is never tried again.
      expect(arrived).toHaveLength(2);
    });
  }

  it('the error type from the x-amzn-errortype header, and a body that is no JSON', async () => {
    answers = [{ status: 400, body: 'not json', headers: { 'x-amzn-errortype': 'ValidationException:http://internal.amazon.com/coral/' } }];
    const e = (await caught(lean().send(put())))!;
    expect(e.name).toBe('ValidationException');
    expect(e.$metadata.httpStatusCode).toBe(400);
  });
});

describe('retries, as the SDK standard mode', () => {
  const get = () => new GetCommand({ TableName: 'T', Key: { PK: 'A', SK: 'B' } });
  it('a 500 and a throttled answer are tried again, up to maxAttempts', async () => {
    answers = [{ status: 500, body: { __type: 'InternalServerError', message: 'x' } }, { status: 400, body: { __type: 'x#ProvisionedThroughputExceededException', message: 'slow down' } }, { status: 200, body: { Item: { PK: { S: 'A' } } } }];
    jest.spyOn(Math, 'random').mockReturnValue(0); // no wait
    try {
      expect((await lean(3).send(get())).Item).toEqual({ PK: 'A' });
    } finally {
      jest.restoreAllMocks();
    }
    expect(arrived).toHaveLength(3);
  });

  it('gives up after maxAttempts with the last error, its attempts counted', async () => {
    answers = [{ status: 503, body: { __type: 'ServiceUnavailable', message: 'a' } }, { status: 503, body: { __type: 'ServiceUnavailable', message: 'b' } }];
    jest.spyOn(Math, 'random').mockReturnValue(0);
    let e: StoreError | undefined;
    try {
      await lean(2).send(get()).catch((x: StoreError) => (e = x));
    } finally {
      jest.restoreAllMocks();
    }
    expect(e).toMatchObject({ name: 'ServiceUnavailable', message: 'b', $fault: 'server', $retryable: { throttling: false } });
    expect(e!.$metadata.attempts).toBe(2);
  });

  it('a connection broken before the answer is tried again; with one attempt it fails at once', async () => {
    answers = ['reset', { status: 200, body: { Item: { PK: { S: 'A' } } } }];
    jest.spyOn(Math, 'random').mockReturnValue(0);
    try {
      expect((await lean(3).send(get())).Item).toEqual({ PK: 'A' });
    } finally {
      jest.restoreAllMocks();
    }
    answers = ['reset'];
    await expect(lean(1).send(get())).rejects.toMatchObject({ code: 'ECONNRESET' });
  });

  it('sends no command it does not know', async () => {
    class Other {
      input = {};
    }
    await expect(lean().send(new Other())).rejects.toThrow('The store client sends no Other');
    expect(arrived).toHaveLength(0);
  });
});

describe('the Lambdas’ store client (functions/data/client.ts)', () => {
  /** client.ts made afresh with these variables in the environment, `use` run while they hold. */
  const withClient = async (vars: Record<string, string>, use: (m: typeof import('../../functions/data/client')) => Promise<void>) => {
    const saved = { ...process.env };
    for (const k of ['AWS_ACCESS_KEY_ID', 'AWS_SECRET_ACCESS_KEY', 'AWS_SESSION_TOKEN', 'AWS_PROFILE', 'AWS_SHARED_CREDENTIALS_FILE', 'AWS_CONFIG_FILE']) delete process.env[k];
    Object.assign(process.env, { DYNAMODB_ENDPOINT: endpoint, AWS_MAX_ATTEMPTS: '1' }, vars);
    try {
      let mod: typeof import('../../functions/data/client') | undefined;
      await jest.isolateModulesAsync(async () => {
        mod = await import('../../functions/data/client');
      });
      await use(mod!);
    } finally {
      process.env = saved;
    }
  };
  const credentialOf = () => /Credential=([^/]+)\//.exec(String(arrived.at(-1)!.headers.authorization))![1];

  it('signs with the Lambda’s own credentials from its environment, session token included', async () => {
    await withClient({ AWS_ACCESS_KEY_ID: 'ASIALAMBDA', AWS_SECRET_ACCESS_KEY: 's', AWS_SESSION_TOKEN: 'tok' }, async ({ ddb }) => {
      await ddb.send(new GetCommand({ TableName: 'T', Key: { PK: 'A', SK: 'B' } }));
    });
    expect(credentialOf()).toBe('ASIALAMBDA');
    expect(arrived.at(-1)!.headers['x-amz-security-token']).toBe('tok');
  });

  it('without them, signs with what the SDK’s provider chain finds when a script hands it over (an operator’s profile: admin-create)', async () => {
    const fs = await import('node:fs');
    const path = await import('node:path');
    const dir = scratchDir('store-client-');
    const file = path.join(dir, 'credentials');
    fs.writeFileSync(file, '[teacher]\naws_access_key_id = AKIAPROFILE\naws_secret_access_key = secret\n');
    await withClient({ AWS_PROFILE: 'teacher', AWS_SHARED_CREDENTIALS_FILE: file, AWS_CONFIG_FILE: path.join(dir, 'none') }, async ({ ddb, useCredentials }) => {
      const { defaultProvider } = await import('@aws-sdk/credential-provider-node');
      useCredentials(defaultProvider());
      await ddb.send(new GetCommand({ TableName: 'T', Key: { PK: 'A', SK: 'B' } }));
    });
    expect(credentialOf()).toBe('AKIAPROFILE');
    expect(arrived.at(-1)!.headers['x-amz-security-token']).toBeUndefined();
  });

  it('without either, refuses before sending anything, saying what is missing', async () => {
    const before = arrived.length;
    await withClient({}, async ({ ddb }) => {
      await expect(ddb.send(new GetCommand({ TableName: 'T', Key: { PK: 'A', SK: 'B' } }))).rejects.toThrow(/No AWS credentials for the store/);
    });
    expect(arrived).toHaveLength(before);
  });

  it('is bundled without the SDK’s provider chain (STS, SSO, IMDS clients): no Lambda takes that path', async () => {
    const { build } = await import('esbuild');
    const path = await import('node:path');
    const r = await build({ entryPoints: [path.join(__dirname, '../../functions/data/client.ts')], bundle: true, platform: 'node', format: 'esm', write: false, metafile: true, logLevel: 'silent' });
    const inputs = Object.keys(r.metafile.inputs);
    expect(inputs.some((f) => f.includes('functions/data/dynamo-http.ts'))).toBe(true);
    expect(inputs.filter((f) => /@aws-sdk\/(credential-provider|nested-clients)/.test(f))).toEqual([]);
  });
});
