/** What the catalogue's integration tests share: a course made through the API, uploads, purchases. */
import { PutObjectCommand } from '@aws-sdk/client-s3';
import { createHash } from 'node:crypto';
import { ulid } from 'ulid';
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { api, ddb, makeUser, platform, s3, type TestUser, useThePlatformHere, uniq } from '../support/platform';

export const GENERAL = 'ثانوي عام';
export const LANGUAGES = 'ثانوي لغات';
export const enc = encodeURIComponent;

/** The signature (magic bytes) each image type starts with: the server checks it (rasterImage). */
const SIGNATURES: Record<string, number[]> = {
  'image/png': [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a],
  'image/jpeg': [0xff, 0xd8, 0xff, 0xe0],
  'image/gif': [...'GIF89a'].map((c) => c.charCodeAt(0)),
  'image/webp': [...'RIFF\0\0\0\0WEBP'].map((c) => c.charCodeAt(0)),
};
/** An image file of `bytes` bytes: the type's signature, then filler. */
export const image = (bytes = 200, type = 'image/png') => {
  const content = new Uint8Array(bytes).fill(7);
  content.set((SIGNATURES[type] ?? []).slice(0, bytes));
  return new Blob([content], { type });
};

export function courseForm(fields: Record<string, string | Blob | undefined> = {}): FormData {
  const f = new FormData();
  const all = { name: uniq('Course '), ...fields };
  for (const [k, v] of Object.entries(all)) {
    if (v === undefined) continue;
    if (typeof v === 'string') f.append(k, v);
    else f.append(k, v, k === 'image' || k === 'imageFile' ? 'picture.png' : 'file');
  }
  return f;
}

/** One MPEG-TS packet per 188 bytes (sync byte 0x47): a small segment file as a transcoder leaves it. */
export const tsSegment = (packets = 2, fill = 1) => {
  const bytes = new Uint8Array(188 * packets).fill(fill);
  for (let i = 0; i < packets; i++) bytes[i * 188] = 0x47;
  return bytes;
};
export const READY_RUNG = { name: '240p', height: 240, videoKbps: 400, width: 426, bandwidth: 528000 };
/** The poster's file in the asset folder, as the transcoder names a second capture; its bytes a JPEG's start and end markers. */
export const READY_POSTER = 'poster.0000001.jpg';
const POSTER_BYTES = Uint8Array.from([0xff, 0xd8, 0xff, 0xd9]);

/**
 * The HLS of a ready asset (hls/<assetId>/): a master playlist, one rung's playlist, one segment and
 * the poster, as the transcoder writes them (shared/video.ts, lib/media-layout.ts).
 */
export async function writeHls(assetId: string): Promise<{ master: string; rung: string; segment: Uint8Array }> {
  const master = `#EXTM3U\n#EXT-X-VERSION:3\n#EXT-X-STREAM-INF:BANDWIDTH=${READY_RUNG.bandwidth},RESOLUTION=${READY_RUNG.width}x${READY_RUNG.height}\n${READY_RUNG.name}/index.m3u8\n`;
  const rung = '#EXTM3U\n#EXT-X-VERSION:3\n#EXT-X-TARGETDURATION:6\n#EXT-X-PLAYLIST-TYPE:VOD\n#EXTINF:6.0,\nseg_000.ts\n#EXT-X-ENDLIST\n';
  const segment = tsSegment(2, assetId.length % 200);
  const put = (key: string, Body: string | Uint8Array, ContentType: string) => s3().send(new PutObjectCommand({ Bucket: platform().bucket, Key: `hls/${assetId}/${key}`, Body, ContentType }));
  await Promise.all([put('master.m3u8', master, 'application/x-mpegURL'), put(`${READY_RUNG.name}/index.m3u8`, rung, 'application/x-mpegURL'), put(`${READY_RUNG.name}/seg_000.ts`, segment, 'video/MP2T'), put(READY_POSTER, POSTER_BYTES, 'image/jpeg')]);
  return { master, rung, segment };
}

/** An asset record (AP56) as the transcode events leave it. */
export async function writeAsset(assetId: string, sourceKey: string, fields: Record<string, unknown>) {
  await ddb().send(new PutCommand({ TableName: platform().tableName, Item: { PK: `ASSET#${assetId}`, SK: 'ASSET', assetId, sourceKey, updatedAt: new Date().toISOString(), ...fields } }));
}

/**
 * A video object put straight into the media bucket, as a finished browser upload leaves it, and
 * already transcoded: its ready asset (with the source's ETag, written BEFORE the upload, so the
 * upload's S3 event starts no job) and small real HLS files. `state` other than ready: that asset
 * instead (with the same ETag, so it stays so), and no HLS.
 */
