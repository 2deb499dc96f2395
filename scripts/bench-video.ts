/**
 * `npm run bench:video`: what each rung of the ladder sends a student and how close it looks to the source.
 *
 * - Two sources (or BENCH_VIDEO_SOURCE=<file> alone): the demo video `npm start` seeds
 *   (infra/local/assets/demo-lecture.webm, 12 s, 640x360, no sound) and a talking head with a board
 *   and slides (scripts/make-lecture-sample.ts, BENCH_VIDEO_SECONDS long, default 30, 1280x720);
 * - transcodes each exactly as the local platform does (functions/media/job.ts → infra/local/transcoder-ffmpeg.ts:
 *   the default ladder or HLS_LADDER, one ffmpeg run), timed;
 * - per rung: its picture, the BANDWIDTH the master playlist states, the measured bytes (segments and
 *   playlists, MPEG-TS overhead included) as kbit/s and MB per hour, and its quality against the source:
 *   the rung scaled back to the source's size, ffmpeg's SSIM (every frame) and VMAF v0.6.1 (every
 *   BENCH_VMAF_SUBSAMPLE-th frame, default 5: VMAF is slow on 2 cores), both its default model (a 1080p
 *   screen at three picture heights: harsh on a small rung) and its phone model (a phone's screen, where
 *   students watch).
 *
 * VMAF needs its model, which the bundled ffmpeg (4.1, built with libvmaf) does not ship: BENCH_VMAF_MODEL=
 * <path to vmaf_v0.6.1.pkl, beside its .pkl.model> (from Netflix's vmaf repository); without it the VMAF
 * column is empty. The goal printed beside the table: the lowest rung at most 200 kbit/s, about 90 MB an hour.
 *
 * Prints a table per source and one JSON line (BENCH_VIDEO …). Needs ffmpeg (the optional npm package, or FFMPEG_PATH).
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { bandwidthOf, createJobInput, ladderOf } from '../functions/media/job';
import { findFfmpeg } from '../infra/local/transcoder';
import { ffmpegArgs, masterPlaylist, parseSourceInfo, planOf, type SourceInfo, sourceProblem, widthFor } from '../infra/local/transcoder-ffmpeg';
import { lectureSampleArgs } from './make-lecture-sample';

const GOAL = { lowestKbps: 200, lowestMBPerHour: 90 };
const VMAF_MODEL = process.env.BENCH_VMAF_MODEL;
const VMAF_SUBSAMPLE = Number(process.env.BENCH_VMAF_SUBSAMPLE ?? 5);
const DEMO = path.resolve(__dirname, '../infra/local/assets/demo-lecture.webm');

/** Runs ffmpeg; `stderr` holds both of its streams (libvmaf prints its score on stdout). */
function run(bin: string, args: string[]): Promise<{ code: number | null; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(bin, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stderr += d.toString()));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.once('error', reject);
    child.once('close', (code) => resolve({ code, stderr }));
  });
}

const sizeOf = (dir: string, ext: string) => fs.readdirSync(dir).filter((f) => f.endsWith(ext)).reduce((n, f) => n + fs.statSync(path.join(dir, f)).size, 0);

/** SSIM (all frames) and VMAF, default and phone model (when there is a model), of a rung's playlist against the source, the rung scaled to the source's size. */
async function quality(ffmpeg: string, rungPlaylist: string, source: string, src: NonNullable<SourceInfo['video']>, logs: string) {
  // Both from their first frame (MPEG-TS starts at 1.4 s), both 4:2:0, the rung scaled up (bicubic, as a player would).
  const n = VMAF_MODEL ? 3 : 1;
  const tags = (p: string) => Array.from({ length: n }, (_, i) => `[${p}${i}]`).join('');
  const prep = `[0:v]scale=${src.width}:${src.height}:flags=bicubic,format=yuv420p,setpts=PTS-STARTPTS,split=${n}${tags('d')};[1:v]format=yuv420p,setpts=PTS-STARTPTS,split=${n}${tags('r')}`;
  const log = (i: number) => path.join(logs, `vmaf-${i}.json`);
  const vmaf = (i: number, phone: boolean) => `;[d${i}][r${i}]libvmaf=model_path=${VMAF_MODEL}:n_subsample=${VMAF_SUBSAMPLE}:phone_model=${phone ? 1 : 0}:log_fmt=json:log_path=${log(i)}[q${i}]`;
  const graph = `${prep};[d0][r0]ssim[q0]${VMAF_MODEL ? vmaf(1, false) + vmaf(2, true) : ''}`;
  const args = ['-hide_banner', '-nostdin', '-i', rungPlaylist, '-i', source, '-filter_complex', graph];
  for (let i = 0; i < n; i++) args.push('-map', `[q${i}]`, '-f', 'null', '-');
  const r = await run(ffmpeg, args);
  if (r.code !== 0) throw new Error(`quality run failed: ${r.stderr.slice(-600)}`);
  const ssim = Number(/SSIM Y:[\d.]+ .*?All:([\d.]+)/.exec(r.stderr)?.[1]);
  // Each libvmaf's log: its frames' scores, whose mean is the VMAF score it prints.
  const vmafOf = (i: number) => {
    const frames = (JSON.parse(fs.readFileSync(log(i), 'utf8')) as { frames: { metrics: { vmaf: number } }[] }).frames;
    return Number((frames.reduce((sum, f) => sum + f.metrics.vmaf, 0) / frames.length).toFixed(1));
  };
  return { ssim: Number.isFinite(ssim) ? Number(ssim.toFixed(4)) : null, vmaf: VMAF_MODEL ? vmafOf(1) : null, vmafPhone: VMAF_MODEL ? vmafOf(2) : null };
}

