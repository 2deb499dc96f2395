/**
 * What the commerce journeys share: a paid lecture of real videos and coupons made through the API,
 * a signed-in page in a language and theme, the way from the home page to /pay, and paying a link
 * in the local Paymob sandbox over HTTP (what the sandbox's checkout form posts).
 */
import { mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { PutObjectCommand } from '@aws-sdk/client-s3';
import type { Browser, Page } from 'playwright-core';
import { newPage } from '../support/browser';
import { api, makeUser, platform, s3, type TestUser, uniq } from '../support/platform';
import { at, waitForPath } from './auth-helpers';
import { DEMO_VIDEO, FIRST_TERM, GENERAL, type OwnCourse, png, settled, storeSession, untilVideosReady } from './catalogue-helpers';

export type Variant = readonly [tag: string, viewport: { width: number; height: number }, language: 'en' | 'ar', theme: 'dark' | 'light'];
/** The four looks of a screen: a phone in Arabic and a desktop in English, dark and light. */
export const VARIANTS: readonly Variant[] = [
  ['phone-ar-dark', { width: 390, height: 844 }, 'ar', 'dark'],
  ['phone-ar-light', { width: 390, height: 844 }, 'ar', 'light'],
  ['desktop-en-dark', { width: 1366, height: 768 }, 'en', 'dark'],
  ['desktop-en-light', { width: 1366, height: 768 }, 'en', 'light'],
];
/** Where a journey's screenshots go: SHOTS_DIR, else the repository's ignored screenshots/. */
export const SHOTS_DIR = process.env.SHOTS_DIR ?? path.resolve(__dirname, '../../screenshots');

/**
 * A paid lecture of two (or one) real, playable videos in the course's lecture section, once they are
 * transcoded; `videoKeys` reuses videos stored already (another lecture's: no new transcode to wait for).
 */
export async function makePaidLecture(admin: TestUser, course: OwnCourse, opts: { name?: string; price?: number; accessDays?: number; videos?: 1 | 2; videoKeys?: string[] } = {}) {
  const bytes = readFileSync(DEMO_VIDEO);
  const upload = async () => {
    const key = `videos/${uniq()}-demo.webm`;
    await s3().send(new PutObjectCommand({ Bucket: platform().bucket, Key: key, Body: bytes, ContentType: 'video/webm' }));
    return key;
  };
  const keys = opts.videoKeys ?? (await Promise.all(Array.from({ length: opts.videos ?? 2 }, upload)));
  const name = opts.name ?? uniq('Paid lecture ');
  const form = new FormData();
  const fields = { name, subtitle: 'Meiosis', numberOfLectures: String(keys.length), price: String(opts.price ?? 200), isFree: 'false', accessDays: String(opts.accessDays ?? 30), contentId: course.lectureSectionId };
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  form.append('imageFile', new Blob([new Uint8Array(png(320, 180, [120, 60, 160]))], { type: 'image/png' }), 'lecture.png');
  form.append('videoUrls', JSON.stringify(keys.map((videoUrl, i) => ({ videoUrl, videoName: `Part ${i + 1}`, quizId: null }))));
  const r = await api('POST', '/api/AWS/save-lecture', { token: admin.token, form });
  if (r.status !== 201) throw new Error(`save-lecture: ${r.status} ${JSON.stringify(r.body)}`);
  // A student is sent only transcoded videos (issue 16): the platform's ffmpeg makes their HLS first.
  await untilVideosReady(admin, r.body.data.id as string);
  return { ...(r.body.data as { id: string; name: string; price: number }), videoKeys: keys };
}

export async function makeCoupon(admin: TestUser, body: { code: string; discount: number; [k: string]: unknown }) {
  const r = await api('POST', '/api/Coupan/create', { token: admin.token, json: body });
  if (r.status !== 201) throw new Error(`create coupon: ${r.status} ${JSON.stringify(r.body)}`);
  return r.body.data as { id: string; code: string };
}

/** A page signed in as `user` (a new student when none is given), in `language` and `theme`. */
export async function signedInPage(browser: Browser, [, viewport, language, theme]: Variant, user?: TestUser, admin = false) {
  const who = user ?? (await makeUser({ firstName: 'Student' }));
  const p = await newPage(browser, { viewport });
  await storeSession(p.page, who, { language, admin });
  await p.page.evaluate((mode) => localStorage.setItem('theme', mode), theme);
  // The sandbox's pages have no icon, so Chromium's first look for /favicon.ico there is a 404: not the app's.
  const errors: string[] = [];
  p.page.on('pageerror', (e) => errors.push(`pageerror: ${e.message}`));
  p.page.on('console', (m) => {
    if (m.type() === 'error' && !m.location().url.endsWith('/favicon.ico')) errors.push(`console: ${m.text()} (${m.location().url})`);
  });
  return { ...p, errors, user: who };
}

/** Home → the course's grade card → ثانوي عام → the first term → the lecture's card → /pay, as a student goes. */
export async function openPay(page: Page, course: OwnCourse, lectureName: string) {
  await page.goto(at('/'));
  const card = page.getByTestId('grade-card').filter({ has: page.getByRole('heading', { name: course.name, exact: true }) });
  await card.locator('.grade-card-face').click();
  await card.getByRole('link', { name: GENERAL, exact: true }).click();
  await waitForPath(page, '/term');
  await page.getByRole('link', { name: FIRST_TERM, exact: true }).click();
  await waitForPath(page, '/content');
  await page.locator('.lecture-link').filter({ hasText: lectureName }).click();
  await waitForPath(page, '/pay');
}

/** The pay link once it is ready, with its address. */
export async function payLink(page: Page) {
  const link = page.locator('a.pay-link');
  await link.waitFor();
  return { link, href: (await link.getAttribute('href'))! };
}

/** Pays a checkout link in the sandbox without a browser (what its form posts); returns where the sandbox sends the browser. */
export async function payInSandbox(paymentUrl: string, outcome: 'card' | 'declined' | 'wallet' | 'kiosk') {
  const url = new URL(paymentUrl);
  const res = await fetch(`${url.origin}${url.pathname.replace(/\/unifiedcheckout\/?$/, '')}/unifiedcheckout/pay`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ clientSecret: url.searchParams.get('clientSecret')!, publicKey: url.searchParams.get('publicKey')!, outcome }),
    redirect: 'manual',
  });
  return res.headers.get('location');
}

