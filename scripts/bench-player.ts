/**
 * The student's player on a cheap phone's connection (issue 16): in Chromium with a throttled
 * mobile profile (CDP: 1.6 Mbit/s down, 750 kbit/s up, 150 ms RTT, CPU 4× slower, a 360 × 740
 * screen), the player of a lecture whose video the local platform has transcoded to the HLS
 * ladder, held on each of the ladder's two lowest rungs in turn (the quality menu's first two; a
 * fresh browser and student each): time to first frame (from the play tap, and from the page's
 * start) and rebuffering (waiting events and the time stalled) over BENCH_PLAY_SECONDS (60) of play.
 *
 *   npm run bench:player            (builds web/dist when missing; WEB_DIST to use another build)
 *   BENCH_RUNG=360p,auto npm run bench:player   (those rungs instead; auto: the player's own choice)
 *
 * The video is made here: ffmpeg's test pattern with a tone, 90 s at 1280 × 720 (H.264/AAC), so
 * the 60 s of play stay inside it. Prints one JSON line of figures at the end.
 */
import { execFileSync, execSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { ROOT, spawnPlatform, stopPlatform } from '../infra/local/spawn';
import { findFfmpeg } from '../infra/local/transcoder';
import { chromiumPath } from '../test/support/browser';

const PLAY_SECONDS = Number(process.env.BENCH_PLAY_SECONDS ?? 60);
const PROFILE = { downKbps: 1600, upKbps: 750, rttMs: 150, cpuSlowdown: 4 };
/**
 * The rungs chosen in the quality menu before the tap, one run each: by default the two lowest (0 and 1
 * of the menu's rungs, lowest first); BENCH_RUNG=360p,auto names them (auto: the player's choice, the connection's rung).
 */
const RUNGS: (string | number)[] = process.env.BENCH_RUNG ? process.env.BENCH_RUNG.split(',') : [0, 1];
const SAVE_DATA = process.env.BENCH_SAVE_DATA === '1';

function makeVideo(seconds: number): string {
  const found = findFfmpeg();
  if ('missing' in found) throw new Error(found.missing);
  const ffmpeg = found.path;
  const file = path.join(os.tmpdir(), `bench-player-${seconds}s.mp4`);
  if (!fs.existsSync(file))
    execFileSync(ffmpeg, ['-hide_banner', '-loglevel', 'error', '-y', '-f', 'lavfi', '-i', `testsrc2=size=1280x720:rate=25:duration=${seconds}`, '-f', 'lavfi', '-i', `sine=frequency=440:duration=${seconds}`, '-c:v', 'libx264', '-preset', 'veryfast', '-pix_fmt', 'yuv420p', '-b:v', '2500k', '-c:a', 'aac', '-b:a', '128k', '-shortest', file]);
  return file;
}

async function main() {
  const webDist = process.env.WEB_DIST ?? path.join(ROOT, 'web/dist');
  if (!fs.existsSync(path.join(webDist, 'index.html'))) execSync('npm run build:web --silent', { cwd: ROOT, stdio: 'inherit' });
  const { info, child, dataDir } = await spawnPlatform({ WEB_DIST: webDist });
  process.env.BIOSCOPE_PLATFORM = JSON.stringify(info);
  try {
    const { api, makeUser } = await import('../test/support/platform');
    const { courseForm, lectureForm } = await import('../test/integration/catalogue-fixtures');
    const admin = await makeUser({ admin: true });

    // A lecture of one 90 s video, transcoded by the platform, granted to the student.
    const bytes = fs.readFileSync(makeVideo(90));
    const course = await api('POST', '/api/cours/create-course', { token: admin.token, form: courseForm({ name: `Bench course ${Date.now()}` }) });
    const term = (course.body.terms as { id: string; courseFor: string }[]).find((t) => t.courseFor === 'ثانوي عام')!;
    const sections = await api('GET', `/api/cours/content/${term.id}`, { token: admin.token });
    const sectionId = (sections.body.data as { id: string; content: string }[]).find((s) => s.content === 'شرح محاضرات')!.id;
    const up = await api('GET', `/api/AWS/get-signed-url?${new URLSearchParams({ fileName: 'bench.mp4', fileType: 'video/mp4', fileSize: String(bytes.length) })}`, { token: admin.token });
    await fetch(up.body.signedUrl, { method: 'PUT', body: bytes, headers: { 'content-type': 'video/mp4' } });
    const saved = await api('POST', '/api/AWS/save-lecture', { token: admin.token, form: lectureForm({ contentId: sectionId, price: '0', isFree: 'true', videoUrls: JSON.stringify([{ videoUrl: up.body.key, videoName: 'Bench', quizId: null }]) }) });
    const lectureId = saved.body.data.id as string;
    const t0 = Date.now();
    for (;;) {
      const v = (await api('GET', `/api/cours/lectureaaa/${lectureId}`, { token: admin.token })).body.data.videos[0] as { state: string; failure?: string };
      if (v.state === 'ready') break;
      if (v.state === 'failed') throw new Error(`transcode failed: ${v.failure}`);
      if (Date.now() - t0 > 600_000) throw new Error('not transcoded in 10 minutes');
      await new Promise((r) => setTimeout(r, 2000));
    }
    const transcodeSeconds = (Date.now() - t0) / 1000;
    console.log(`transcoded 90 s of 720p in ${transcodeSeconds.toFixed(0)} s`);

    const browser = await chromium.launch({ executablePath: chromiumPath(), args: ['--autoplay-policy=no-user-gesture-required'] });
    const results = [];
    /** One run: a fresh context and student (one stream at a time: a student per run), the rung picked, the tap, PLAY_SECONDS of play. */
    const playOn = async (pick: string | number) => {
      const student = await makeUser({ firstName: 'Bench' });
      const context = await browser.newContext({ viewport: { width: 360, height: 740 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true });
      // tsx (esbuild keepNames) wraps named functions in __name(); the functions evaluated in the page need it too.
      await context.addInitScript({ content: 'window.__name = (f) => f;' });
      const page = await context.newPage();
      await page.goto(`${info.url}/auth/login`);
      await page.evaluate((u) => localStorage.setItem('user', JSON.stringify({ id: u.id, email: u.email, firstName: 'Bench', lastName: 'Student', mobileNumber: '+201000000000', role: 'USER', block: false, token: u.token })), student);
      // What a 3G phone's browser reports (Chrome on Android): the player starts at the rung that fits.
      // BENCH_SAVE_DATA=1: the phone's data saver is on (the player then fetches only the master playlist before the tap).
      await page.addInitScript((saveData) => Object.defineProperty(navigator, 'connection', { configurable: true, value: { downlink: 1.6, effectiveType: '3g', saveData } }), SAVE_DATA);
      const cdp = await context.newCDPSession(page);
      await cdp.send('Network.enable');
      await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: PROFILE.rttMs, downloadThroughput: (PROFILE.downKbps * 1000) / 8, uploadThroughput: (PROFILE.upKbps * 1000) / 8 });
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: PROFILE.cpuSlowdown });
      const segments: { url: string; bytes: number }[] = [];
      page.on('response', (r) => {
        if (/\/media\/hls\/.+\.ts$/.test(r.url())) void r.body().then((b) => segments.push({ url: r.url(), bytes: b.length }), () => {});
      });

      const navStart = Date.now();
      await page.goto(`${info.url}/lec/${lectureId}`);
      const quality = page.getByTestId('quality-menu');
      await quality.waitFor({ timeout: 60_000 });
      const RUNG = typeof pick === 'number' ? (await quality.locator('option').allTextContents()).slice(1)[pick]! : pick;
      if (RUNG !== 'auto') await quality.selectOption({ label: RUNG });
      // The student looks at the page before tapping: whatever the player fetches on its own has come.
      await page.waitForLoadState('networkidle');
      // Watch the element from here on: the first frame, each stall and its length.
      await page.getByTestId('lecture-video').evaluate((v: HTMLVideoElement) => {
        const w = window as unknown as { bench: { firstFrameAt?: number; tapAt?: number; waits: number; stalledMs: number; waitingSince?: number } };
        w.bench = { waits: 0, stalledMs: 0 };
        v.muted = true;
        const frame = () => (w.bench.firstFrameAt ??= performance.now());
        v.requestVideoFrameCallback(frame);
        v.addEventListener('waiting', () => {
          if (w.bench.firstFrameAt === undefined) return;
          w.bench.waits++;
          w.bench.waitingSince = performance.now();
        });
        v.addEventListener('playing', () => {
          if (w.bench.waitingSince !== undefined) w.bench.stalledMs += performance.now() - w.bench.waitingSince;
          w.bench.waitingSince = undefined;
        });
      });
      const tapWall = Date.now();
      await page.evaluate(() => ((window as unknown as { bench: { tapAt: number } }).bench.tapAt = performance.now()));
      await page.locator('.vp-controls button').first().click();
      await page.waitForFunction(() => (window as unknown as { bench: { firstFrameAt?: number } }).bench.firstFrameAt !== undefined, null, { timeout: 120_000 });
      const firstFrame = await page.evaluate(() => {
        const b = (window as unknown as { bench: { firstFrameAt: number; tapAt: number } }).bench;
        return b.firstFrameAt - b.tapAt;
      });
      const fromNavigation = Date.now() - navStart - (Date.now() - tapWall) + firstFrame;
      // Where the tap's wait goes, and what opening the page cost of the video before it: the
      // playlists, segments and keys (resource timing; same-origin, so sizes are there).
      const timeline = await page.evaluate(() => {
        const b = (window as unknown as { bench: { firstFrameAt: number; tapAt: number } }).bench;
        const media = performance.getEntriesByType('resource').filter((e) => /\/media\/hls\/|\/media-keys\/|hls\.light/.test(e.name)) as PerformanceResourceTiming[];
        const short = (u: string) => new URL(u).pathname.split('/').slice(-2).join('/');
        return {
          beforeTap: media.filter((e) => e.startTime < b.tapAt).map((e) => ({ file: short(e.name), kib: Math.round(e.transferSize / 1024) })),
          afterTap: media
            .filter((e) => e.startTime >= b.tapAt && e.startTime < b.firstFrameAt)
            .map((e) => ({ file: short(e.name), startMs: Math.round(e.startTime - b.tapAt), endMs: Math.round(e.responseEnd - b.tapAt), kib: Math.round(e.transferSize / 1024) })),
        };
      });
      console.log(`before the tap: ${timeline.beforeTap.map((e) => `${e.file} ${e.kib} KiB`).join(', ') || 'nothing of the video'}`);
      console.log(`after the tap, until the first frame at ${Math.round(firstFrame)} ms: ${timeline.afterTap.map((e) => `${e.file} ${e.startMs}–${e.endMs} ms (${e.kib} KiB)`).join(', ')}`);
      // Play on for PLAY_SECONDS of wall time.
      await page.waitForTimeout(PLAY_SECONDS * 1000);
      const end = await page.getByTestId('lecture-video').evaluate((v: HTMLVideoElement) => {
        const b = (window as unknown as { bench: { waits: number; stalledMs: number; waitingSince?: number } }).bench;
        const stalledMs = b.stalledMs + (b.waitingSince !== undefined ? performance.now() - b.waitingSince : 0);
        return { position: v.currentTime, height: v.videoHeight, waits: b.waits, stalledMs, dropped: v.getVideoPlaybackQuality?.().droppedVideoFrames ?? null, total: v.getVideoPlaybackQuality?.().totalVideoFrames ?? null };
      });
      const rungs = [...new Set(segments.map((s) => /\/(\d+p)\//.exec(s.url)?.[1]))];
      const result = {
        profile: PROFILE,
        rung: RUNG,
        saveData: SAVE_DATA,
        transcodeSeconds: Math.round(transcodeSeconds),
        firstFrameMsFromTap: Math.round(firstFrame),
        firstFrameMsFromNavigation: Math.round(fromNavigation),
        playedSeconds: Number(end.position.toFixed(1)),
        wallSeconds: PLAY_SECONDS,
        rebufferEvents: end.waits,
        rebufferMs: Math.round(end.stalledMs),
        rebufferRatio: Number((end.stalledMs / 1000 / (PLAY_SECONDS)).toFixed(3)),
        pictureHeight: end.height,
        droppedFrames: end.dropped,
        totalFrames: end.total,
        segmentRungs: rungs,
        segmentKiB: Math.round(segments.reduce((n, s) => n + s.bytes, 0) / 1024),
        videoKiBBeforeTap: timeline.beforeTap.filter((e) => !e.file.includes('hls.light')).reduce((n, e) => n + e.kib, 0),
        tapTimeline: timeline.afterTap,
      };
      console.log(`first frame ${result.firstFrameMsFromTap} ms after the tap (${result.firstFrameMsFromNavigation} ms after opening the page); ${result.rebufferEvents} rebuffers, ${result.rebufferMs} ms stalled in ${PLAY_SECONDS} s (played to ${result.playedSeconds} s); picture ${end.height}p; rungs fetched ${rungs.join(', ')}`);
      console.log(JSON.stringify(result));
      await context.close();
      return result;
    };
    try {
      for (const pick of RUNGS) results.push(await playOn(pick));
      console.log(`BENCH_PLAYER ${JSON.stringify(results.map((r) => ({ rung: r.rung, firstFrameMsFromTap: r.firstFrameMsFromTap, firstFrameMsFromNavigation: r.firstFrameMsFromNavigation, rebufferEvents: r.rebufferEvents, rebufferMs: r.rebufferMs, segmentKiB: r.segmentKiB, segmentRungs: r.segmentRungs })))}`);
    } finally {
      await browser.close();
    }
  } finally {
    await stopPlatform(child, dataDir);
  }
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
