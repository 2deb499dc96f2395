/**
 * The player on a phone (issue 39): in portrait the length and mute show beside the position (not
 * only in fullscreen); held sideways the controls stay on the screen; a long name in the watermark
 * wraps and shows whole. Screenshots: phone in Arabic, dark and light, portrait and landscape.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, newPage } from '../support/browser';
import { api, makeUser, type TestUser } from '../support/platform';
import { lectureForm } from '../integration/catalogue-fixtures';
import { at, waitForPath } from './auth-helpers';
import { DEMO_VIDEO, makeCourse, pressPlay, untilVideosReady } from './catalogue-helpers';

jest.setTimeout(120_000);

const PORTRAIT = { width: 390, height: 844 };
const LANDSCAPE = { width: 844, height: 390 };
const LONG_NAME = 'عبد الرحمن محمد عبد العزيز';
const LONG_LAST = 'الإسكندراني الشرقاوي';
let browser: Browser;
let student: TestUser;
let admin: TestUser;
let lectureId: string;

async function shotTo(page: Page, name: string) {
  const dir = process.env.SHOTS_DIR ?? path.resolve(__dirname, '../../screenshots');
  fs.mkdirSync(dir, { recursive: true });
  await page.screenshot({ path: path.join(dir, `${name}.png`), animations: 'disabled' });
}

beforeAll(async () => {
  [browser, student, admin] = await Promise.all([launchBrowser(), makeUser({ firstName: 'Mona' }), makeUser({ admin: true })]);
  const course = await makeCourse(admin, 'E2E phone player ');
  const bytes = fs.readFileSync(DEMO_VIDEO);
  const up = await api('GET', `/api/AWS/get-signed-url?${new URLSearchParams({ fileName: 'phone.webm', fileType: 'video/webm', fileSize: String(bytes.length) })}`, { token: admin.token });
  expect((await fetch(up.body.signedUrl, { method: 'PUT', body: bytes, headers: { 'content-type': 'video/webm' } })).status).toBe(200);
  const form = lectureForm({ contentId: course.lectureSectionId, price: '50', isFree: 'false', videoUrls: JSON.stringify([{ videoUrl: up.body.key, videoName: 'Cell division', quizId: null }]) });
  const saved = await api('POST', '/api/AWS/save-lecture', { token: admin.token, form });
  lectureId = saved.body.data.id as string;
  await api('POST', '/api/admin/grant-lecture', { token: admin.token, json: { email: student.email, lectureName: saved.body.data.name, lectureId } });
  await untilVideosReady(admin, lectureId, 360_000);
}, 420_000);
afterAll(async () => {
  await browser?.close();
});

async function openLecture(viewport: { width: number; height: number }, theme: 'dark' | 'light') {
  const p = await newPage(browser, { viewport });
  await p.page.goto(at('/auth/login'));
  await p.page.evaluate(
    ({ u, theme, first, last }) => {
      localStorage.setItem('user', JSON.stringify({ id: u.id, email: u.email, firstName: first, lastName: last, mobileNumber: '+201098765432', role: 'USER', block: false, token: u.token }));
      localStorage.setItem('language', 'ar');
      localStorage.setItem('theme', theme);
    },
    { u: student, theme, first: LONG_NAME, last: LONG_LAST },
  );
  await p.page.goto(at(`/lec/${lectureId}`));
  await waitForPath(p.page, `/lec/${lectureId}`);
  await pressPlay(p.page, 1);
  return p;
}

const box = async (page: Page, selector: string) => (await page.locator(selector).first().boundingBox())!;

describe.each(['dark', 'light'] as const)('phone, Arabic, %s', (theme) => {
  it('portrait: the position, the length and mute show in the controls row, within the screen', async () => {
    const { page, context } = await openLecture(PORTRAIT, theme);
    const times = page.locator('.vp-controls .vp-time');
    await expect(times.count()).resolves.toBe(2);
    for (const selector of ['.vp-controls .vp-time >> nth=0', '.vp-controls .vp-time >> nth=1', '.vp-mute']) {
      await expect(page.locator(selector).isVisible()).resolves.toBe(true);
      const b = await box(page, selector);
      expect(b.x).toBeGreaterThanOrEqual(0);
      expect(b.x + b.width).toBeLessThanOrEqual(PORTRAIT.width);
    }
    await page.locator('.vp').scrollIntoViewIfNeeded();
    await shotTo(page, `12-player-after-phone-ar-${theme}-portrait`);
    await context.close();
  });

  it('portrait: nothing on the page moves while the player learns its qualities and where to resume (no layout shift)', async () => {
    const p = await newPage(browser, { viewport: PORTRAIT });
    await p.page.goto(at('/auth/login'));
    await p.page.evaluate(
      ({ u, theme }) => {
        localStorage.setItem('user', JSON.stringify({ id: u.id, email: u.email, firstName: 'Mona', lastName: 'Adel', mobileNumber: '+201098765432', role: 'USER', block: false, token: u.token }));
        localStorage.setItem('language', 'ar');
        localStorage.setItem('theme', theme);
      },
      { u: student, theme },
    );
    await p.context.addInitScript(() => {
      const w = window as unknown as { shifts: number[] };
      w.shifts = [];
      new PerformanceObserver((list) => {
        for (const e of list.getEntries() as unknown as { value: number; hadRecentInput: boolean }[]) if (!e.hadRecentInput) w.shifts.push(e.value);
      }).observe({ type: 'layout-shift', buffered: true });
    });
    await p.page.goto(at(`/lec/${lectureId}`));
    const controls = p.page.locator('.vp-controls');
    await controls.waitFor();
    const first = (await controls.boundingBox())!.height;
    // The quality menu names the rung hls.js chose ("تلقائي 240p") once the playlist is read.
    await p.page.getByTestId('quality-menu').locator('option').first().filter({ hasText: /\d+p/ }).waitFor({ state: 'attached' });
    expect((await controls.boundingBox())!.height).toBe(first);
    // A tick's width (the length's text) may nudge a button; a row of controls wrapping late moved the page by
    // about 0.07, the resume line (a tap-sized Start over) by 0.005.
    const shifted = await p.page.evaluate(() => (window as unknown as { shifts: number[] }).shifts.reduce((a, b) => a + b, 0));
    expect(shifted).toBeLessThan(0.005);
    await p.context.close();
  });

  it('landscape: with the player scrolled to the top, its controls are on the screen', async () => {
    const { page, context } = await openLecture(LANDSCAPE, theme);
    await page.evaluate(() => document.querySelector('.vp')!.scrollIntoView({ block: 'start' }));
    const controls = await box(page, '.vp-controls');
    expect(controls.y + controls.height).toBeLessThanOrEqual(LANDSCAPE.height);
    await shotTo(page, `12-player-after-phone-ar-${theme}-landscape`);
    await context.close();
  });

  it('the watermark shows a long name and the phone whole, inside the picture', async () => {
    const { page, context } = await openLecture(PORTRAIT, theme);
    const mark = page.getByTestId('watermark');
    await expect(mark.textContent()).resolves.toContain(LONG_LAST);
    const fits = await mark.evaluate((el) => {
      const stage = el.closest('.vp-stage')!.getBoundingClientRect();
      const r = el.getBoundingClientRect();
      const spans = [...el.querySelectorAll('span')].every((s) => s.scrollWidth <= s.clientWidth + 1 && s.getBoundingClientRect().right <= stage.right + 1 && s.getBoundingClientRect().left >= stage.left - 1);
      return { spans, inside: r.left >= stage.left - 1 && r.right <= stage.right + 1 && r.bottom <= stage.bottom + 1 };
    });
    expect(fits).toEqual({ spans: true, inside: true });
    await context.close();
  });
});
