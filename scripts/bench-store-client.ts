/**
 * npm run bench:store-client — what one store call costs the Lambda's CPU, by client, against a
 * DynamoDB Local of its own (in memory): the AWS SDK's DocumentClient, the store client the Lambdas
 * use (functions/data/dynamo-http.ts), and the bare HTTP request (unsigned, no marshalling: the
 * floor). For a GetItem, a Query of 50 items and a BatchGetItem of 5, 20 calls in flight: node CPU
 * per call (process.cpuUsage) and calls per second (this machine's two cores shared with the JVM).
 */
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { BatchGetCommand, BatchWriteCommand, DynamoDBDocumentClient, GetCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { storeClient } from '../functions/data/dynamo-http';
import { ensureTable, startDynamoLocal } from '../infra/local/dynamodb';
import { freePort } from '../infra/local/ports';

const TABLE = 'bench-store-client';
const CALLS = Number(process.env.CALLS ?? 4000);

async function main() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-store-client-'));
  const port = await freePort();
  const child = startDynamoLocal({ port, host: '127.0.0.1', dataDir: dir, inMemory: true, logDir: dir });
  try {
    const endpoint = `http://127.0.0.1:${port}`;
    await ensureTable(endpoint, TABLE);
    const credentials = { accessKeyId: 'local', secretAccessKey: 'local' };
    const quiet = { trace() {}, debug() {}, warn() {}, error() {} };
    const sdk = DynamoDBDocumentClient.from(new DynamoDBClient({ endpoint, region: 'eu-central-1', credentials, maxAttempts: 1, logger: quiet as never }), { marshallOptions: { removeUndefinedValues: true } });
    const ours = storeClient({ region: 'eu-central-1', endpoint, credentials: () => credentials, maxAttempts: 1 });
    const item = (i: number) => ({ PK: 'SECTION#1', SK: `LECTURE#${String(i).padStart(3, '0')}`, name: `المحاضرة ${i}`, price: 120, videos: [{ name: 'Part 1', quizId: null }], description: 'x'.repeat(200) });
    for (let i = 0; i < 50; i += 25) await sdk.send(new BatchWriteCommand({ RequestItems: { [TABLE]: Array.from({ length: 25 }, (_, j) => ({ PutRequest: { Item: item(i + j) } })) } }));

    const agent = new http.Agent({ keepAlive: true, maxSockets: 50 });
    const bare = (target: string, input: object) => {
      const body = JSON.stringify(input);
      return new Promise<unknown>((resolve, reject) => {
        const req = http.request(endpoint, { method: 'POST', agent, headers: { 'content-type': 'application/x-amz-json-1.0', 'x-amz-target': `DynamoDB_20120810.${target}`, authorization: 'AWS4-HMAC-SHA256 Credential=local/20260101/eu-central-1/dynamodb/aws4_request, SignedHeaders=host, Signature=0', 'content-length': Buffer.byteLength(body) } }, (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () => resolve(JSON.parse(Buffer.concat(chunks).toString())));
        });
        req.on('error', reject);
        req.end(body);
      });
    };
    const key = (i: number) => ({ PK: 'SECTION#1', SK: `LECTURE#${String(i).padStart(3, '0')}` });
    const wire = (k: { PK: string; SK: string }) => ({ PK: { S: k.PK }, SK: { S: k.SK } });
    const operations = {
      GetItem: {
        command: () => new GetCommand({ TableName: TABLE, Key: key(7) }),
        bare: () => bare('GetItem', { TableName: TABLE, Key: wire(key(7)) }),
      },
      'Query (50 items)': {
        command: () => new QueryCommand({ TableName: TABLE, KeyConditionExpression: 'PK = :p', ExpressionAttributeValues: { ':p': 'SECTION#1' } }),
        bare: () => bare('Query', { TableName: TABLE, KeyConditionExpression: 'PK = :p', ExpressionAttributeValues: { ':p': { S: 'SECTION#1' } } }),
      },
      'BatchGetItem (5)': {
        command: () => new BatchGetCommand({ RequestItems: { [TABLE]: { Keys: [1, 2, 3, 4, 5].map(key) } } }),
        bare: () => bare('BatchGetItem', { RequestItems: { [TABLE]: { Keys: [1, 2, 3, 4, 5].map((i) => wire(key(i))) } } }),
      },
    };
    const run = async (f: () => Promise<unknown>, n: number) => {
      let i = 0;
      const c0 = process.cpuUsage();
      const t0 = performance.now();
      await Promise.all(Array.from({ length: 20 }, async () => {
        while (i++ < n) await f();
      }));
      const c = process.cpuUsage(c0);
      return { cpuMs: (c.user + c.system) / 1000 / n, perSec: Math.round(n / ((performance.now() - t0) / 1000)) };
    };
    console.log(`Node CPU per store call, 20 in flight, ${CALLS} calls each (after a warm-up), DynamoDB Local in memory:`);
    for (const [name, op] of Object.entries(operations)) {
      const clients: [string, () => Promise<unknown>][] = [
        ['SDK DocumentClient', () => sdk.send(op.command() as never)],
        ['store client (the Lambdas\')', () => ours.send(op.command())],
        ['bare HTTP (floor)', op.bare],
      ];
      for (const [, f] of clients) await run(f, CALLS / 4);
      for (const [label, f] of clients) {
        const r = await run(f, CALLS);
        console.log(`  ${name.padEnd(18)} ${label.padEnd(28)} ${r.cpuMs.toFixed(3)} ms CPU/call  ${String(r.perSec).padStart(5)} calls/s`);
      }
    }
    agent.destroy();
    ours.destroy();
  } finally {
    child.kill('SIGKILL');
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

main().then(
  () => process.exit(0),
  (e) => {
    console.error(e);
    process.exit(1);
  },
);
