import { CreateTableCommand, DescribeTableCommand, DynamoDBClient, type TableDescription, UpdateTableCommand, UpdateTimeToLiveCommand } from '@aws-sdk/client-dynamodb';
import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { TABLE_DEFINITION } from '../../functions/data/table-def';
import { startChild } from './child';
import { waitForPort } from './ports';

/** The jar that the amplify-dynamodb-simulator package ships. */
const emulatorDir = () => path.join(path.dirname(require.resolve('amplify-dynamodb-simulator/package.json')), 'emulator');

/** java/LoopbackDynamoDBLocal: DynamoDB Local's own main listens on every interface; this one binds one address. */
const LAUNCHER_DIR = path.join(__dirname, 'java');

/**
 * DynamoDB Local on `host` only (loopback: the table holds every account, and DynamoDB Local checks
 * no credentials), through a launcher that sets the address its own main cannot; no telemetry.
 */
export function startDynamoLocal(opts: { port: number; host: string; dataDir: string; inMemory: boolean; logDir: string }): ChildProcess {
  const dir = emulatorDir();
  const storage = opts.inMemory ? ['-inMemory'] : ['-dbPath', opts.dataDir];
  if (!opts.inMemory) fs.mkdirSync(opts.dataDir, { recursive: true });
  return startChild(
    'dynamodb',
    'java',
    [
      '-Xms64m',
      '-Xmx512m',
      `-Dbioscope.host=${opts.host}`,
      `-Djava.library.path=${path.join(dir, 'DynamoDBLocal_lib')}`,
      '-cp',
      [LAUNCHER_DIR, path.join(dir, 'DynamoDBLocal.jar')].join(path.delimiter),
      'LoopbackDynamoDBLocal',
      '-port',
      String(opts.port),
      '-sharedDb',
      '-disableTelemetry',
      ...storage,
    ],
    { cwd: dir, logFile: path.join(opts.logDir, 'dynamodb.log') },
  );
}

export function dynamoClient(endpoint: string) {
  return new DynamoDBClient({ endpoint, region: 'eu-central-1', credentials: { accessKeyId: 'local', secretAccessKey: 'local' }, maxAttempts: 1 });
}

/** The CreateTable input that mirrors the CDK table (test/infra compares them). */
export function createTableInput(tableName: string) {
  const d = TABLE_DEFINITION;
  const attrs = new Set<string>([d.partitionKey, d.sortKey, ...d.indexes.flatMap((i) => [i.partitionKey, i.sortKey])]);
  return {
    TableName: tableName,
    BillingMode: 'PAY_PER_REQUEST' as const,
    AttributeDefinitions: [...attrs].map((a) => ({ AttributeName: a, AttributeType: 'S' as const })),
    KeySchema: [
      { AttributeName: d.partitionKey, KeyType: 'HASH' as const },
      { AttributeName: d.sortKey, KeyType: 'RANGE' as const },
    ],
    GlobalSecondaryIndexes: d.indexes.map((i) => ({
      IndexName: i.name,
      KeySchema: [
        { AttributeName: i.partitionKey, KeyType: 'HASH' as const },
        { AttributeName: i.sortKey, KeyType: 'RANGE' as const },
      ],
      Projection: { ProjectionType: 'ALL' as const },
    })),
  };
}

export async function ensureTable(endpoint: string, tableName: string): Promise<void> {
  const port = Number(new URL(endpoint).port);
  await waitForPort(port, '127.0.0.1', 60000);
  const client = dynamoClient(endpoint);
  // The port opens a moment before the service answers.
  let existing: TableDescription | undefined;
  for (let i = 0; ; i++) {
    try {
      existing = (await client.send(new DescribeTableCommand({ TableName: tableName }))).Table;
      break;
    } catch (e) {
      if ((e as Error).name === 'ResourceNotFoundException') break;
      if (i > 100) throw e;
      await new Promise((r) => setTimeout(r, 200));
    }
  }
  if (existing) return addMissingIndexes(client, tableName, new Set((existing.GlobalSecondaryIndexes ?? []).map((x) => x.IndexName)));
  await client.send(new CreateTableCommand(createTableInput(tableName)));
  await client.send(
    new UpdateTimeToLiveCommand({ TableName: tableName, TimeToLiveSpecification: { AttributeName: TABLE_DEFINITION.ttlAttribute, Enabled: true } }),
  );
}

/**
 * A data folder made before an index was added to TABLE_DEFINITION gets it (DynamoDB Local fills it from
 * the items there), one UpdateTable per index as DynamoDB requires.
 */
async function addMissingIndexes(client: DynamoDBClient, tableName: string, present: Set<string | undefined>): Promise<void> {
  const input = createTableInput(tableName);
  for (const index of input.GlobalSecondaryIndexes.filter((x) => !present.has(x.IndexName))) {
    const names = new Set<string>(index.KeySchema.map((k) => k.AttributeName));
    await client.send(
      new UpdateTableCommand({
        TableName: tableName,
        AttributeDefinitions: input.AttributeDefinitions.filter((a) => names.has(a.AttributeName)),
        GlobalSecondaryIndexUpdates: [{ Create: index }],
      }),
    );
    // Filled from the items there before it answers queries (and before the next index may be added).
    for (let i = 0; ; i++) {
      const { Table } = await client.send(new DescribeTableCommand({ TableName: tableName }));
      if (Table?.GlobalSecondaryIndexes?.find((x) => x.IndexName === index.IndexName)?.IndexStatus === 'ACTIVE') break;
      if (i > 600) throw new Error(`DynamoDB Local did not build the index ${index.IndexName}`);
      await new Promise((r) => setTimeout(r, 100));
    }
  }
}