/** The toasts gone, so a shot shows the screen. */
export const noToast = (page: Page) => page.locator('.swal2-toast').waitFor({ state: 'detached', timeout: 10_000 });

/** What the screen shows (no full page), after its images loaded. */
export async function viewShot(page: Page, name: string) {
  await settled(page);
  mkdirSync(SHOTS_DIR, { recursive: true });
  await page.screenshot({ path: path.join(SHOTS_DIR, `${name}.png`), animations: 'disabled' });
}

/** A full-page shot from the top (sticky bars where they belong), after the images loaded. */
export async function pageShot(page: Page, name: string) {
  await page.evaluate(() => window.scrollTo(0, 0));
  await settled(page);
  mkdirSync(SHOTS_DIR, { recursive: true });
  await page.screenshot({ path: path.join(SHOTS_DIR, `${name}.png`), fullPage: true, animations: 'disabled' });
}

/** Elements wider than the screen (a phone page must not scroll sideways): their tags and edges. */
export const tooWide = (page: Page) =>
  page.evaluate(() =>
    Array.from(document.querySelectorAll('body *'))
      .filter((e) => {
        const r = e.getBoundingClientRect();
        return r.width > 0 && (r.right > window.innerWidth + 0.5 || r.left < -0.5) && !e.closest('.data-table-wrap');
      })
      .slice(0, 5)
      .map((e) => `${e.tagName}.${String(e.className)} ${Math.round(e.getBoundingClientRect().left)}..${Math.round(e.getBoundingClientRect().right)}`),
  );

/** A day as the app writes it in `language` (en-GB / ar-EG, medium). */
export const dayIn = (d: Date, language: 'en' | 'ar') => new Intl.DateTimeFormat(language === 'ar' ? 'ar-EG' : 'en-GB', { dateStyle: 'medium' }).format(d);
