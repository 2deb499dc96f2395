/**
 * The table the local platform made in DynamoDB Local must be the table CDK deploys: same keys,
 * attribute types, indexes (keys and projection) and TTL attribute — read back from both sides.
 */
import { DescribeTableCommand, DescribeTimeToLiveCommand } from '@aws-sdk/client-dynamodb';
import { dynamoClient } from '../../infra/local/dynamodb';
import { synthBioscope } from '../infra/bioscope-app';
import { platform } from '../support/platform';

type Key = { AttributeName?: string; KeyType?: string };
const keyOf = (ks: Key[] | undefined) => (ks ?? []).map((k) => `${k.AttributeName}:${k.KeyType}`).sort();

/** The parts of the synthesized AWS::DynamoDB::GlobalTable this test compares. */
interface CdkTable {
  KeySchema?: Key[];
  AttributeDefinitions?: { AttributeName?: string; AttributeType?: string }[];
  GlobalSecondaryIndexes?: { IndexName?: string; KeySchema?: Key[]; Projection?: { ProjectionType?: string } }[];
  LocalSecondaryIndexes?: unknown[];
  TimeToLiveSpecification: { AttributeName?: string };
  BillingMode?: string;
}

jest.setTimeout(120_000);

it('has the keys, attribute types, indexes and TTL of the CDK table', async () => {
  const { dataTemplate } = synthBioscope();
  const tables = Object.values(dataTemplate.findResources('AWS::DynamoDB::GlobalTable')) as { Properties: CdkTable }[];
  expect(tables).toHaveLength(1);
  const cdk = tables[0]!.Properties;

  const p = platform();
  const client = dynamoClient(p.dynamoEndpoint);
  const local = (await client.send(new DescribeTableCommand({ TableName: p.tableName }))).Table!;
  const ttl = (await client.send(new DescribeTimeToLiveCommand({ TableName: p.tableName }))).TimeToLiveDescription;

  expect(keyOf(local.KeySchema)).toEqual(keyOf(cdk.KeySchema));
  const attrs = (a: { AttributeName?: string; AttributeType?: string }[] | undefined) => (a ?? []).map((x) => `${x.AttributeName}:${x.AttributeType}`).sort();
  expect(attrs(local.AttributeDefinitions)).toEqual(attrs(cdk.AttributeDefinitions));

  const gsis = (g: { IndexName?: string; KeySchema?: Key[]; Projection?: { ProjectionType?: string } }[] | undefined) =>
    (g ?? []).map((i) => ({ name: i.IndexName, keys: keyOf(i.KeySchema), projection: i.Projection?.ProjectionType ?? 'ALL' })).sort((a, b) => a.name!.localeCompare(b.name!));
  expect(gsis(local.GlobalSecondaryIndexes)).toEqual(gsis(cdk.GlobalSecondaryIndexes));
  expect(local.LocalSecondaryIndexes ?? []).toEqual(cdk.LocalSecondaryIndexes ?? []);

  expect(ttl?.TimeToLiveStatus).toBe('ENABLED');
  expect(ttl?.AttributeName).toBe(cdk.TimeToLiveSpecification.AttributeName);
  expect(local.BillingModeSummary?.BillingMode ?? 'PAY_PER_REQUEST').toBe(cdk.BillingMode);
});
