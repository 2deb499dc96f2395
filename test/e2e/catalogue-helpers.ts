/**
 * What the catalogue journeys share: a signed-in page (the session stored the way the app keeps
 * it), a real PNG made in the test, the demo course's names, and a course of the journey's own.
 */
import { deflateSync } from 'node:zlib';
import path from 'node:path';
import type { Page, Response } from 'playwright-core';
import { shot } from '../support/browser';
import { api, type TestUser, uniq } from '../support/platform';
import { courseForm } from '../integration/catalogue-fixtures';
import { at } from './auth-helpers';

export const DEMO_COURSE = 'الصف الأول الثانوي';
export const GENERAL = 'ثانوي عام';
export const FIRST_TERM = 'الترم الأول';
export const LECTURES_SECTION = 'شرح محاضرات';
export const DEMO_FREE = 'المحاضرة الأولى: انقسام الخلية';
export const DEMO_PAID = 'المحاضرة الثانية: الانقسام الميوزي';
export const DEMO_VIDEO = path.resolve(__dirname, '../../infra/local/assets/demo-lecture.webm');

/** Puts `user`'s session into localStorage (key `user`: the user plus its token, web/src/lib/session.ts). */
export async function storeSession(page: Page, user: TestUser, opts: { admin?: boolean; language?: 'en' | 'ar' } = {}) {
  await page.goto(at('/auth/login'));
  await page.evaluate(
    ({ u, role, language }) => {
      localStorage.setItem('user', JSON.stringify({ id: u.id, email: u.email, firstName: 'Test', lastName: 'User', role, block: false, token: u.token }));
      if (language) localStorage.setItem('language', language);
    },
    { u: user, role: opts.admin ? 'ADMIN' : 'USER', language: opts.language },
  );
}

/** Switches the interface language through the top bar's toggle and waits for the page to follow. */
export async function switchLanguage(page: Page, to: 'en' | 'ar') {
  const html = page.locator('html');
  if ((await html.getAttribute('lang')) === to) return;
  await page.getByTestId('language-toggle').first().click();
  await page.waitForFunction((lang) => document.documentElement.lang === lang, to);
}

/** No element wider than the screen: a phone page must not scroll sideways. */
export const sidewaysOverflow = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

/**
 * Every image on the first screens has loaded (none broken), so a screenshot shows the cards'
 * photos, not the blank boxes of images still on their way: those on the screen or within 1000 px
 * below it (the rest are not fetched until scrolled to); each still waiting is named on a timeout.
 */
export async function settled(page: Page) {
  const waiting = () =>
    page.evaluate(() =>
      Array.from(document.images)
        // A toast's empty <img> slot has nothing to load.
        .filter((i) => {
          const r = i.getBoundingClientRect();
          return i.getAttribute('src') && r.top <= window.innerHeight + 1000 && r.right > 0 && r.left < window.innerWidth;
        })
        .filter((i) => !(i.complete && i.naturalWidth > 0))
        .map((i) => {
          // A lazy image waits for the page's intersection checks, which a busy host runs late (the
          // grade cards' inline default picture stayed incomplete for 20 s in a full e2e run): the
          // screenshot only needs it loaded, so it is asked for now.
          if (i.loading === 'lazy') i.loading = 'eager';
          return `${i.currentSrc || i.src} (${i.complete ? 'broken' : 'loading'})`;
        }),
    );
  const deadline = Date.now() + 20_000;
  for (let left = await waiting(); left.length; left = await waiting()) {
    if (Date.now() > deadline) throw new Error(`images not loaded after 20 s on ${page.url()}: ${left.join(', ')}`);
    await page.waitForTimeout(100);
  }
}

/** A screenshot once the page's images have loaded. */
export async function settledShot(page: Page, name: string) {
  await settled(page);
  await shot(page, name);
}

/** The next answer to `METHOD pathPrefix…` from the API. */
export const apiResponse = (page: Page, method: string, pathPrefix: string): Promise<Response> =>
  page.waitForResponse((r) => r.request().method() === method && new URL(r.url()).pathname.startsWith(pathPrefix));

