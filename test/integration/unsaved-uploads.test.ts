/**
 * Issue 39: a video uploaded from a lecture form is transcoded only once a lecture saves it. Until
 * then on-upload starts no job and tags it unsaved; the bucket's lifecycle (here
 * infra/local/upload-expiry.ts) deletes it after a day. Saving the lecture starts its job.
 */
import { GetObjectTaggingCommand, HeadObjectCommand } from '@aws-sdk/client-s3';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { expireUnsavedUploads } from '../../infra/local/upload-expiry';
import { api, ddb, platform, s3 } from '../support/platform';
import { lectureForm, makeWorld, type World } from './catalogue-fixtures';

jest.setTimeout(120_000);

let w: World;
beforeAll(async () => {
  w = await makeWorld();
});

const assetIdOf = (key: string) => /^videos\/([0-9A-Z]{26})-/.exec(key)![1];
const assetOf = async (key: string) =>
  (await ddb().send(new GetCommand({ TableName: platform().tableName, Key: { PK: `ASSET#${assetIdOf(key)}`, SK: 'ASSET' }, ConsistentRead: true }))).Item;
const tagsOf = async (key: string) => (await s3().send(new GetObjectTaggingCommand({ Bucket: platform().bucket, Key: key }))).TagSet;
/** The local transcoder's jobs of this source: running, queued or finished. */
const jobsOf = async (key: string) => {
  const t = (await (await fetch(`${platform().url}/_local/transcoder`)).json()) as { running: { assetId: string } | null; queued: { assetId: string }[]; finished: { assetId?: string }[] };
  return [t.running, ...t.queued, ...t.finished].filter((j) => j?.assetId === assetIdOf(key)).length;
};
async function until<T>(read: () => Promise<T>, ok: (v: T) => boolean, what: string): Promise<T> {
  for (let i = 0; i < 100; i++) {
    const v = await read();
    if (ok(v)) return v;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`timed out waiting for ${what}`);
}

/** A video upload as the lecture form makes it: signed, then PUT (4 KiB of noise: its job, once started, fails). */
async function upload(name: string): Promise<string> {
  const bytes = new Uint8Array(4096).map((_, i) => (i * 17) % 256);
  const up = await api('GET', `/api/AWS/get-signed-url?${new URLSearchParams({ fileName: name, fileType: 'video/mp4', fileSize: String(bytes.length) })}`, { token: w.admin.token });
  expect(up.status).toBe(200);
  expect((await fetch(up.body.signedUrl, { method: 'PUT', body: bytes, headers: { 'content-type': 'video/mp4' } })).status).toBe(200);
  return up.body.key as string;
}

it('an upload whose lecture is never saved starts no job and is tagged unsaved; saving the lecture starts its job and tags it saved', async () => {
  const key = await upload('never-saved.mp4');
  // on-upload has seen the bytes (their ETag noted) and held them.
  const held = await until(() => assetOf(key), (a) => !!a?.sourceEtag, 'on-upload to note the upload');
  expect(held).toMatchObject({ state: 'uploaded', hold: 'unsaved' });
  expect(held!.jobId).toBeUndefined();
  await until(() => tagsOf(key), (t) => !!t?.length, 'the unsaved tag');
  expect(await tagsOf(key)).toEqual([{ Key: 'bioscope-upload', Value: 'unsaved' }]);
  await new Promise((r) => setTimeout(r, 1000));
  expect(await jobsOf(key)).toBe(0);
  expect((await assetOf(key))!.state).toBe('uploaded');

  const saved = await api('POST', '/api/AWS/save-lecture', {
    token: w.admin.token,
    form: lectureForm({ contentId: w.lectureSectionId, price: '0', isFree: 'true', videoUrls: JSON.stringify([{ videoUrl: key, videoName: 'Saved now' }]) }),
  });
  expect(saved.status).toBe(201);
  const started = await until(() => assetOf(key), (a) => a?.state !== 'uploaded', 'the job to start');
  expect(started!.state).toMatch(/^(processing|failed)$/);
  expect(started!.hold).toBeUndefined();
  expect(await tagsOf(key)).toEqual([{ Key: 'bioscope-upload', Value: 'saved' }]);
  await until(() => jobsOf(key), (n) => n === 1, 'the job in the transcoder');
});

it('a save right after the upload starts one job, whichever of the save and on-upload comes second', async () => {
  const bytes = new Uint8Array(2048).map((_, i) => (i * 13) % 256);
  const up = await api('GET', `/api/AWS/get-signed-url?${new URLSearchParams({ fileName: 'added.mp4', fileType: 'video/mp4', fileSize: String(bytes.length) })}`, { token: w.admin.token });
  expect((await assetOf(up.body.key))).toMatchObject({ state: 'uploaded', hold: 'unsaved' });
  // Saved at once: on-upload may not have noted the bytes yet (it then starts the job) or may have (the save starts it).
  expect((await fetch(up.body.signedUrl, { method: 'PUT', body: bytes, headers: { 'content-type': 'video/mp4' } })).status).toBe(200);
  const saved = await api('POST', '/api/AWS/save-lecture', {
    token: w.admin.token,
    form: lectureForm({ contentId: w.lectureSectionId, price: '0', isFree: 'true', videoUrls: JSON.stringify([{ videoUrl: up.body.key, videoName: 'Raced' }]) }),
  });
  expect(saved.status).toBe(201);
  const started = await until(() => assetOf(up.body.key), (a) => a?.state !== 'uploaded', 'the job to start');
  expect(started!.state).toMatch(/^(processing|failed)$/);
  await until(() => tagsOf(up.body.key), (t) => t?.[0]?.Value === 'saved', 'the saved tag');
  await until(() => jobsOf(up.body.key), (n) => n === 1, 'one job in the transcoder');
});

it('after a day an unsaved upload is deleted; a saved one stays', async () => {
  const unsaved = await upload('left-behind.mp4');
  await until(() => tagsOf(unsaved), (t) => !!t?.length, 'the unsaved tag');
  const kept = await upload('kept.mp4');
  await until(() => assetOf(kept), (a) => !!a?.sourceEtag, 'on-upload to note the upload');
  const saved = await api('POST', '/api/AWS/save-lecture', {
    token: w.admin.token,
    form: lectureForm({ contentId: w.lectureSectionId, price: '0', isFree: 'true', videoUrls: JSON.stringify([{ videoUrl: kept, videoName: 'Kept' }]) }),
  });
  expect(saved.status).toBe(201);
  const bucket = platform().bucket;
  // Not yet a day old: nothing goes.
  expect(await expireUnsavedUploads({ s3: s3(), bucket, prefix: unsaved })).toEqual([]);
  const tomorrow = new Date(Date.now() + 25 * 60 * 60 * 1000);
  expect(await expireUnsavedUploads({ s3: s3(), bucket, prefix: unsaved, now: tomorrow })).toEqual([unsaved]);
  expect(await expireUnsavedUploads({ s3: s3(), bucket, prefix: kept, now: tomorrow })).toEqual([]);
  await expect(s3().send(new HeadObjectCommand({ Bucket: bucket, Key: unsaved }))).rejects.toMatchObject({ name: 'NotFound' });
  await expect(s3().send(new HeadObjectCommand({ Bucket: bucket, Key: kept }))).resolves.toMatchObject({ ContentLength: 4096 });
});
