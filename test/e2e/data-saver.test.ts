/**
 * Issue 44 in Chromium: a student with the data saver on plays the demo lecture (transcoded by the
 * local platform): hls.js plays one of the lowest two rungs, the quality menu offers Auto and those
 * two only, and the megabytes this video used grow as it plays; the player's switch turns the saver
 * off and the menu offers every rung, the video playing on. The /profile card shows the same choice.
 * Screenshots (/work/shots-44/b-*.png when that folder exists, else screenshots/): the player with
 * the saver on and the profile card, a phone (390×844) in Arabic and a desktop (1366×768) in
 * English, dark and light.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, newPage } from '../support/browser';
import { makeUser, type TestUser } from '../support/platform';
import { at, waitForPath } from './auth-helpers';
import { demoFreeLectureId, pressPlay, settled, untilVideosReady } from './catalogue-helpers';

jest.setTimeout(120_000);

const SHOTS = fs.existsSync('/work/shots-44') ? '/work/shots-44' : 'screenshots';
const PHONE_44 = { width: 390, height: 844 };
const DESKTOP_44 = { width: 1366, height: 768 };
let browser: Browser;
let student: TestUser;
let admin: TestUser;
let lectureId: string;
beforeAll(async () => {
  [browser, student, admin] = await Promise.all([launchBrowser(), makeUser({ firstName: 'Mona' }), makeUser({ admin: true })]);
  lectureId = await demoFreeLectureId(student);
  await untilVideosReady(admin, lectureId);
}, 300_000);
afterAll(async () => {
  await browser?.close();
});

/** The student's session as the app keeps it, with a language, a theme and the data saver on. */
async function signIn(page: Page, opts: { language: 'en' | 'ar'; theme: 'dark' | 'light' }) {
  await page.goto(at('/auth/login'));
  await page.evaluate(
    ({ u, language, theme }) => {
      localStorage.setItem('user', JSON.stringify({ id: u.id, email: u.email, firstName: 'Mona', lastName: 'Hassan', mobileNumber: '+201098765432', role: 'USER', block: false, token: u.token }));
      localStorage.setItem('language', language);
      localStorage.setItem('theme', theme);
      localStorage.setItem('dataSaver', 'on');
    },
    { u: student, ...opts },
  );
}

const menu = (page: Page) => page.locator('[data-testid="quality-menu"] option').allTextContents();
/** The megabytes the player says this video used (digits of either language). */
const megabytes = async (page: Page) => {
  const text = (await page.getByTestId('player-usage').textContent()) ?? '';
  const figure = text.replace(/[٠-٩]/g, (d) => String('٠١٢٣٤٥٦٧٨٩'.indexOf(d))).replace('٫', '.').match(/(\d+(?:\.\d+)?)\s*(?:MB|ميجابايت)/);
  return Number(figure?.[1] ?? NaN);
};
/** Controls of the player's row that stick out of it (none should, the saver's switch among them). */
const overflowing = (page: Page) =>
  page.evaluate(() => {
    const row = document.querySelector('.vp-controls')!.getBoundingClientRect();
    return [...document.querySelectorAll('.vp-controls > *')].map((c) => [c.className, c.getBoundingClientRect()] as const).filter(([, r]) => r.left < row.left - 1 || r.right > row.right + 1).map(([name]) => name);
  });
const shotOf = (page: Page, name: string) => page.screenshot({ path: path.join(SHOTS, `b-${name}.png`), fullPage: true, animations: 'disabled' });