/** A real w×h PNG of one colour (tiny, so always under the 1 MB bound). */
export function png(w = 64, h = 36, rgb: [number, number, number] = [46, 139, 87]): Buffer {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (buf: Buffer) => {
    let c = 0xffffffff;
    for (const b of buf) c = crcTable[(c ^ b) & 0xff]! ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const sum = Buffer.alloc(4);
    sum.writeUInt32BE(crc(body));
    return Buffer.concat([len, body, sum]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(w, 0);
  header.writeUInt32BE(h, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // truecolour RGB
  const row = Buffer.concat([Buffer.from([0]), Buffer.from(Array.from({ length: w }, () => rgb).flat())]);
  const pixels = Buffer.concat(Array.from({ length: h }, () => row));
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', header), chunk('IDAT', deflateSync(pixels)), chunk('IEND', Buffer.alloc(0))]);
}

export interface OwnCourse {
  id: string;
  name: string;
  /** The first term of ثانوي عام. */
  termId: string;
  lectureSectionId: string;
}

/** A course of the journey's own, made through the API (its terms and sections come with it). */
export async function makeCourse(admin: TestUser, prefix = 'E2E course '): Promise<OwnCourse> {
  const name = uniq(prefix);
  const c = await api('POST', '/api/cours/create-course', { token: admin.token, form: courseForm({ name }) });
  if (c.status !== 201) throw new Error(`create-course: ${c.status} ${JSON.stringify(c.body)}`);
  const term = (c.body.terms as { id: string; name: string; courseFor: string }[]).find((t) => t.courseFor === GENERAL && t.name === FIRST_TERM);
  if (!term) throw new Error(`no ${GENERAL} / ${FIRST_TERM} term in ${JSON.stringify(c.body.terms)}`);
  const sections = await api('GET', `/api/cours/content/${term.id}`, { token: admin.token });
  const section = (sections.body.data as { id: string; content: string }[]).find((s) => s.content === LECTURES_SECTION);
  if (!section) throw new Error(`no ${LECTURES_SECTION} section: ${JSON.stringify(sections.body)}`);
  return { id: c.body.id, name, termId: term.id, lectureSectionId: section.id };
}

/**
 * Waits until the platform has transcoded every video of a lecture to HLS (issue 16: a student is
 * sent only ready videos). Read as the admin, who sees each video's state; a failed one throws.
 */
export async function untilVideosReady(admin: TestUser, lectureId: string, timeoutMs = 150_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const l = await api('GET', `/api/cours/lectureaaa/${lectureId}`, { token: admin.token });
    const videos = (l.body?.data?.videos ?? []) as { state?: string; failure?: string }[];
    const failed = videos.find((v) => v.state === 'failed');
    if (failed) throw new Error(`transcode failed: ${failed.failure}`);
    if (videos.length && videos.every((v) => v.state === 'ready')) return;
    if (Date.now() > deadline) throw new Error(`not transcoded in time: ${JSON.stringify(videos.map((v) => v.state))}`);
    await new Promise((r) => setTimeout(r, 1000));
  }
}

/** The demo course's free lecture (ثانوي عام, the first term's lecture section), as a student finds it. */
export async function demoFreeLectureId(user: TestUser): Promise<string> {
  const courses = await api('GET', '/api/cours/all');
  const demo = (courses.body.data as { id: string; name: string }[]).find((c) => c.name === DEMO_COURSE)!;
  const terms = await api('GET', `/api/cours/Term/${encodeURIComponent(GENERAL)}/${demo.id}`, { token: user.token });
  const sections = await api('GET', `/api/cours/content/${terms.body.data[0].id}`, { token: user.token });
  const lectures = await api('GET', `/api/cours/lecture/${sections.body.data[0].id}`, { token: user.token });
  return (lectures.body.data as { id: string; name: string }[]).find((l) => l.name === DEMO_FREE)!.id;
}

/** The lecture's player has its playback (the cookies, the poster, the length): its play button is enabled. */
export async function playerReady(page: Page): Promise<void> {
  await page.waitForFunction(() => !((document.querySelector('.vp-controls button') as HTMLButtonElement | null)?.disabled ?? true), null, { timeout: 20_000 });
}

/**
 * Presses the player's play button as the student does (nothing of the video is fetched before:
 * issue 14) and waits until the picture has moved past `seconds`.
 */
export async function pressPlay(page: Page, seconds = 0.5): Promise<void> {
  await playerReady(page);
  await page.locator('.vp-controls button').first().click();
  await page.waitForFunction((s) => (document.querySelector('[data-testid="lecture-video"]') as HTMLVideoElement).currentTime > s, seconds, { timeout: 30_000 });
}
