/**
 * sdkOptions (functions/lib/sdk-options.ts): the SDK clients' logger has no `info`, so the logger
 * middleware does not deep-copy every call's input and output through the sensitive-data filter.
 */
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { Readable } from 'node:stream';
import { ddb } from '../../functions/data/client';
import { cognito, s3 } from '../../functions/lib/aws';
import { sdkOptions } from '../../functions/lib/sdk-options';

/** A DocumentClient answering every call with `items`, and how many times the output filter ran. */
function clientWith(options: object, items: object[]) {
  const requestHandler = {
    handle: async () => ({ response: { statusCode: 200, headers: { 'content-type': 'application/x-amz-json-1.0' }, body: Readable.from([Buffer.from(JSON.stringify({ Items: items, Count: items.length }))]) } }),
  };
  const client = new DynamoDBClient({ ...options, region: 'eu-central-1', endpoint: 'http://127.0.0.1:1', credentials: { accessKeyId: 'a', secretAccessKey: 'b' }, requestHandler: requestHandler as never });
  const filtered = { input: 0, output: 0 };
  client.middlewareStack.add(
    (next, context) => {
      const c = context as { inputFilterSensitiveLog: (x: unknown) => unknown; outputFilterSensitiveLog: (x: unknown) => unknown };
      const [inF, outF] = [c.inputFilterSensitiveLog, c.outputFilterSensitiveLog];
      c.inputFilterSensitiveLog = (x) => (filtered.input++, inF(x));
      c.outputFilterSensitiveLog = (x) => (filtered.output++, outF(x));
      return next;
    },
    { step: 'initialize', priority: 'high' },
  );
  return { doc: DynamoDBDocumentClient.from(client), filtered };
}

describe('the SDK clients’ logger', () => {
  const items = Array.from({ length: 50 }, (_, i) => ({ PK: { S: 'P' }, SK: { S: `S${i}` }, name: { S: 'محمد' } }));
  const query = () => new QueryCommand({ TableName: 'bench', KeyConditionExpression: 'PK = :p', ExpressionAttributeValues: { ':p': 'P' } });

  it('with the SDK’s default logger, every call’s input and output go through the filter', async () => {
    const { doc, filtered } = clientWith({}, items);
    expect((await doc.send(query())).Items).toHaveLength(50);
    expect(filtered).toEqual({ input: 1, output: 1 });
  });

  it('with sdkOptions the filter never runs, and the answer is the same', async () => {
    const { doc, filtered } = clientWith(sdkOptions, items);
    const out = await doc.send(query());
    expect(out.Items).toHaveLength(50);
    expect(out.Items?.[3]).toEqual({ PK: 'P', SK: 'S3', name: 'محمد' });
    expect(filtered).toEqual({ input: 0, output: 0 });
  });

  it('is what the Lambdas’ SDK clients are made with, the DynamoDB client among them', () => {
    for (const client of [s3, cognito, ddb]) expect((client.config.logger as { info?: unknown }).info).toBeUndefined();
  });
});
