/**
 * The local stand-in for MediaConvert + EventBridge + S3's event notification (issue 16):
 *
 * - S3: the platform hands every ObjectCreated of s3rver (PUT, POST, multipart Complete) here; one of
 *   a key under videos/ goes to functions/media/on-upload.ts `handler` as an S3Event, as S3 invokes the
 *   Lambda in AWS;
 * - MediaConvert: on-upload POSTs its CreateJob input to LOCAL_TRANSCODER_URL (a local route with a
 *   secret path); jobs run one at a time (ffmpeg uses every core), each as one ffmpeg process
 *   (transcoder-ffmpeg.ts), its output uploaded to the bucket under hls/<assetId>/;
 * - EventBridge: the job's PROGRESSING, STATUS_UPDATE (progress), COMPLETE and ERROR events go to
 *   functions/media/on-transcode-event.ts `handler`, shaped as MediaConvert's "Job State Change".
 *
 * ffmpeg is the one the optional npm package @ffmpeg-installer/linux-x64 ships (or FFMPEG_PATH).
 * Without it the platform still starts, says what is missing, and every job fails with that reason.
 * Jobs live in memory: at start (`start()`), every stored video without a finished asset (none yet,
 * or left processing by a stop) is sent through on-upload again.
 */
import { GetObjectCommand, ListObjectsV2Command, PutObjectCommand, type S3Client } from '@aws-sdk/client-s3';
import type { CreateJobCommandInput } from '@aws-sdk/client-mediaconvert';
import type { S3Event } from 'aws-lambda';
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { Readable } from 'node:stream';
import type { JobStateEvent } from '../../functions/media/transcode-events';
import { MEDIA_PREFIXES } from '../../functions/lib/media-layout';
import { type LocalRoute, sendJson } from './gateway';
import { hlsContentType } from './hls-gate';
import { ffmpegArgs, keyInfoFileText, type LocalJobPlan, masterPlaylist, parseSourceInfo, planOf, posterArgs, posterCapture, progressOf, type SourceInfo, sourceProblem, widthFor } from './transcoder-ffmpeg';

/** Where ffmpeg is, or why there is none. */
export type FfmpegLocation = { path: string } | { missing: string };

export const FFMPEG_MISSING =
  'ffmpeg is missing: the optional npm package @ffmpeg-installer/linux-x64 (it ships ffmpeg for Linux x64) is not installed — run `npm install` on Linux x64, or set FFMPEG_PATH to an ffmpeg binary';

export function findFfmpeg(e: NodeJS.ProcessEnv = process.env): FfmpegLocation {
  let file = e.FFMPEG_PATH;
  if (!file) {
    try {
      file = path.join(path.dirname(require.resolve('@ffmpeg-installer/linux-x64/package.json')), 'ffmpeg');
    } catch {
      return { missing: FFMPEG_MISSING };
    }
  }
  try {
    fs.accessSync(file, fs.constants.X_OK);
  } catch {
    // npm may skip the package's own `chmod u+x ffmpeg` (install scripts off): the binary is there, only not executable.
    try {
      fs.chmodSync(file, 0o755);
      fs.accessSync(file, fs.constants.X_OK);
    } catch {
      return { missing: e.FFMPEG_PATH ? `ffmpeg is missing: FFMPEG_PATH=${e.FFMPEG_PATH} is absent or not executable` : `${FFMPEG_MISSING} (${file} is absent or not executable)` };
    }
  }
  return { path: file };
}

interface Job {
  id: string;
  input: CreateJobCommandInput;
  plan: LocalJobPlan;
}

export interface LocalTranscoderOptions {
  s3: S3Client;
  region: string;
  ffmpeg: FfmpegLocation;
  /** functions/media/on-upload.ts handler (loaded once the Lambdas' env is set). */
  onUpload: () => Promise<(event: S3Event) => Promise<void>>;
  /** functions/media/on-transcode-event.ts handler. */
  onJobEvent: () => Promise<(event: JobStateEvent) => Promise<void>>;
  /** The media bucket (ObjectCreated of other buckets is ignored). */
  bucket: string;
  /** Prints one line per finished job and the reason of a failed one (not under QUIET). */
  log?: (line: string) => void;
}

