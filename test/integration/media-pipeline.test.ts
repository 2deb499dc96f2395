/**
 * The HLS transcode on the real platform (issue 16): a video stored under videos/ (any upload path
 * lands in s3rver, whose ObjectCreated event the platform hands to on-upload) is transcoded by the
 * local ffmpeg runner, its asset going processing → ready, with the master playlist, every rung's
 * playlist and its segments in the bucket; a file that is no video fails with a reason; the same bytes
 * stored again start no second job; the demo video is transcoded at start. And on-transcode-event's
 * conditional writes against DynamoDB Local: events out of order or of an older job change nothing.
 */
import { CompleteMultipartUploadCommand, CreateMultipartUploadCommand, GetObjectCommand, ListObjectsV2Command, PutObjectCommand, UploadPartCommand } from '@aws-sdk/client-s3';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { execFileSync, spawnSync } from 'node:child_process';
import { createDecipheriv, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { ulid } from 'ulid';
import { findFfmpeg } from '../../infra/local/transcoder';
import { ffmpegArgs, keyInfoFileText, parseSourceInfo, planOf } from '../../infra/local/transcoder-ffmpeg';
import { createJobInput } from '../../functions/media/job';
import { ddb, platform, s3, uniq } from '../support/platform';
import { scratchDir } from '../support/scratch';

jest.setTimeout(300_000);

interface Asset {
  state: string;
  progress?: number;
  failure?: string;
  jobId?: string;
  sourceEtag?: string;
  durationSeconds?: number;
  poster?: string;
  rungs?: { name: string; width: number; height: number; videoKbps: number; bandwidth: number }[];
}

const assetOf = async (assetId: string) =>
  (await ddb().send(new GetCommand({ TableName: platform().tableName, Key: { PK: `ASSET#${assetId}`, SK: 'ASSET' } }))).Item as Asset | undefined;

/** Polls the asset until it is ready or failed; answers it with every state seen on the way. */
async function settled(assetId: string, timeoutMs = 240_000): Promise<{ asset: Asset; seen: string[] }> {
  const seen: string[] = [];
  const until = Date.now() + timeoutMs;
  for (;;) {
    const a = await assetOf(assetId);
    if (a && seen.at(-1) !== a.state) seen.push(a.state);
    if (a && (a.state === 'ready' || a.state === 'failed')) return { asset: a, seen };
    if (Date.now() > until) throw new Error(`asset ${assetId} not settled in ${timeoutMs} ms (seen: ${seen.join(' → ') || 'nothing'})`);
    await new Promise((r) => setTimeout(r, 150));
  }
}

const text = async (key: string) => (await (await s3().send(new GetObjectCommand({ Bucket: platform().bucket, Key: key }))).Body!.transformToString());
async function keysUnder(prefix: string): Promise<Map<string, number>> {
  const r = await s3().send(new ListObjectsV2Command({ Bucket: platform().bucket, Prefix: prefix, MaxKeys: 1000 }));
  return new Map((r.Contents ?? []).map((o) => [o.Key!, o.Size ?? 0]));
}

/** The master playlist and, for each of its variants, the rung playlist and every segment it names, all stored. */
async function expectLadderStored(assetId: string, rungNames: string[]) {
  const prefix = `hls/${assetId}/`;
  const stored = await keysUnder(prefix);
  const master = await text(`${prefix}master.m3u8`);
  expect(master.startsWith('#EXTM3U')).toBe(true);
  const variants = master.split('\n').filter((l) => l && !l.startsWith('#'));
  expect(variants).toEqual(rungNames.map((n) => `${n}/index.m3u8`));
  expect(master.match(/#EXT-X-STREAM-INF:BANDWIDTH=\d+,RESOLUTION=\d+x\d+/g)).toHaveLength(rungNames.length);
  for (const v of variants) {
    const playlist = await text(prefix + v);
    expect(playlist).toContain('#EXT-X-PLAYLIST-TYPE:VOD');
    expect(playlist.trim().endsWith('#EXT-X-ENDLIST')).toBe(true);
    const segments = playlist.split('\n').filter((l) => l && !l.startsWith('#'));
    expect(segments.length).toBeGreaterThan(0);
    for (const s of segments) {
      const key = `${prefix}${path.posix.dirname(v)}/${s}`;
      expect(stored.get(key)).toBeGreaterThan(1000);
    }
  }
  return stored;
}

/** A JPEG's size from its first start-of-frame marker (SOF0–SOF2). */
function jpegSize(b: Buffer): { width: number; height: number } | undefined {
  for (let i = 2; i + 9 < b.length; ) {
    if (b[i] !== 0xff) return undefined;
    const marker = b[i + 1]!;
    if (marker >= 0xc0 && marker <= 0xc2) return { height: b.readUInt16BE(i + 5), width: b.readUInt16BE(i + 7) };
    i += 2 + b.readUInt16BE(i + 2);
  }
  return undefined;
}

const ffmpeg = findFfmpeg();
const tmp = scratchDir('media-pipeline-');

/** A short real video made with the platform's own ffmpeg: 4 s of test pattern 640x360 with a tone. */
function makeClip(): Buffer {
  if (!('path' in ffmpeg)) throw new Error(ffmpeg.missing);
  const file = path.join(tmp, `${uniq('clip')}.mp4`);
  execFileSync(ffmpeg.path, ['-hide_banner', '-loglevel', 'error', '-nostdin', '-y', '-f', 'lavfi', '-i', 'testsrc=size=640x360:rate=30:duration=4', '-f', 'lavfi', '-i', 'sine=frequency=440:duration=4', '-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', '-c:a', 'aac', '-shortest', file]);
  return fs.readFileSync(file);
}

const put = (key: string, body: Buffer | string, contentType = 'video/mp4') => s3().send(new PutObjectCommand({ Bucket: platform().bucket, Key: key, Body: body, ContentType: contentType }));

/** The local transcoder's jobs (an operator page: this machine may read it). */
interface JobRef {
  id: string;
  assetId?: string;
}
const jobs = async () => (await (await fetch(`${platform().url}/_local/transcoder`)).json()) as { ffmpeg: string | null; running: JobRef | null; queued: JobRef[]; finished: (JobRef & { status: string })[] };
/** Every job of an asset the local transcoder has: finished, running or waiting. */
const jobsOf = async (assetId: string) => {
  const j = await jobs();
  return [...j.finished, ...(j.running ? [j.running] : []), ...j.queued].filter((x) => x.assetId === assetId).length;
};

it('the platform has ffmpeg (the optional npm package @ffmpeg-installer/linux-x64)', async () => {
  expect(platform().transcoder.ffmpeg).toBeTruthy();
  expect((await jobs()).ffmpeg).toBe(platform().transcoder.ffmpeg);
});

it('a stored video goes processing → ready: the master playlist, every rung playlist and its segments in the bucket; the same bytes stored again start no second job', async () => {
  const id = ulid();
  const key = `videos/${id}-lecture clip.mp4`;
  const bytes = makeClip();
  await put(key, bytes);
  const { asset, seen } = await settled(id);
  expect(asset.failure).toBeUndefined();
  expect(seen).toContain('processing');
  expect(seen.at(-1)).toBe('ready');
  expect(asset).toMatchObject({ progress: 100, encrypted: false });
  expect(asset.durationSeconds).toBeGreaterThan(3.5);
  expect(asset.durationSeconds).toBeLessThan(4.5);
  expect(asset.rungs!.map((r) => [r.name, r.width, r.height, r.bandwidth])).toEqual([
    ['180p', 320, 180, 188000],
    ['240p', 426, 240, 288000],
    ['360p', 640, 360, 484000],
    ['480p', 854, 480, 846000],
    ['720p', 1280, 720, 1596000],
  ]);
  const stored = await expectLadderStored(id, ['180p', '240p', '360p', '480p', '720p']);
  // The master playlist states the ladder: the lowest rung at most 200 kbit/s in all (video cap + audio), 320x180.
  const variants = [...(await text(`hls/${id}/master.m3u8`)).matchAll(/BANDWIDTH=(\d+),RESOLUTION=(\d+x\d+)/g)].map((m) => [Number(m[1]), m[2]]);
  expect(variants).toEqual([
    [188000, '320x180'],
    [288000, '426x240'],
    [484000, '640x360'],
    [846000, '854x480'],
    [1596000, '1280x720'],
  ]);
  expect(Math.min(...variants.map(([b]) => b as number))).toBeLessThanOrEqual(200_000);
  // The lowest rung's segment as ffmpeg reads it: 320x180 H.264 with mono AAC at 32 kHz (the 360p: mono at 48 kHz; 720p: stereo).
  const probe = async (rung: string) => {
    const file = path.join(tmp, `${uniq(rung)}.ts`);
    fs.writeFileSync(file, Buffer.from(await (await s3().send(new GetObjectCommand({ Bucket: platform().bucket, Key: `hls/${id}/${rung}/seg_000.ts` }))).Body!.transformToByteArray()));
    const said = spawnSync((ffmpeg as { path: string }).path, ['-hide_banner', '-nostdin', '-i', file]).stderr.toString();
    return [/Video: h264[^\n]*?, (\d+x\d+)/.exec(said)?.[1], /Audio: aac[^\n]*?(\d+) Hz, (mono|stereo)/.exec(said)?.slice(1).join(' ')];
  };
  expect(await probe('180p')).toEqual(['320x180', '32000 mono']);
  expect(await probe('360p')).toEqual(['640x360', '48000 mono']);
  expect(await probe('720p')).toEqual(['1280x720', '48000 stereo']);
  // MPEG-TS: every 188-byte packet starts with the sync byte 0x47.
  const segment = [...stored.keys()].find((k) => k.endsWith('.ts'))!;
  const head = Buffer.from(await (await s3().send(new GetObjectCommand({ Bucket: platform().bucket, Key: segment }))).Body!.transformToByteArray());
  expect([head[0], head[188]]).toEqual([0x47, 0x47]);
  // 4 s at 6 s segments: one segment per rung.
  expect([...stored.keys()].filter((k) => k.endsWith('.ts'))).toHaveLength(5);
  // The poster: shorter than 5 s, so MediaConvert's first capture; a JPEG (FF D8) of 640x360 beside the ladder.
  expect(asset.poster).toBe('poster.0000000.jpg');
  const poster = await s3().send(new GetObjectCommand({ Bucket: platform().bucket, Key: `hls/${id}/${asset.poster}` }));
  expect(poster.ContentType).toBe('image/jpeg');
  const jpeg = Buffer.from(await poster.Body!.transformToByteArray());
  expect([jpeg[0], jpeg[1]]).toEqual([0xff, 0xd8]);
  expect(jpegSize(jpeg)).toEqual({ width: 640, height: 360 });
  expect(jpeg.length).toBeLessThan(60_000);

  // S3 delivers at least once: the same bytes again (same ETag) start nothing.
  expect(await jobsOf(id)).toBe(1);
  await put(key, bytes);
  await new Promise((r) => setTimeout(r, 1500));
  expect(await assetOf(id)).toMatchObject({ state: 'ready', jobId: asset.jobId, sourceEtag: asset.sourceEtag });
  expect(await jobsOf(id)).toBe(1);
});

it('a file that is not a video fails with a reason, and an image too', async () => {
  const [textId, imageId] = [ulid(), ulid()];
  await put(`videos/${textId}-notes.mp4`, `these are notes, not a video ${uniq()}`);
  await put(`videos/${imageId}-slide.mp4`, fs.readFileSync(path.resolve(__dirname, '../../infra/local/assets/demo-course.png')), 'image/png');
  const [t, i] = await Promise.all([settled(textId), settled(imageId)]);
  expect(t.asset.state).toBe('failed');
  expect(t.asset.failure).toMatch(/^The file is not a video the transcoder can read/);
  expect(i.asset.state).toBe('failed');
  expect(i.asset.failure).toBe('The file is a still image (png), not a video');
  expect((await keysUnder(`hls/${textId}/`)).size).toBe(0);
});

it('a multipart upload starts its transcode on Complete (here a file that is no video: it fails with the reason)', async () => {
  const id = ulid();
  const Key = `videos/${id}-big.mp4`;
  const Bucket = platform().bucket;
  const { UploadId } = await s3().send(new CreateMultipartUploadCommand({ Bucket, Key, ContentType: 'video/mp4' }));
  const part = await s3().send(new UploadPartCommand({ Bucket, Key, UploadId, PartNumber: 1, Body: Buffer.from(`not a video ${uniq()}`) }));
  expect(await assetOf(id)).toBeUndefined();
  await s3().send(new CompleteMultipartUploadCommand({ Bucket, Key, UploadId, MultipartUpload: { Parts: [{ ETag: part.ETag, PartNumber: 1 }] } }));
  const { asset } = await settled(id);
  expect(asset.state).toBe('failed');
  expect(asset.failure).toMatch(/^The file is not a video the transcoder can read/);
});

it('the ladder and its playlists are produced for the demo video', async () => {
  const { asset } = await settled('demo-lecture-webm', 280_000);
  expect(asset.failure).toBeUndefined();
  expect(asset.state).toBe('ready');
  expect(asset.durationSeconds).toBe(12);
  expect(asset.rungs!.map((r) => r.name)).toEqual(['180p', '240p', '360p', '480p', '720p']);
  // 12 s: the capture 5 s in, as MediaConvert names its second.
  expect(asset.poster).toBe('poster.0000001.jpg');
  await expectLadderStored('demo-lecture-webm', ['180p', '240p', '360p', '480p', '720p']);
});

it('HLS_AES: the ffmpeg run of the job encrypts every segment with the asset key, the playlists point at the key route, and the key decrypts them', () => {
  if (!('path' in ffmpeg)) throw new Error(ffmpeg.missing);
  const key = new Uint8Array(randomBytes(16));
  const ladder = [{ name: '240p', height: 240, videoKbps: 400 }, { name: '360p', height: 360, videoKbps: 800 }];
  const plan = planOf(createJobInput({ bucket: 'b', sourceKey: 'videos/A', sourceEtag: 'e', assetId: 'A', ladder, role: 'r', aesKey: key }));
  const dir = path.join(tmp, uniq('aes'));
  const source = path.join(dir, 'source.mp4');
  for (const r of plan.rungs) fs.mkdirSync(path.join(dir, 'out', r.name), { recursive: true });
  fs.writeFileSync(source, makeClip());
  fs.writeFileSync(path.join(dir, 'aes.key'), Buffer.from(plan.aes!.keyHex, 'hex'));
  fs.writeFileSync(path.join(dir, 'aes.keyinfo'), keyInfoFileText(plan.aes!.url, path.join(dir, 'aes.key')));
  const info = parseSourceInfo(spawnSync(ffmpeg.path, ['-hide_banner', '-nostdin', '-i', source]).stderr.toString());
  const run = spawnSync(ffmpeg.path, ffmpegArgs(plan, info, { input: source, outDir: path.join(dir, 'out'), keyInfoFile: path.join(dir, 'aes.keyinfo') }));
  expect(run.status).toBe(0);
  for (const r of plan.rungs) {
    const playlist = fs.readFileSync(path.join(dir, 'out', r.name, 'index.m3u8'), 'utf8');
    expect(playlist).toContain('#EXT-X-KEY:METHOD=AES-128,URI="/api/AWS/media-keys/A"');
    const segment = fs.readFileSync(path.join(dir, 'out', r.name, 'seg_000.ts'));
    // Not MPEG-TS as it stands: a clear segment has the sync byte 0x47 every 188 bytes. One byte
    // alone is no proof (a random key makes the first byte 0x47 once in 256 runs).
    expect([segment[0], segment[188], segment[376], segment[564]]).not.toEqual([0x47, 0x47, 0x47, 0x47]);
    expect(segment.length % 16).toBe(0);
    // No IV in the playlist: the segment's media sequence number (0) is the IV (RFC 8216 §5.2).
    const d = createDecipheriv('aes-128-cbc', Buffer.from(key), Buffer.alloc(16));
    const plain = Buffer.concat([d.update(segment), d.final()]);
    expect([plain[0], plain[188]]).toEqual([0x47, 0x47]);
  }
});

describe('on-transcode-event against DynamoDB Local', () => {
  type Handler = (e: unknown) => Promise<void>;
  let handler: Handler;
  let startAsset: (a: { assetId: string; sourceKey: string; sourceEtag: string; encrypted: boolean }) => Promise<boolean>;
  beforeAll(async () => {
    const p = platform();
    // What the Lambda's environment says (read once at import).
    Object.assign(process.env, { TABLE_NAME: p.tableName, DYNAMODB_ENDPOINT: p.dynamoEndpoint, AWS_ACCESS_KEY_ID: 'S3RVER', AWS_SECRET_ACCESS_KEY: 'S3RVER', AWS_REGION: 'eu-central-1', LOG_LEVEL: 'SILENT' });
    handler = (await import('../../functions/media/on-transcode-event')).handler as Handler;
    startAsset = (await import('../../functions/data/asset-repo')).startAsset;
  });
  const event = (assetId: string, sourceEtag: string, detail: Record<string, unknown>) => ({
    source: 'aws.mediaconvert',
    'detail-type': 'MediaConvert Job State Change',
    detail: { jobId: 'J', userMetadata: { assetId, sourceKey: `videos/${assetId}`, sourceEtag, ladder: '240p:240:400,360p:360:800' }, ...detail },
  });
  const complete = { status: 'COMPLETE', outputGroupDetails: [{ outputDetails: [240, 360].map((h) => ({ outputFilePaths: [`s3://b/hls/x/${h}p/index.m3u8`], durationInMs: 5000, videoDetails: { widthInPx: (h * 16) / 9, heightInPx: h } })) }] };
  const progress = (p: number) => ({ status: 'STATUS_UPDATE', jobProgress: { jobPercentComplete: p } });

  it('progress never goes back, and nothing after ready (a late progress or error) or from an older job changes the asset', async () => {
    const id = uniq('asset');
    expect(await startAsset({ assetId: id, sourceKey: `videos/${id}`, sourceEtag: 'e2', encrypted: false })).toBe(true);
    expect(await startAsset({ assetId: id, sourceKey: `videos/${id}`, sourceEtag: 'e2', encrypted: false })).toBe(false);
    await handler(event(id, 'e2', progress(40)));
    await handler(event(id, 'e2', progress(20)));
    expect(await assetOf(id)).toMatchObject({ state: 'processing', progress: 40 });
    await handler(event(id, 'e1', complete)); // an older job of other bytes
    expect(await assetOf(id)).toMatchObject({ state: 'processing', progress: 40 });
    await handler(event(id, 'e2', complete));
    await handler(event(id, 'e2', progress(60)));
    await handler(event(id, 'e2', { status: 'ERROR', errorMessage: 'late' }));
    const a = await assetOf(id);
    expect(a).toMatchObject({ state: 'ready', progress: 100, durationSeconds: 5 });
    expect(a!.failure).toBeUndefined();
    expect(a!.rungs!.map((r) => r.name)).toEqual(['240p', '360p']);
  });

  it('an error fails the asset with its reason; a late progress leaves it failed; the same bytes may then start again', async () => {
    const id = uniq('asset');
    await startAsset({ assetId: id, sourceKey: `videos/${id}`, sourceEtag: 'e1', encrypted: false });
    await handler(event(id, 'e1', { status: 'ERROR', errorCode: 1030, errorMessage: 'Unsupported codec' }));
    await handler(event(id, 'e1', progress(80)));
    expect(await assetOf(id)).toMatchObject({ state: 'failed', failure: 'Unsupported codec' });
    expect(await startAsset({ assetId: id, sourceKey: `videos/${id}`, sourceEtag: 'e1', encrypted: false })).toBe(true);
    const again = await assetOf(id);
    expect(again).toMatchObject({ state: 'processing', progress: 0 });
    expect(again!.failure).toBeUndefined();
  });
});