export async function uploadedVideo(bytes: Uint8Array = new TextEncoder().encode(`video ${uniq()}`), state: 'ready' | 'uploaded' | 'processing' | 'failed' = 'ready'): Promise<string> {
  const assetId = ulid();
  const key = `videos/${assetId}-clip.webm`;
  const sourceEtag = createHash('md5').update(bytes).digest('hex');
  if (state === 'ready') {
    await writeHls(assetId);
    await writeAsset(assetId, key, { sourceEtag, state, progress: 100, rungs: [READY_RUNG], durationSeconds: 6, poster: READY_POSTER, encrypted: false });
  } else if (state === 'processing' || state === 'failed') await writeAsset(assetId, key, { sourceEtag, state: 'processing', progress: 42 });
  else await writeAsset(assetId, key, { sourceEtag, state });
  await s3().send(new PutObjectCommand({ Bucket: platform().bucket, Key: key, Body: bytes, ContentType: 'video/webm' }));
  if (state === 'failed') {
    // A failed asset is retried by an upload event, so it fails only once the upload's event has passed (it found a job running).
    await new Promise((r) => setTimeout(r, 1500));
    await writeAsset(assetId, key, { sourceEtag, state, failure: 'Invalid data found when processing input' });
  }
  return key;
}

export interface World {
  admin: TestUser;
  student: TestUser;
  course: { id: string; name: string; terms: { id: string; name: string; courseFor: string }[] };
  termId: string;
  lectureSectionId: string;
  quizSectionId: string;
}

/** A fresh course (default terms and sections) with an admin and a student of its own. */
export async function makeWorld(): Promise<World> {
  const [admin, student] = await Promise.all([makeUser({ admin: true }), makeUser()]);
  const c = await api('POST', '/api/cours/create-course', { token: admin.token, form: courseForm() });
  if (c.status !== 201) throw new Error(`create-course: ${c.status} ${JSON.stringify(c.body)}`);
  const termId = c.body.terms.find((t: { courseFor: string }) => t.courseFor === GENERAL).id as string;
  const sections = await api('GET', `/api/cours/content/${termId}`, { token: admin.token });
  const id = (content: string) => sections.body.data.find((s: { content: string }) => s.content === content).id as string;
  return { admin, student, course: c.body, termId, lectureSectionId: id('شرح محاضرات'), quizSectionId: id('Quiz') };
}

export function lectureForm(fields: Record<string, string | Blob | undefined>): FormData {
  return courseForm({ name: uniq('Lecture '), subtitle: 'A subtitle', imageFile: image(), ...fields });
}

/** Saves a lecture through the API with one freshly uploaded video per entry of `videos`. */
export async function saveLecture(w: World, fields: Record<string, string | Blob | undefined> = {}, videoCount = 1) {
  const videoUrls = await Promise.all(Array.from({ length: videoCount }, async (_, i) => ({ videoUrl: await uploadedVideo(), videoName: `Part ${i + 1}`, quizId: null })));
  const r = await api('POST', '/api/AWS/save-lecture', {
    token: w.admin.token,
    form: lectureForm({ price: '100', isFree: 'false', contentId: w.lectureSectionId, videoUrls: JSON.stringify(videoUrls), ...fields }),
  });
  if (r.status !== 201) throw new Error(`save-lecture: ${r.status} ${JSON.stringify(r.body)}`);
  return r.body.data as { id: string; price: number; isFree: boolean; numberOfLectures: number; videos: { id: string; videoUrl: string; order: number }[] };
}

/** A one-question quiz made through the API. */
export async function makeQuiz(admin: TestUser): Promise<{ id: string; title: string }> {
  const f = new FormData();
  f.append('quizData', JSON.stringify({ title: uniq('Quiz '), description: 'd', questions: [{ text: 'Q?', type: 'TRUE_FALSE', options: [], correctAnswerText: 'True' }] }));
  const r = await api('POST', '/api/Quiz/quiz', { token: admin.token, form: f });
  if (r.status !== 201) throw new Error(`create quiz: ${r.status} ${JSON.stringify(r.body)}`);
  return r.body.data;
}

const day = 24 * 60 * 60 * 1000;

/** The site path of the master playlist of an uploaded video (videos/<assetId>-…): what a lecture gives as its signedUrl. */
export const playlistOf = (videoUrl: string) => `/media/hls/${/^videos\/([0-9A-Z]{26})-/.exec(videoUrl)![1]}/master.m3u8`;

/** A purchase record written straight to the table in the documented AP14 shape: its dates. */
export async function writePurchase(userId: string, lectureId: string, expiresInDays = 30): Promise<{ purchaseDate: string; expiryDate: string }> {
  const now = Date.now();
  const dates = { purchaseDate: new Date(now - day).toISOString(), expiryDate: new Date(now + expiresInDays * day).toISOString() };
  await ddb().send(
    new PutCommand({
      TableName: platform().tableName,
      Item: {
        PK: `USER#${userId}`,
        SK: `PURCHASE#${lectureId}`,
        userId,
        lectureId,
        ...dates,
        source: 'payment',
      },
    }),
  );
  return dates;
}

/**
 * A purchase through the repository the payments feature will use (it also marks the lecture bought).
 * The functions' code reads its settings once, when functions/lib/env.ts first loads: so the store's
 * address is set here before the repository is loaded. A test file that imports any module of
 * functions/ statically (even only for a constant) loads env.ts first, without that address, and this
 * call then goes to AWS's DynamoDB (ENOTFOUND): write such a constant in the test, as
 * catalogue-lectures.test.ts does with CLASS_READ_MS.
 */
export async function recordPurchase(userId: string, lectureId: string) {
  useThePlatformHere();
  const repo = await import('../../functions/data/purchase-repo');
  const now = Date.now();
  await repo.recordPurchase({ userId, lectureId, purchaseDate: new Date(now).toISOString(), expiryDate: new Date(now + 30 * day).toISOString(), source: 'payment' });
}