/** An S3 event notification as S3 sends it to a Lambda (the key URL-encoded, '+' for a space). */
export function s3EventOf(bucket: string, key: string, etag: string, size: number, eventName = 'ObjectCreated:Put', region = 'eu-central-1'): S3Event {
  const encoded = encodeURIComponent(key).replace(/%2F/g, '/').replace(/%20/g, '+');
  return {
    Records: [
      {
        eventVersion: '2.1',
        eventSource: 'aws:s3',
        awsRegion: region,
        eventTime: new Date().toISOString(),
        eventName,
        userIdentity: { principalId: 'local' },
        requestParameters: { sourceIPAddress: '127.0.0.1' },
        responseElements: { 'x-amz-request-id': randomUUID(), 'x-amz-id-2': randomUUID() },
        s3: {
          s3SchemaVersion: '1.0',
          configurationId: 'videos-uploaded',
          bucket: { name: bucket, ownerIdentity: { principalId: 'local' }, arn: `arn:aws:s3:::${bucket}` },
          object: { key: encoded, size, eTag: etag.replace(/"/g, ''), sequencer: Date.now().toString(16).toUpperCase() },
        },
      },
    ],
  };
}

/** s3rver's event (models/event.js): already S3's shape, with the key raw. */
interface S3rverEvent {
  Records?: { eventName?: string; s3?: { bucket?: { name?: string }; object?: { key?: string; size?: number; eTag?: string } } }[];
}

export function createLocalTranscoder(opts: LocalTranscoderOptions) {
  const secret = randomBytes(16).toString('hex');
  const jobsPath = `/_local/transcoder/${secret}/jobs`;
  const queue: Job[] = [];
  let running: { job: Job; child?: ChildProcess } | undefined;
  let started = false;
  let stopped = false;
  let drain: Promise<void> | undefined;
  const finished: { id: string; assetId?: string; status: string; seconds: number; failure?: string }[] = [];
  const log = opts.log ?? (() => undefined);

  async function deliver(job: Job, status: string, extra: Record<string, unknown> = {}) {
    const event = {
      version: '0',
      id: randomUUID(),
      'detail-type': 'MediaConvert Job State Change',
      source: 'aws.mediaconvert',
      account: '000000000000',
      time: new Date().toISOString(),
      region: opts.region,
      resources: [`arn:aws:mediaconvert:${opts.region}:000000000000:jobs/${job.id}`],
      detail: { timestamp: Date.now(), accountId: '000000000000', queue: 'local', jobId: job.id, status, userMetadata: job.plan.userMetadata, ...extra },
    };
    try {
      await (await opts.onJobEvent())(event as JobStateEvent);
    } catch (e) {
      console.error(`[transcoder] on-transcode-event failed for job ${job.id} (${status}):`, e);
    }
  }

  /** Runs ffmpeg; resolves with its stderr, rejects with ffmpeg's last words. */
  function runFfmpeg(ffmpeg: string, args: string[], onStdout?: (chunk: string) => void, track?: (c: ChildProcess) => void): Promise<string> {
    return new Promise((resolve, reject) => {
      const child = spawn(ffmpeg, args, { stdio: ['ignore', 'pipe', 'pipe'] });
      track?.(child);
      // Transcoding is background work: the platform's requests come first.
      try {
        if (child.pid) os.setPriority(child.pid, 10);
      } catch {
        /* not permitted: run at normal priority */
      }
      let err = '';
      child.stderr!.on('data', (d: Buffer) => {
        err += d.toString();
        if (err.length > 200_000) err = err.slice(-100_000);
      });
      child.stdout!.on('data', (d: Buffer) => onStdout?.(d.toString()));
      child.once('error', reject);
      child.once('close', (code, signal) => {
        if (code === 0) resolve(err);
        else reject(Object.assign(new Error(signal ? `ffmpeg was stopped (${signal})` : `ffmpeg failed (exit ${code}): ${lastWords(err)}`), { stderr: err }));
      });
    });
  }

  /** What ffmpeg makes of the input, from its own `-i` report (no ffprobe in the package). */
  async function probe(ffmpeg: string, file: string): Promise<SourceInfo> {
    // Without an output ffmpeg exits 1 after describing the input: that description is the answer.
    const stderr = await runFfmpeg(ffmpeg, ['-hide_banner', '-nostdin', '-i', file]).catch((e: Error & { stderr?: string }) => e.stderr ?? e.message);
    return parseSourceInfo(stderr);
  }

  async function upload(dir: string, prefix: string, bucket: string) {
    const files: string[] = [];
    const walk = (d: string) => fs.readdirSync(d, { withFileTypes: true }).forEach((f) => (f.isDirectory() ? walk(path.join(d, f.name)) : files.push(path.join(d, f.name))));
    walk(dir);
    // Segments and rung playlists first, the master last: once it is there, the whole ladder is.
    files.sort((a, b) => Number(a.endsWith('/master.m3u8')) - Number(b.endsWith('/master.m3u8')) || a.localeCompare(b));
    const master = files.filter((f) => path.dirname(f) === dir && f.endsWith('.m3u8'));
    const rest = files.filter((f) => !master.includes(f));
    const put = (f: string) =>
      opts.s3.send(
        new PutObjectCommand({
          Bucket: bucket,
          Key: prefix + path.relative(dir, f).split(path.sep).join('/'),
          Body: fs.readFileSync(f),
          ContentType: hlsContentType(f) ?? 'application/octet-stream',
        }),
      );
    for (let i = 0; i < rest.length; i += 4) await Promise.all(rest.slice(i, i + 4).map(put));
    for (const f of master) await put(f);
  }

  async function run(job: Job) {
    const t0 = Date.now();
    const { plan } = job;
    const work = fs.mkdtempSync(path.join(os.tmpdir(), 'bioscope-transcode-'));
    const fail = async (failure: string) => {
      // Stopping: the asset stays processing, and the next start sends it through again (resume).
      if (stopped) return;
      await deliver(job, 'ERROR', { errorCode: 1010, errorMessage: failure });
      finished.push({ id: job.id, assetId: plan.userMetadata.assetId, status: 'ERROR', seconds: (Date.now() - t0) / 1000, failure });
      log(`[transcoder] ${plan.sourceKey}: failed — ${failure}`);
    };
    try {
      await deliver(job, 'PROGRESSING');
      if ('missing' in opts.ffmpeg) return await fail(opts.ffmpeg.missing);
      const ffmpeg = opts.ffmpeg.path;
      const source = path.join(work, 'source');
      try {
        const obj = await opts.s3.send(new GetObjectCommand({ Bucket: plan.bucket, Key: plan.sourceKey }));
        await pipeline(obj.Body as Readable, fs.createWriteStream(source));
      } catch (e) {
        return await fail(`The source s3://${plan.bucket}/${plan.sourceKey} could not be read: ${(e as Error).name}`);
      }
      const info = await probe(ffmpeg, source);
      const problem = sourceProblem(info);
      if (problem) return await fail(problem);
      const out = path.join(work, 'out');
      for (const r of plan.rungs) fs.mkdirSync(path.join(out, r.name), { recursive: true });
      let keyInfoFile: string | undefined;
      if (plan.aes) {
        const keyFile = path.join(work, 'aes.key');
        fs.writeFileSync(keyFile, Buffer.from(plan.aes.keyHex, 'hex'));
        keyInfoFile = path.join(work, 'aes.keyinfo');
        fs.writeFileSync(keyInfoFile, keyInfoFileText(plan.aes.url, keyFile));
      }
      let lastSent = -1;
      let lastAt = 0;
      let block = '';
      const onProgress = (chunk: string) => {
        block += chunk;
        const end = block.lastIndexOf('progress=');
        if (end < 0) return;
        const p = progressOf(block, info.durationSeconds);
        block = '';
        if (p === undefined || p === lastSent || Date.now() - lastAt < 1000) return;
        lastSent = p;
        lastAt = Date.now();
        void deliver(job, 'STATUS_UPDATE', { jobProgress: { jobPercentComplete: p, currentPhase: 'TRANSCODING' } });
      };
      try {
        await runFfmpeg(ffmpeg, ffmpegArgs(plan, info, { input: source, outDir: out, ...(keyInfoFile ? { keyInfoFile } : {}) }), onProgress, (c) => {
          if (running) running.child = c;
        });
      } catch (e) {
        return await fail((e as Error).message);
      }
      fs.writeFileSync(path.join(out, plan.masterName), masterPlaylist(plan, info));
      const video = info.video!;
      // The poster is a second, short run (one frame); without it the video still plays, as MediaConvert's would not fail for it either.
      let poster: { file: string; width: number; height: number } | undefined;
      if (plan.poster) {
        const capture = posterCapture(plan.poster, info.durationSeconds);
        try {
          await runFfmpeg(ffmpeg, posterArgs(plan.poster, info, capture, { input: source, output: path.join(out, capture.file) }));
          poster = { file: capture.file, width: widthFor(video, plan.poster.height), height: plan.poster.height };
        } catch (e) {
          log(`[transcoder] ${plan.sourceKey}: no poster — ${(e as Error).message}`);
        }
      }
      await upload(out, plan.outPrefix, plan.outBucket);
      const durationInMs = Math.round((info.durationSeconds ?? 0) * 1000);
      await deliver(job, 'COMPLETE', {
        outputGroupDetails: [
          {
            type: 'HLS_GROUP',
            playlistFilePaths: [`s3://${plan.outBucket}/${plan.outPrefix}${plan.masterName}`],
            outputDetails: plan.rungs.map((r) => ({
              outputFilePaths: [`s3://${plan.outBucket}/${plan.outPrefix}${r.name}/index.m3u8`],
              durationInMs,
              videoDetails: { widthInPx: widthFor(video, r.height), heightInPx: r.height },
            })),
          },
          ...(poster
            ? [{ type: 'FILE_GROUP', outputDetails: [{ outputFilePaths: [`s3://${plan.outBucket}/${plan.outPrefix}${poster.file}`], durationInMs, videoDetails: { widthInPx: poster.width, heightInPx: poster.height } }] }]
            : []),
        ],
      });
      const seconds = (Date.now() - t0) / 1000;
      finished.push({ id: job.id, assetId: plan.userMetadata.assetId, status: 'COMPLETE', seconds });
      log(`[transcoder] ${plan.sourceKey}: ${plan.rungs.map((r) => r.name).join(', ')} ready in ${seconds.toFixed(1)} s (${(info.durationSeconds ?? 0).toFixed(1)} s of video)`);
    } catch (e) {
      await fail(`The local transcoder failed: ${(e as Error).message}`);
    } finally {
      fs.rmSync(work, { recursive: true, force: true });
    }
  }

  function pump() {
    drain ??= (async () => {
      while (!stopped && queue.length) {
        const job = queue.shift()!;
        running = { job };
        await run(job);
        running = undefined;
      }
    })().finally(() => (drain = undefined));
  }

  /** POST <jobsPath>: CreateJob's input in, CreateJob's answer out. */
  const routes: LocalRoute[] = [
    {
      method: 'POST',
      path: jobsPath,
      handle: (_req, res, _url, body) => {
        let input: CreateJobCommandInput;
        let plan: LocalJobPlan;
        try {
          input = JSON.parse(body.toString('utf8')) as CreateJobCommandInput;
          plan = planOf(input);
        } catch (e) {
          return sendJson(res, 400, { message: `The local transcoder cannot run this job: ${(e as Error).message}` });
        }
        const job: Job = { id: `${Date.now()}-local-${randomBytes(3).toString('hex')}`, input, plan };
        queue.push(job);
        pump();
        sendJson(res, 201, { Job: { Id: job.id, Status: 'SUBMITTED', UserMetadata: input.UserMetadata } });
      },
    },
    {
      method: 'GET',
      path: '/_local/transcoder',
      access: 'operator',
      handle: (_req, res) =>
        sendJson(res, 200, {
          ffmpeg: 'path' in opts.ffmpeg ? opts.ffmpeg.path : null,
          problem: 'missing' in opts.ffmpeg ? opts.ffmpeg.missing : undefined,
          running: running ? { id: running.job.id, assetId: running.job.plan.userMetadata.assetId, sourceKey: running.job.plan.sourceKey } : null,
          queued: queue.map((j) => ({ id: j.id, assetId: j.plan.userMetadata.assetId, sourceKey: j.plan.sourceKey })),
          finished: finished.slice(-50),
        }),
    },
  ];

  async function feed(event: S3Event) {
    try {
      await (await opts.onUpload())(event);
    } catch (e) {
      console.error('[transcoder] on-upload failed:', e);
    }
  }

  /**
   * Every stored video whose transcode is not under way or done: no asset yet (stored before the
   * platform transcoded, or while it was stopping), an asset of other bytes (stored again meanwhile),
   * left processing by a stop (its job died with the process), or failed only for want of ffmpeg (now
   * here). Sent through on-upload as S3 would.
   */
  async function resume(): Promise<number> {
    const { assetsOfSources, recordFailed } = await import('../../functions/data/asset-repo');
    const { assetIdOfKey } = await import('../../functions/lib/media-layout');
    let listed: { Key?: string; ETag?: string; Size?: number }[] = [];
    let after: string | undefined;
    // StartAfter, not continuation tokens: s3rver's need a cipher OpenSSL 3 lacks.
    for (;;) {
      const page = await opts.s3.send(new ListObjectsV2Command({ Bucket: opts.bucket, Prefix: MEDIA_PREFIXES.videos, MaxKeys: 1000, ...(after ? { StartAfter: after } : {}) }));
      const contents = page.Contents ?? [];
      listed = listed.concat(contents);
      if (contents.length < 1000) break;
      after = contents.at(-1)!.Key;
    }
    const objects = listed.filter((o): o is { Key: string; ETag?: string; Size?: number } => !!o.Key && !o.Key.endsWith('/'));
    const assets = await assetsOfSources(objects.map((o) => o.Key));
    let fed = 0;
    for (const o of objects) {
      const etag = (o.ETag ?? '').replace(/"/g, '');
      const asset = assets.get(o.Key);
      const interrupted = asset?.state === 'processing';
      const lackedFfmpeg = asset?.state === 'failed' && asset.failure?.startsWith('ffmpeg is missing') && 'path' in opts.ffmpeg;
      // Bytes stored while events were not taken yet (the demo replaced at start): the asset is of older bytes.
      const replaced = !!asset?.sourceEtag && !!etag && asset.sourceEtag !== etag;
      if (asset && !interrupted && !lackedFfmpeg && !replaced) continue;
      if (interrupted && asset.sourceEtag) await recordFailed(assetIdOfKey(o.Key), asset.sourceEtag, 'The platform stopped during the transcode; it starts again');
      await feed(s3EventOf(opts.bucket, o.Key, etag, o.Size ?? 0, 'ObjectCreated:Put', opts.region));
      fed++;
    }
    return fed;
  }

  return {
    routes,
    jobsPath,
    /** From s3rver's 'event': ObjectCreated of a video source, once started (before, resume() finds them). */
    onS3Event(e: S3rverEvent) {
      if (!started || stopped) return;
      for (const r of e.Records ?? []) {
        const key = r.s3?.object?.key;
        if (!r.eventName?.startsWith('ObjectCreated') || r.s3?.bucket?.name !== opts.bucket || !key?.startsWith(MEDIA_PREFIXES.videos)) continue;
        void feed(s3EventOf(opts.bucket, key, r.s3.object?.eTag ?? '', r.s3.object?.size ?? 0, r.eventName, opts.region));
      }
    },
    /** Takes S3 events from now on and resumes the stored videos' transcodes; answers how many were sent. */
    async start(): Promise<number> {
      started = true;
      return resume();
    },
    async stop() {
      stopped = true;
      queue.length = 0;
      running?.child?.kill('SIGKILL');
      await drain?.catch(() => undefined);
    },
    /** Resolves once the queue is empty (tests, the bench). */
    idle: () => drain ?? Promise.resolve(),
  };
}

/** The end of ffmpeg's stderr that says why it stopped (not its banner or its settings). */
function lastWords(stderr: string): string {
  const lines = stderr.trim().split('\n').map((l) => l.trim()).filter(Boolean);
  return lines.slice(-3).join(' | ').slice(0, 400) || 'no message';
}

export type LocalTranscoder = ReturnType<typeof createLocalTranscoder>;
