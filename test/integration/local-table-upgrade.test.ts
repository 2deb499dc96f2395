/**
 * A data folder made before an index was added (npm start keeps its table under .data/): the platform's
 * start-up adds the missing index to the existing table, and DynamoDB Local fills it from the items
 * already there. Played on a table of its own in the platform's DynamoDB Local.
 */
import { CreateTableCommand, DeleteTableCommand, DescribeTableCommand } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, PutCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { TABLE_DEFINITION } from '../../functions/data/table-def';
import { createTableInput, dynamoClient, ensureTable } from '../../infra/local/dynamodb';
import { platform, uniq } from '../support/platform';

jest.setTimeout(60_000);

it('adds byLookup to a table made without it, with the items already there in it', async () => {
  const endpoint = platform().dynamoEndpoint;
  const client = dynamoClient(endpoint);
  const tableName = uniq('upgrade-');
  const full = createTableInput(tableName);
  // The table as it was made before byLookup: its other indexes and their attributes only.
  const older = full.GlobalSecondaryIndexes.filter((i) => i.IndexName !== 'byLookup');
  const used = new Set<string>(['PK', 'SK', ...older.flatMap((i) => i.KeySchema.map((k) => k.AttributeName))]);
  await client.send(new CreateTableCommand({ ...full, GlobalSecondaryIndexes: older, AttributeDefinitions: full.AttributeDefinitions.filter((a) => used.has(a.AttributeName)) }));
  try {
    const doc = DynamoDBDocumentClient.from(client);
    await doc.send(new PutCommand({ TableName: tableName, Item: { PK: 'ORDER#1', SK: 'ORDER', GSI3PK: 'PENDINGORDERS', GSI3SK: 'ORDER#1', id: '1' } }));

    await ensureTable(endpoint, tableName);
    const table = (await client.send(new DescribeTableCommand({ TableName: tableName }))).Table!;
    expect((table.GlobalSecondaryIndexes ?? []).map((i) => i.IndexName).sort()).toEqual(TABLE_DEFINITION.indexes.map((i) => i.name).sort());
    const r = await doc.send(new QueryCommand({ TableName: tableName, IndexName: 'byLookup', KeyConditionExpression: 'GSI3PK = :pk', ExpressionAttributeValues: { ':pk': 'PENDINGORDERS' } }));
    expect(r.Items?.map((i) => i.id)).toEqual(['1']);
    // A second start finds nothing to add.
    await ensureTable(endpoint, tableName);
  } finally {
    await client.send(new DeleteTableCommand({ TableName: tableName }));
  }
});