async function benchSource(ffmpeg: string, name: string, source: string, work: string) {
  const info = parseSourceInfo((await run(ffmpeg, ['-hide_banner', '-nostdin', '-i', source])).stderr);
  const problem = sourceProblem(info);
  if (problem) throw new Error(`${name}: ${problem}`);
  const video = info.video!;
  const seconds = info.durationSeconds!;
  const plan = planOf(createJobInput({ bucket: 'bench', sourceKey: 'videos/bench', sourceEtag: 'bench', assetId: 'bench', ladder: ladderOf(process.env.HLS_LADDER ?? ''), role: 'bench' }));
  const out = path.join(work, name);
  for (const r of plan.rungs) fs.mkdirSync(path.join(out, r.name), { recursive: true });
  console.log(`\n${name}: ${seconds.toFixed(1)} s of ${video.width}x${video.height} ${info.hasAudio ? 'with' : 'without'} sound → ${plan.rungs.map((r) => r.name).join(', ')} on ${os.cpus().length} CPUs (load ${os.loadavg()[0]!.toFixed(2)}) …`);
  const t0 = process.hrtime.bigint();
  const r = await run(ffmpeg, ffmpegArgs(plan, info, { input: source, outDir: out }));
  const transcodeSeconds = Number(process.hrtime.bigint() - t0) / 1e9;
  if (r.code !== 0) throw new Error(`ffmpeg failed: ${r.stderr.slice(-800)}`);
  fs.writeFileSync(path.join(out, plan.masterName), masterPlaylist(plan, info));

  const rungs = [];
  for (const rung of plan.rungs) {
    const dir = path.join(out, rung.name);
    const bytes = sizeOf(dir, '.ts') + sizeOf(dir, '.m3u8');
    const q = await quality(ffmpeg, path.join(dir, 'index.m3u8'), source, video, dir);
    rungs.push({
      rung: rung.name,
      resolution: `${widthFor(video, rung.height)}x${rung.height}`,
      statedKbps: bandwidthOf(rung) / 1000,
      measuredKbps: Math.round((bytes * 8) / seconds / 1000),
      mbPerHour: Math.round((bytes / seconds) * 3600 / 1e6),
      ...q,
    });
  }
  console.log(`transcode: ${transcodeSeconds.toFixed(1)} s (${(seconds / transcodeSeconds).toFixed(2)}× real time)`);
  console.log('rung   resolution  stated kbit/s  measured kbit/s   MB/h    SSIM   VMAF  VMAF phone');
  for (const x of rungs) {
    console.log(
      `${x.rung.padEnd(6)} ${x.resolution.padEnd(10)}  ${String(x.statedKbps).padStart(13)}  ${String(x.measuredKbps).padStart(15)}  ${String(x.mbPerHour).padStart(5)}  ${x.ssim?.toFixed(4) ?? '—'.padStart(6)}  ${x.vmaf?.toFixed(1).padStart(5) ?? '    —'}  ${x.vmafPhone?.toFixed(1).padStart(10) ?? '         —'}`,
    );
  }
  const lowest = rungs[0]!;
  const met = lowest.statedKbps <= GOAL.lowestKbps && lowest.mbPerHour <= GOAL.lowestMBPerHour;
  console.log(`goal: the lowest rung ≤ ${GOAL.lowestKbps} kbit/s, ≤ ${GOAL.lowestMBPerHour} MB an hour — ${lowest.rung} states ${lowest.statedKbps} kbit/s and measures ${lowest.mbPerHour} MB/h: ${met ? 'met' : 'not met'}`);
  return { source: name, durationSeconds: seconds, width: video.width, height: video.height, audio: info.hasAudio, transcodeSeconds: Number(transcodeSeconds.toFixed(1)), lowestGoalMet: met, rungs };
}

async function main() {
  const ffmpeg = findFfmpeg();
  if (!('path' in ffmpeg)) throw new Error(ffmpeg.missing);
  if (VMAF_MODEL && !fs.existsSync(VMAF_MODEL)) throw new Error(`BENCH_VMAF_MODEL=${VMAF_MODEL} does not exist`);
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-video-'));
  try {
    const sources: [string, string][] = [];
    if (process.env.BENCH_VIDEO_SOURCE) sources.push(['given', process.env.BENCH_VIDEO_SOURCE]);
    else {
      const seconds = Number(process.env.BENCH_VIDEO_SECONDS ?? 30);
      const sample = path.join(work, 'lecture-sample.mp4');
      console.log(`Making a ${seconds} s talking head with a board and slides (scripts/make-lecture-sample.ts) …`);
      const made = await run(ffmpeg.path, lectureSampleArgs(seconds, sample));
      if (made.code !== 0) throw new Error(`could not make the sample: ${made.stderr.slice(-500)}`);
      sources.push(['demo', DEMO], ['lecture-sample', sample]);
    }
    if (!VMAF_MODEL) console.log('VMAF: no BENCH_VMAF_MODEL, SSIM only');
    const results = [];
    for (const [name, file] of sources) results.push(await benchSource(ffmpeg.path, name, file, work));
    console.log(`\nBENCH_VIDEO ${JSON.stringify({ cpus: os.cpus().length, cpu: os.cpus()[0]?.model, vmafModel: VMAF_MODEL ? path.basename(VMAF_MODEL) : null, vmafSubsample: VMAF_SUBSAMPLE, sources: results })}`);
  } finally {
    fs.rmSync(work, { recursive: true, force: true });
  }
}

main().catch((e) => {
  console.error(`bench:video failed: ${e instanceof Error ? e.message : e}`);
  process.exit(1);
});
