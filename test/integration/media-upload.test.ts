/**
 * on-upload's handler against DynamoDB Local, with the Transcoder port pointed at a stand-in that
 * records the CreateJob input (TRANSCODER=local, LOCAL_TRANSCODER_URL = a server of this test):
 * with HLS_AES=1 the asset is encrypted and its key item (AP57) holds the very key the job encrypts
 * with; the same event twice sends one job; a job the transcoder refuses leaves the asset failed with
 * the reason, and the event is thrown on (so S3's retry tries again).
 */
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import type { CreateJobCommandInput } from '@aws-sdk/client-mediaconvert';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { s3EventOf } from '../../infra/local/transcoder';
import { ddb, platform, uniq } from '../support/platform';

const jobs: CreateJobCommandInput[] = [];
let refuse = false;
const server = http.createServer((req, res) => {
  let body = '';
  req.on('data', (c: Buffer) => (body += c.toString()));
  req.on('end', () => {
    if (refuse) {
      res.writeHead(400, { 'content-type': 'application/json' });
      return res.end(JSON.stringify({ message: 'no room' }));
    }
    jobs.push(JSON.parse(body) as CreateJobCommandInput);
    res.writeHead(201, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ Job: { Id: `job-${jobs.length}` } }));
  });
});

type Handler = (e: unknown) => Promise<void>;
let onUpload: Handler;
let assetKeyOf: (assetId: string) => Promise<Uint8Array | undefined>;

beforeAll(async () => {
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  const p = platform();
  Object.assign(process.env, {
    TABLE_NAME: p.tableName,
    MEDIA_BUCKET: p.bucket,
    DYNAMODB_ENDPOINT: p.dynamoEndpoint,
    AWS_ACCESS_KEY_ID: 'S3RVER',
    AWS_SECRET_ACCESS_KEY: 'S3RVER',
    AWS_REGION: 'eu-central-1',
    LOG_LEVEL: 'SILENT',
    TRANSCODER: 'local',
    LOCAL_TRANSCODER_URL: `http://127.0.0.1:${(server.address() as AddressInfo).port}/jobs`,
    HLS_AES: '1',
    HLS_LADDER: '[{"name":"360p","height":360,"videoKbps":800},{"name":"240p","height":240,"videoKbps":400}]',
  });
  onUpload = (await import('../../functions/media/on-upload')).handler as Handler;
  assetKeyOf = (await import('../../functions/media/public')).assetKeyOf;
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));

const assetOf = async (assetId: string) =>
  (await ddb().send(new GetCommand({ TableName: platform().tableName, Key: { PK: `ASSET#${assetId}`, SK: 'ASSET' } }))).Item;

it('HLS_AES=1: the asset is encrypted, its key item holds the key the job encrypts with, the job has the ladder of HLS_LADDER; the same event twice sends one job', async () => {
  const assetId = uniq('A').toUpperCase().replace(/[^A-Z0-9]/g, '');
  const key = `videos/${assetId}`;
  const event = s3EventOf(platform().bucket, key, 'etag-1', 1234);
  const before = jobs.length;
  await onUpload(event);
  await onUpload(event);
  expect(jobs.length - before).toBe(1);
  const job = jobs.at(-1)!;
  expect(job.UserMetadata).toMatchObject({ assetId, sourceKey: key, sourceEtag: 'etag-1', ladder: '240p:240:400,360p:360:800' });
  const group = job.Settings!.OutputGroups![0]!;
  expect(group.Outputs!.map((o) => o.NameModifier)).toEqual(['_240p', '_360p']);
  const enc = group.OutputGroupSettings!.HlsGroupSettings!.Encryption!;
  expect(enc.StaticKeyProvider!.Url).toBe(`/api/AWS/media-keys/${assetId}`);
  const stored = await assetKeyOf(assetId);
  expect(stored).toHaveLength(16);
  expect(Buffer.from(stored!).toString('hex')).toBe(enc.StaticKeyProvider!.StaticKeyValue);
  expect(await assetOf(assetId)).toMatchObject({ state: 'processing', progress: 0, encrypted: true, jobId: `job-${jobs.length}`, sourceEtag: 'etag-1' });
  expect(await assetKeyOf(uniq('none'))).toBeUndefined();

  // Other bytes under the same key (stored again): a new job with a new key.
  await onUpload(s3EventOf(platform().bucket, key, 'etag-2', 1234));
  expect(jobs.length - before).toBe(2);
  expect(Buffer.from((await assetKeyOf(assetId))!).toString('hex')).toBe(jobs.at(-1)!.Settings!.OutputGroups![0]!.OutputGroupSettings!.HlsGroupSettings!.Encryption!.StaticKeyProvider!.StaticKeyValue);
  expect(jobs.at(-1)!.Settings!.OutputGroups![0]!.OutputGroupSettings!.HlsGroupSettings!.Encryption!.StaticKeyProvider!.StaticKeyValue).not.toBe(enc.StaticKeyProvider!.StaticKeyValue);
});

it('a job the transcoder refuses leaves the asset failed with the reason and throws (the retried event then starts it)', async () => {
  const assetId = uniq('B').toUpperCase().replace(/[^A-Z0-9]/g, '');
  const event = s3EventOf(platform().bucket, `videos/${assetId}`, 'etag-1', 10);
  refuse = true;
  try {
    await expect(onUpload(event)).rejects.toThrow(/refused the job \(400\): no room/);
  } finally {
    refuse = false;
  }
  expect(await assetOf(assetId)).toMatchObject({ state: 'failed', failure: 'The transcode could not start: The local transcoder refused the job (400): no room' });
  const before = jobs.length;
  await onUpload(event);
  expect(jobs.length - before).toBe(1);
  expect(await assetOf(assetId)).toMatchObject({ state: 'processing', jobId: `job-${jobs.length}` });
});

it('events other than a video stored under videos/ start nothing', async () => {
  const before = jobs.length;
  await onUpload(s3EventOf(platform().bucket, `images/${uniq('i')}.png`, 'e', 1));
  await onUpload(s3EventOf(platform().bucket, `videos/${uniq('v')}`, 'e', 1, 'ObjectRemoved:Delete'));
  expect(jobs.length).toBe(before);
});