it.each([
  ['desktop-en-light', DESKTOP_44, 'en', 'light'],
  ['desktop-en-dark', DESKTOP_44, 'en', 'dark'],
  ['phone-ar-dark', PHONE_44, 'ar', 'dark'],
  ['phone-ar-light', PHONE_44, 'ar', 'light'],
] as const)('%s: the saver on caps the player at the lowest two rungs and counts the megabytes; off, every rung, the video playing on', async (variant, viewport, language, theme) => {
  const { page, context, errors } = await newPage(browser, { viewport, touch: viewport === PHONE_44 });
  await signIn(page, { language, theme });
  await page.goto(at(`/lec/${lectureId}`));
  await waitForPath(page, `/lec/${lectureId}`);
  const video = page.getByTestId('lecture-video');
  await video.evaluate((v: HTMLVideoElement) => (v.muted = true));
  const saver = page.getByTestId('player-data-saver');
  await expect(saver.getAttribute('aria-pressed')).resolves.toBe('true');
  await pressPlay(page, 1);
  const capped = await menu(page);
  expect(capped).toHaveLength(3);
  // The rung playing is one of the two offered.
  // The bytes may come before hls.js has told the rung it switched to.
  await page.waitForFunction(() => /\d+p/.test(document.querySelector('[data-testid="player-usage"]')?.textContent ?? ''), null, { timeout: 20_000 });
  const playing = (await page.getByTestId('player-usage').textContent())!.match(/(\d+)p/)?.[1];
  expect(capped.slice(1)).toContain(`${playing}p`);
  expect(await overflowing(page)).toEqual([]);
  const early = await megabytes(page);
  expect(early).toBeGreaterThan(0);
  await video.evaluate((v: HTMLVideoElement) => v.pause());
  await settled(page);
  await shotOf(page, `player-${variant}`);

  // Off, from the player's own switch: every rung offered, the same video playing on (no new source).
  const src = await video.evaluate((v: HTMLVideoElement) => v.currentSrc);
  await saver.click();
  await expect(saver.getAttribute('aria-pressed')).resolves.toBe('false');
  const all = await menu(page);
  expect(all.length).toBeGreaterThan(3);
  // The saver's two are the two lowest of them all.
  expect(all.slice(1, 3)).toEqual(capped.slice(1));
  const at1 = await video.evaluate((v: HTMLVideoElement) => v.currentTime);
  await video.evaluate((v: HTMLVideoElement) => v.play());
  await page.waitForFunction((t) => (document.querySelector('[data-testid="lecture-video"]') as HTMLVideoElement).currentTime > t + 1, at1, { timeout: 30_000 });
  expect(await video.evaluate((v: HTMLVideoElement) => v.currentSrc)).toBe(src);
  // The figure grew as it played (a second of video more at the least), or the video was all loaded already.
  expect(await megabytes(page)).toBeGreaterThanOrEqual(early);
  expect(await page.evaluate(() => localStorage.getItem('dataSaver'))).toBe('off');

  // The profile card: the student's choice (off, from the player); back to automatic where the
  // browser asks to save data, it is on by itself and says why, and stays so after a reload.
  await page.addInitScript(() => Object.defineProperty(navigator, 'connection', { configurable: true, value: { saveData: true, effectiveType: '4g', downlink: 10 } }));
  await page.goto(at('/profile'));
  const card = page.getByTestId('data-saver-card');
  await card.waitFor();
  const toggle = page.getByTestId('data-saver-switch');
  await expect(toggle.getAttribute('aria-checked')).resolves.toBe('false');
  await toggle.click();
  await expect(toggle.getAttribute('aria-checked')).resolves.toBe('true');
  expect(await page.evaluate(() => localStorage.getItem('dataSaver'))).toBe('on');
  await card.getByRole('button', { name: language === 'ar' ? 'العودة إلى التلقائي' : 'Back to automatic' }).click();
  expect(await page.evaluate(() => localStorage.getItem('dataSaver'))).toBeNull();
  await page.reload();
  await card.waitFor();
  await expect(toggle.getAttribute('aria-checked')).resolves.toBe('true');
  await expect(page.getByTestId('data-saver-state').textContent()).resolves.toBe(language === 'ar' ? 'تلقائي — مفعّل: متصفحك يطلب توفير البيانات.' : 'Automatic — on: your browser asks to save data.');
  await settled(page);
  await shotOf(page, `profile-${variant}`);
  expect(errors).toEqual([]);
  await context.close();
});

it('a phone held sideways (844×390, Arabic): the saver\'s switch fits the controls row with the rest', async () => {
  const { page, context, errors } = await newPage(browser, { viewport: { width: 844, height: 390 }, touch: true });
  await signIn(page, { language: 'ar', theme: 'dark' });
  await page.goto(at(`/lec/${lectureId}`));
  await waitForPath(page, `/lec/${lectureId}`);
  await pressPlay(page, 0.5);
  await expect(page.getByTestId('player-data-saver').isVisible()).resolves.toBe(true);
  expect(await overflowing(page)).toEqual([]);
  expect(errors).toEqual([]);
  await context.close();
});
