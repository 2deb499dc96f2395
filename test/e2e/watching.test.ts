/**
 * Issue 42 in Chromium: a student watches half of the demo video (12 s) and leaves the page; the
 * teacher's lecture page shows the retention curve falling at half; the student comes back and the
 * player starts where they stopped. Screenshots of the curve: a phone in Arabic and a desktop in
 * English, dark and light (/work/shots-41/a-*.png when that folder exists, else screenshots/).
 */
import fs from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, newPage } from '../support/browser';
import { api, makeUser, type TestUser } from '../support/platform';
import { at, waitForPath } from './auth-helpers';
import { demoFreeLectureId, playerReady, pressPlay, settled, storeSession, untilVideosReady } from './catalogue-helpers';

jest.setTimeout(120_000);

const SHOTS = fs.existsSync('/work/shots-41') ? '/work/shots-41' : 'screenshots';
let browser: Browser;
let student: TestUser;
let admin: TestUser;
let lectureId: string;
beforeAll(async () => {
  [browser, student, admin] = await Promise.all([launchBrowser(), makeUser({ firstName: 'Student' }), makeUser({ admin: true })]);
  lectureId = await demoFreeLectureId(student);
  await untilVideosReady(admin, lectureId);
});
afterAll(async () => {
  await browser?.close();
});

const videoOf = (page: Page) => page.getByTestId('lecture-video');

it('the teacher sees the curve fall where a student left, and the student resumes there', async () => {
  const { page, context, errors } = await newPage(browser);
  await storeSession(page, student);
  await page.goto(at(`/lec/${lectureId}`));
  await waitForPath(page, `/lec/${lectureId}`);
  await videoOf(page).evaluate((v: HTMLVideoElement) => (v.muted = true));
  await pressPlay(page, 6);
  await videoOf(page).evaluate((v: HTMLVideoElement) => v.pause());
  // Leaving the page: what was played goes in the beacon (and the pause's report).
  await page.goto(at('/'));
  await context.close();

  const lecture = await api('GET', `/api/cours/lectureaaa/${lectureId}`, { token: student.token });
  const videoId = lecture.body.data.videos[0].id as string;
  // Other journeys play the same demo video: this student is one of `viewers`, adding 1/viewers to each 1 %
  // watched. Watched to about 6 s of 12: counted in the first half, not in the last quarter.
  let retention: number[] = [];
  let share = 1;
  const fell = () => retention[40]! - retention[80]! >= share - 1e-9 && retention[40]! - retention[95]! >= share - 1e-9;
  for (let i = 0; i < 20 && !(retention.length && fell()); i++) {
    const data = (await api('GET', `/api/admin/videos/${videoId}/analytics`, { token: admin.token })).body.data as { viewers: number; retention: number[] };
    retention = data.retention;
    share = 1 / Math.max(1, data.viewers);
    if (!fell()) await new Promise((r) => setTimeout(r, 250));
  }
  expect(retention[5]).toBeGreaterThanOrEqual(share - 1e-9);
  expect(retention[40]! - retention[80]!).toBeGreaterThanOrEqual(share - 1e-9);
  expect(retention[40]! - retention[95]!).toBeGreaterThanOrEqual(share - 1e-9);
  expect(lecture.body.data.videos[0].watched.percent).toBeGreaterThanOrEqual(45);

  for (const [name, viewport, language] of [
    ['desktop-en', { width: 1366, height: 768 }, 'en'],
    ['phone-ar', { width: 390, height: 844 }, 'ar'],
  ] as const) {
    for (const theme of ['light', 'dark'] as const) {
      const t = await newPage(browser, { viewport });
      await storeSession(t.page, admin, { admin: true, language });
      await t.page.evaluate((th) => localStorage.setItem('theme', th), theme);
      await t.page.goto(at(`/lec/${lectureId}`));
      const chart = t.page.getByTestId('video-analytics').locator('svg[role="img"]');
      await chart.waitFor();
      expect(await chart.getAttribute('aria-describedby')).toBeTruthy();
      await settled(t.page);
      await t.page.getByTestId('video-analytics').scrollIntoViewIfNeeded();
      await t.page.screenshot({ path: `${SHOTS}/a-retention-${name}-${theme}.png`, fullPage: true, animations: 'disabled' });
      expect(t.errors).toEqual([]);
      await t.context.close();
    }
  }

  // The student comes back: the player starts at the furthest point (about 6 s).
  const back = await newPage(browser);
  await storeSession(back.page, student);
  await back.page.goto(at(`/lec/${lectureId}`));
  await playerReady(back.page);
  await back.page.waitForFunction(() => (document.querySelector('[data-testid="lecture-video"]') as HTMLVideoElement).currentTime > 0, null, { timeout: 20_000 }).catch(() => undefined);
  const resumed = await videoOf(back.page).evaluate((v: HTMLVideoElement) => v.currentTime);
  expect(resumed).toBeGreaterThanOrEqual(5);
  expect(resumed).toBeLessThan(8);
  expect(back.errors).toEqual([]);
  expect(errors).toEqual([]);
  await back.context.close();
});
