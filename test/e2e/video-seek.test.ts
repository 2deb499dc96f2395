/**
 * A lecture's video can be seeked at once, before it has played: its length is the server's (the
 * transcoder measured it) before any media has loaded (issue 14), and a seek to near the end loads
 * the video there only (HLS, issue 16) and lands without playing through. The seeded demo video and a
 * video the teacher has just uploaded (transcoded by the platform's ffmpeg) seek the same way; the
 * playlist is refused without the playback cookies.
 */
import fs from 'node:fs';
import type { Browser, Page, Response } from 'playwright-core';
import { launchBrowser, newPage, shot } from '../support/browser';
import { api, makeUser, type TestUser } from '../support/platform';
import { lectureForm } from '../integration/catalogue-fixtures';
import { at, waitForPath } from './auth-helpers';
import { DEMO_COURSE, DEMO_FREE, DEMO_VIDEO, GENERAL, makeCourse, storeSession, untilVideosReady } from './catalogue-helpers';

jest.setTimeout(60_000);

let browser: Browser;
let student: TestUser;
let admin: TestUser;
beforeAll(async () => {
  [browser, student, admin] = await Promise.all([launchBrowser(), makeUser({ firstName: 'Student' }), makeUser({ admin: true })]);
});
afterAll(async () => {
  await browser?.close();
});

interface Seek {
  /** The media's duration once the seek has loaded it. */
  duration: number;
  /** Nothing played before the seek. */
  playedBefore: number;
  target: number;
  landed: number;
  ended: boolean;
  played: number;
  seekMs: number;
  /** The frame at the target is there to show. */
  readyState: number;
  /** How the bucket answered the player's requests for the video. */
  statuses: number[];
}

/**
 * Opens /lec/{id} as the signed-in page and, before anything has played, moves the player's slider
 * to 1 s before the end, as a student's drag does (the input event React reads). Nothing of the
 * video is fetched before (issue 14): the slider's length is the server's, and the seek loads the
 * media there. `served` are the HLS playlists and segments.
 */
async function seekNearEnd(page: Page, lectureId: string): Promise<Seek> {
  const served: Response[] = [];
  page.on('response', (r) => {
    if (new URL(r.url()).pathname.startsWith('/media/hls/')) served.push(r);
  });
  await page.goto(at(`/lec/${lectureId}`));
  await waitForPath(page, `/lec/${lectureId}`);
  const video = page.getByTestId('lecture-video');
  await video.waitFor();
  await page.waitForFunction(() => !((document.querySelector('.vp-seek') as HTMLInputElement | null)?.disabled ?? true), null, { timeout: 20_000 });
  const seek = await video.evaluate(async (v: HTMLVideoElement) => {
    const slider = document.querySelector('.vp-seek') as HTMLInputElement;
    const playedBefore = v.played.length;
    const target = Math.floor(Number(slider.max)) - 1;
    const t0 = performance.now();
    const landed = await new Promise<number>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no seeked within 5 s (currentTime ${v.currentTime})`)), 5_000);
      v.addEventListener(
        'seeked',
        () => {
          clearTimeout(timer);
          resolve(v.currentTime);
        },
        { once: true },
      );
      Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!.call(slider, String(target));
      slider.dispatchEvent(new Event('input', { bubbles: true }));
    });
    const seekMs = performance.now() - t0;
    if (v.readyState < HTMLMediaElement.HAVE_CURRENT_DATA) await new Promise((r) => v.addEventListener('loadeddata', r, { once: true }));
    return { duration: v.duration, playedBefore, target, landed, ended: v.ended, played: v.played.length, seekMs, readyState: v.readyState, paused: v.paused, statuses: [] as number[] };
  });
  expect(seek.paused).toBe(true);
  return { ...seek, statuses: served.map((r) => r.status()) };
}

function expectSeekable(s: Seek, seconds: number) {
  expect(Number.isFinite(s.duration)).toBe(true);
  // HLS segments end on whole frames: the length is the video's within a fraction of a second.
  expect(Math.abs(s.duration - seconds)).toBeLessThan(0.5);
  expect(s.playedBefore).toBe(0);
  expect(s.landed).toBeCloseTo(s.target, 1);
  // Landed by seeking, not by playing to the end: nothing played, not at the end.
  expect(s.played).toBe(0);
  expect(s.ended).toBe(false);
  expect(s.seekMs).toBeLessThan(3_000);
  expect(s.readyState).toBeGreaterThanOrEqual(2); // HAVE_CURRENT_DATA
  // The playlists and segments came with the playback's cookies.
  expect(s.statuses.length).toBeGreaterThan(0);
  expect(s.statuses.every((status) => status === 200)).toBe(true);
}

it('the demo lecture knows its length at once and seeks to 1 s before the end without playing', async () => {
  const courses = await api('GET', '/api/cours/all');
  const demo = (courses.body.data as { id: string; name: string }[]).find((c) => c.name === DEMO_COURSE)!;
  const terms = await api('GET', `/api/cours/Term/${encodeURIComponent(GENERAL)}/${demo.id}`, { token: student.token });
  const sections = await api('GET', `/api/cours/content/${terms.body.data[0].id}`, { token: student.token });
  const lectures = await api('GET', `/api/cours/lecture/${sections.body.data[0].id}`, { token: student.token });
  const free = (lectures.body.data as { id: string; name: string }[]).find((l) => l.name === DEMO_FREE)!;
  // The platform transcodes the demo video when it seeds it (issue 16).
  await untilVideosReady(admin, free.id);

  const { page, context, errors } = await newPage(browser);
  await storeSession(page, student);
  expectSeekable(await seekNearEnd(page, free.id), 12);
  // For a person: the player reads 0:11 / 0:12 and the frame's clock 00:11.0.
  await shot(page, 'video-seek-demo-near-end');
  expect(errors).toEqual([]);
  await context.close();
});

it('a video the teacher has just uploaded is transcoded, refused without the cookies, and seeks before it has played', async () => {
  const course = await makeCourse(admin, 'E2E seek ');
  const bytes = fs.readFileSync(DEMO_VIDEO);
  const up = await api('GET', `/api/AWS/get-signed-url?${new URLSearchParams({ fileName: 'seek-me.webm', fileType: 'video/webm', fileSize: String(bytes.length) })}`, { token: admin.token });
  expect(up.status).toBe(200);
  const put = await fetch(up.body.signedUrl, { method: 'PUT', body: bytes, headers: { 'content-type': 'video/webm' } });
  expect(put.status).toBe(200);
  const form = lectureForm({ contentId: course.lectureSectionId, price: '0', isFree: 'true', videoUrls: JSON.stringify([{ videoUrl: up.body.key, videoName: 'Seek me', quizId: null }]) });
  const saved = await api('POST', '/api/AWS/save-lecture', { token: admin.token, form });
  expect(saved.status).toBe(201);
  const lectureId = saved.body.data.id as string;
  await untilVideosReady(admin, lectureId);
  const opened = await api('GET', `/api/cours/lectureaaa/${lectureId}`, { token: student.token });
  const playlist = opened.body.data.videos[0].signedUrl as string;
  expect(playlist).toMatch(/^\/media\/hls\/[\w-]+\/master\.m3u8$/);
  // Without the playback's cookies the playlist is refused.
  expect((await fetch(at(playlist))).status).toBe(403);

  const { page, context, errors } = await newPage(browser);
  await storeSession(page, student);
  expectSeekable(await seekNearEnd(page, lectureId), 12);
  expect(errors).toEqual([]);
  await context.close();
  // The transcode shares two cores with the other e2e file running beside this one.
}, 240_000);
