/**
 * `npm run bench:video`: what the local transcode costs and what each rung sends a student.
 *
 * - Makes a clip (BENCH_VIDEO_SECONDS, default 60 s, of ffmpeg's 720p30 test pattern with a tone), or
 *   takes BENCH_VIDEO_SOURCE (a real recording gives truer figures: the test pattern is easy to encode);
 * - transcodes it exactly as the local platform does (functions/media/job.ts → infra/local/transcoder-ffmpeg.ts:
 *   the default ladder or HLS_LADDER, one ffmpeg run), timed: seconds of transcoding per minute of video;
 * - bytes per student-hour at each rung, measured from the produced segments and playlists (MPEG-TS overhead
 *   included) and scaled to 1 h, beside the rung's stated BANDWIDTH (videoKbps + audio, as the master playlist
 *   says it), with CloudFront egress at $0.110/GB (Middle East and Africa).
 *
 * Prints a table and one JSON line (BENCH_VIDEO …). Needs ffmpeg (the optional npm package, or FFMPEG_PATH).
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { bandwidthOf, createJobInput, ladderOf } from '../functions/media/job';
import { findFfmpeg } from '../infra/local/transcoder';
import { ffmpegArgs, masterPlaylist, parseSourceInfo, planOf, sourceProblem } from '../infra/local/transcoder-ffmpeg';

const EGRESS_USD_PER_GB = 0.11;
const GB = 1e9;

function run(bin: string, args: string[]): Promise<{ code: number | null; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(bin, args, { stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.once('error', reject);
    child.once('close', (code) => resolve({ code, stderr }));
  });
}

const sizeOf = (dir: string, ext: string) => fs.readdirSync(dir).filter((f) => f.endsWith(ext)).reduce((n, f) => n + fs.statSync(path.join(dir, f)).size, 0);

async function main() {
  const ffmpeg = findFfmpeg();
  if (!('path' in ffmpeg)) throw new Error(ffmpeg.missing);
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-video-'));
  try {
    let source = process.env.BENCH_VIDEO_SOURCE;
    if (!source) {
      const seconds = Number(process.env.BENCH_VIDEO_SECONDS ?? 60);
      source = path.join(work, 'source.mp4');
      console.log(`Making a ${seconds} s 1280x720 30 fps test clip …`);
      const made = await run(ffmpeg.path, [
        '-hide_banner', '-nostdin', '-y',
        '-f', 'lavfi', '-i', `testsrc=size=1280x720:rate=30:duration=${seconds}`,
        '-f', 'lavfi', '-i', `sine=frequency=440:duration=${seconds}`,
        '-c:v', 'libx264', '-preset', 'veryfast', '-crf', '18', '-pix_fmt', 'yuv420p', '-c:a', 'aac', '-b:a', '128k', '-shortest', source,
      ]);
      if (made.code !== 0) throw new Error(`could not make the clip: ${made.stderr.slice(-500)}`);
    }
    const probe = await run(ffmpeg.path, ['-hide_banner', '-nostdin', '-i', source]);
    const info = parseSourceInfo(probe.stderr);
    const problem = sourceProblem(info);
    if (problem) throw new Error(problem);
    const ladder = ladderOf(process.env.HLS_LADDER ?? '');
    const plan = planOf(createJobInput({ bucket: 'bench', sourceKey: 'videos/bench', sourceEtag: 'bench', assetId: 'bench', ladder, role: 'bench' }));
    const out = path.join(work, 'out');
    for (const r of plan.rungs) fs.mkdirSync(path.join(out, r.name), { recursive: true });
    const args = ffmpegArgs(plan, info, { input: source, outDir: out });
    console.log(`Transcoding ${info.durationSeconds!.toFixed(1)} s of ${info.video!.width}x${info.video!.height} to ${plan.rungs.map((r) => r.name).join(', ')} on ${os.cpus().length} CPUs (load ${os.loadavg()[0]!.toFixed(2)}) …`);
    const t0 = process.hrtime.bigint();
    const r = await run(ffmpeg.path, args);
    const elapsed = Number(process.hrtime.bigint() - t0) / 1e9;
    if (r.code !== 0) throw new Error(`ffmpeg failed: ${r.stderr.slice(-800)}`);
    fs.writeFileSync(path.join(out, plan.masterName), masterPlaylist(plan, info));
    const minutes = info.durationSeconds! / 60;
    const perMinute = elapsed / minutes;

    const rungs = plan.rungs.map((rung) => {
      const dir = path.join(out, rung.name);
      const bytes = sizeOf(dir, '.ts') + sizeOf(dir, '.m3u8');
      const perHour = (bytes / info.durationSeconds!) * 3600;
      const statedPerHour = (bandwidthOf(rung) / 8) * 3600;
      return {
        rung: rung.name,
        segments: fs.readdirSync(dir).filter((f) => f.endsWith('.ts')).length,
        mbps: Number(((perHour * 8) / 3600 / 1e6).toFixed(3)),
        gbPerStudentHour: Number((perHour / GB).toFixed(3)),
        usdPerStudentHour: Number(((perHour / GB) * EGRESS_USD_PER_GB).toFixed(4)),
        statedGbPerStudentHour: Number((statedPerHour / GB).toFixed(3)),
        statedUsdPerStudentHour: Number(((statedPerHour / GB) * EGRESS_USD_PER_GB).toFixed(4)),
      };
    });

    console.log(`\nTranscode: ${elapsed.toFixed(1)} s for ${minutes.toFixed(2)} min of video → ${perMinute.toFixed(1)} s per video-minute (${(info.durationSeconds! / elapsed).toFixed(2)}× real time)\n`);
    console.log('rung   segments  Mbit/s  GB/student-hour  $/student-hour   stated GB/h  stated $/h   (stated: the playlist BANDWIDTH; egress at $0.110/GB)');
    for (const x of rungs) {
      console.log(
        `${x.rung.padEnd(6)} ${String(x.segments).padStart(8)}  ${x.mbps.toFixed(3).padStart(6)}  ${x.gbPerStudentHour.toFixed(3).padStart(15)}  ${x.usdPerStudentHour.toFixed(4).padStart(14)}   ${x.statedGbPerStudentHour.toFixed(3).padStart(11)}  ${x.statedUsdPerStudentHour.toFixed(4).padStart(10)}`,
      );
    }
    console.log(
      `\nBENCH_VIDEO ${JSON.stringify({ source: process.env.BENCH_VIDEO_SOURCE ? 'given' : 'testsrc 1280x720p30 + sine', durationSeconds: info.durationSeconds, cpus: os.cpus().length, transcodeSeconds: Number(elapsed.toFixed(1)), secondsPerVideoMinute: Number(perMinute.toFixed(1)), rungs })}`,
    );
  } finally {
    fs.rmSync(work, { recursive: true, force: true });
  }
}

main().catch((e) => {
  console.error(`bench:video failed: ${e instanceof Error ? e.message : e}`);
  process.exit(1);
});
