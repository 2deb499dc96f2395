/**
 * The teacher's retry of a stuck video (issue 38): POST /api/AWS/lectures/video/{videoId}/transcode starts the
 * transcode again from the stored upload, as on-upload does, when the video failed or its transcode has
 * said nothing for VIDEO_STUCK_AFTER_MINUTES; the platform's ffmpeg runner then makes it ready. Any other
 * video is refused (409 video.notRetryable); a student may not (403).
 */
import { PutObjectCommand } from '@aws-sdk/client-s3';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { ulid } from 'ulid';
import { findFfmpeg } from '../../infra/local/transcoder';
import { api, ddb, platform, s3, uniq } from '../support/platform';
import { scratchDir } from '../support/scratch';
import { lectureForm, makeWorld, uploadedVideo, type World, writeAsset } from './catalogue-fixtures';

jest.setTimeout(300_000);

/** shared/video.ts VIDEO_STUCK_AFTER_MINUTES (written here: importing functions/ or shared/ code is not needed for one figure). */
const STUCK_MINUTES = 60;
const minutesAgo = (m: number) => new Date(Date.now() - m * 60_000).toISOString();

const ffmpeg = findFfmpeg();
const tmp = scratchDir('video-retry-');

/** 2 s of test pattern, made with the platform's own ffmpeg: a source the local transcoder makes ready. */
function makeClip(): Buffer {
  if (!('path' in ffmpeg)) throw new Error(ffmpeg.missing);
  const file = path.join(tmp, `${uniq('clip')}.mp4`);
  execFileSync(ffmpeg.path, ['-hide_banner', '-loglevel', 'error', '-nostdin', '-y', '-f', 'lavfi', '-i', 'testsrc=size=320x180:rate=25:duration=2', '-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', file]);
  return fs.readFileSync(file);
}

const assetOf = async (assetId: string) =>
  (await ddb().send(new GetCommand({ TableName: platform().tableName, Key: { PK: `ASSET#${assetId}`, SK: 'ASSET' } }))).Item as { state: string; failure?: string; updatedAt: string } | undefined;

async function settled(assetId: string, timeoutMs = 240_000) {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const a = await assetOf(assetId);
    if (a && (a.state === 'ready' || a.state === 'failed')) return a;
    if (Date.now() > until) throw new Error(`asset ${assetId} not settled in ${timeoutMs} ms (last: ${a?.state})`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

/**
 * A real video whose transcode went quiet: its asset is processing since `minutes` ago with the source's
 * ETag, written before the upload so the upload's event starts nothing (as a lost job leaves it).
 */
async function quietVideo(minutes: number): Promise<{ key: string; assetId: string }> {
  const bytes = makeClip();
  const assetId = ulid();
  const key = `videos/${assetId}-clip.mp4`;
  const sourceEtag = createHash('md5').update(bytes).digest('hex');
  await writeAsset(assetId, key, { sourceEtag, state: 'processing', progress: 12, updatedAt: minutesAgo(minutes) });
  await s3().send(new PutObjectCommand({ Bucket: platform().bucket, Key: key, Body: bytes, ContentType: 'video/mp4' }));
  return { key, assetId };
}

async function lectureWith(w: World, keys: string[]) {
  const r = await api('POST', '/api/AWS/save-lecture', {
    token: w.admin.token,
    form: lectureForm({ price: '0', isFree: 'true', contentId: w.lectureSectionId, videoUrls: JSON.stringify(keys.map((videoUrl, i) => ({ videoUrl, videoName: `Part ${i + 1}` }))) }),
  });
  if (r.status !== 201) throw new Error(`save-lecture: ${r.status} ${JSON.stringify(r.body)}`);
  return r.body.data as { id: string; videos: { id: string; videoUrl: string; state: string; stuck?: boolean }[] };
}

const retry = (token: string, videoId: string) => api('POST', `/api/AWS/lectures/video/${videoId}/transcode`, { token });

let w: World;
beforeAll(async () => {
  w = await makeWorld();
});

it('a video processing with no word for the limit is shown stuck; the retry starts its job again and it becomes ready', async () => {
  const stuck = await quietVideo(STUCK_MINUTES + 5);
  const lecture = await lectureWith(w, [stuck.key]);
  expect(lecture.videos[0]).toMatchObject({ state: 'processing', stuck: true });

  const r = await retry(w.admin.token, lecture.videos[0]!.id);
  expect(r.status).toBe(200);
  expect(r.body).toEqual({ message: 'Video preparation started again', data: expect.objectContaining({ id: lecture.videos[0]!.id, state: 'processing', progress: expect.any(Number) }) });
  expect(r.body.data.stuck).toBeUndefined();

  const asset = await settled(stuck.assetId);
  expect(asset.state).toBe('ready');
  const seen = await api('GET', `/api/cours/lectureaaa/${lecture.id}`, { token: w.admin.token });
  expect(seen.body.data.videos[0]).toMatchObject({ state: 'ready' });
  expect(seen.body.data.videos[0].stuck).toBeUndefined();
});

it('a failed video is started again too', async () => {
  const key = await uploadedVideo(makeClip(), 'failed');
  const lecture = await lectureWith(w, [key]);
  expect(lecture.videos[0]).toMatchObject({ state: 'failed' });
  const r = await retry(w.admin.token, lecture.videos[0]!.id);
  expect(r.status).toBe(200);
  expect(r.body.data.state).toBe('processing');
  expect((await settled(/^videos\/([0-9A-Z]{26})-/.exec(key)![1]!)).state).toBe('ready');
});

it('a ready video, or one whose transcode spoke within the limit, is refused with 409 video.notRetryable and left as it is', async () => {
  const ready = await uploadedVideo();
  const recent = await quietVideo(STUCK_MINUTES - 5);
  const lecture = await lectureWith(w, [ready, recent.key]);
  expect(lecture.videos.map((v) => [v.state, v.stuck])).toEqual([
    ['ready', undefined],
    ['processing', undefined],
  ]);
  for (const v of lecture.videos) {
    const r = await retry(w.admin.token, v.id);
    expect(r.status).toBe(409);
    expect(r.body).toEqual({ message: 'Only a video whose preparation failed, or has made no progress for an hour, can be prepared again', code: 'video.notRetryable' });
  }
  expect((await assetOf(recent.assetId))?.state).toBe('processing');
});

it('a student may not retry (403); an unknown video is 404', async () => {
  const stuck = await quietVideo(STUCK_MINUTES + 5);
  const lecture = await lectureWith(w, [stuck.key]);
  const r = await retry(w.student.token, lecture.videos[0]!.id);
  expect(r.status).toBe(403);
  expect((await assetOf(stuck.assetId))?.state).toBe('processing');
  expect((await retry(w.admin.token, ulid())).body.code).toBe('video.notFound');
});
