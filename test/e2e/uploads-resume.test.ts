/**
 * Resumable uploads in Chromium (issue 16): the admin picks a 70 MiB video in the lecture editor; it
 * goes in parts on a slow line (the time left shown), the page is reloaded half-way, the same file is
 * picked again, only the missing parts are sent, and the stored object has the file's sha256. On a
 * phone in Arabic (dark and light) the uploading row, its percent and time left, is photographed.
 */
import { GetObjectCommand } from '@aws-sdk/client-s3';
import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { DESKTOP, PHONE, browserForFile, newPage, shot } from '../support/browser';
import { makeUser, platform, s3 } from '../support/platform';
import { at, waitForPath } from './auth-helpers';
import { FIRST_TERM, GENERAL, LECTURES_SECTION, makeCourse, storeSession } from './catalogue-helpers';

jest.setTimeout(180_000);

const browser = browserForFile();
const MiB = 1024 * 1024;
const file = path.join(os.tmpdir(), `bioscope-e2e-upload-${process.pid}.mp4`);
const bytes = randomBytes(70 * MiB);
beforeAll(() => fs.writeFileSync(file, bytes));
afterAll(() => fs.rmSync(file, { force: true }));

const isPartPut = (method: string, url: string) => method === 'PUT' && url.includes('/_local/s3/') && url.includes('uploadId=');

async function openEditor(page: Page, courseName: string, addLecture = 'Add lecture') {
  await page.goto(at('/dashboard'));
  const card = page.getByTestId('grade-card').filter({ has: page.getByRole('heading', { name: courseName, exact: true }) });
  await card.locator('.grade-card-face').click();
  await card.getByRole('link', { name: GENERAL, exact: true }).click();
  await waitForPath(page, '/dashboard/terms');
  await page.getByRole('link', { name: new RegExp(`^${FIRST_TERM}`) }).click();
  await waitForPath(page, '/dashboard/section');
  await page.getByRole('link', { name: LECTURES_SECTION, exact: true }).click();
  await waitForPath(page, '/dashboard/preview');
  await page.getByRole('button', { name: addLecture }).click();
  return page.getByRole('dialog', { name: addLecture });
}

it('a 70 MiB video interrupted by a reload half-way resumes from the stored parts and completes with the same bytes', async () => {
  const admin = await makeUser({ admin: true });
  const course = await makeCourse(admin, 'E2E upload ');
  const { page, context } = await newPage(browser(), { viewport: DESKTOP });
  await storeSession(page, admin, { admin: true, language: 'en' });

  // A slow line (8 MiB/s), so the upload is seen running and can be cut half-way.
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: 8 * MiB });

  const firstParts: number[] = [];
  page.on('response', (r) => {
    if (isPartPut(r.request().method(), r.url()) && r.status() === 200) firstParts.push(Number(new URL(r.url()).searchParams.get('partNumber')));
  });
  let modal = await openEditor(page, course.name);
  await modal.locator('input[type="file"][accept="video/*"]').setInputFiles(file);
  await modal.getByText(/left$/).waitFor({ timeout: 60_000 }); // 'About … left'
  await modal.locator('[data-testid="new-video"]').scrollIntoViewIfNeeded();
  await shot(page, 'uploads-resume-desktop-en-uploading');
  for (const until = Date.now() + 60_000; firstParts.length < 2 && Date.now() < until; ) await page.waitForTimeout(100);
  expect(firstParts.length).toBeGreaterThanOrEqual(2);

  // Interrupted: the page reloads with parts still on their way.
  await page.reload();
  const remembered = await page.evaluate(() => Object.keys(localStorage).filter((k) => k.startsWith('bioscope.upload:')));
  expect(remembered).toHaveLength(1);
  expect(firstParts.length).toBeLessThan(5);

  // The same file picked again: only the missing parts go up.
  await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: -1 });
  const secondParts: number[] = [];
  page.removeAllListeners('response');
  page.on('response', (r) => {
    if (isPartPut(r.request().method(), r.url())) secondParts.push(Number(new URL(r.url()).searchParams.get('partNumber')));
  });
  const finished = page.waitForResponse((r) => r.url().endsWith('/api/AWS/uploads/finish'));
  modal = await openEditor(page, course.name);
  await modal.locator('input[type="file"][accept="video/*"]').setInputFiles(file);
  const done = await finished;
  expect(done.status()).toBe(200);
  const { key } = (await done.json()) as { key: string };
  await page.waitForFunction(() => document.querySelector('[data-testid="new-video"] [role="progressbar"]')?.getAttribute('aria-valuenow') === '100');

  for (const n of firstParts) expect(secondParts).not.toContain(n);
  expect(secondParts.length).toBeLessThan(5);
  expect(await page.evaluate(() => Object.keys(localStorage).filter((k) => k.startsWith('bioscope.upload:')).length)).toBe(0);

  const stored = await s3().send(new GetObjectCommand({ Bucket: platform().bucket, Key: key }));
  const got = await stored.Body!.transformToByteArray();
  expect(got.length).toBe(bytes.length);
  expect(createHash('sha256').update(got).digest('hex')).toBe(createHash('sha256').update(bytes).digest('hex'));
  await context.close();
});

describe.each(['dark', 'light'] as const)('phone, Arabic, %s', (theme) => {
  it('the uploading row shows its bar filling from the right, its percent and time left', async () => {
    const admin = await makeUser({ admin: true });
    const course = await makeCourse(admin, 'E2E upload phone ');
    const { page, context } = await newPage(browser(), { viewport: PHONE });
    await storeSession(page, admin, { admin: true, language: 'ar' });
    await page.evaluate((mode) => localStorage.setItem('theme', mode), theme);
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: 4 * MiB });

    const modal = await openEditor(page, course.name, 'إضافة محاضرة');
    await modal.locator('input[type="file"][accept="video/*"]').setInputFiles(file);
    const row = modal.getByTestId('new-video');
    await row.getByText(/^باقٍ نحو \d+ (ثانية|دقيقة)$/).waitFor({ timeout: 60_000 });
    const percent = Number(await row.getByRole('progressbar').getAttribute('aria-valuenow'));
    expect(percent).toBeGreaterThan(0);
    expect(percent).toBeLessThan(100);
    await row.scrollIntoViewIfNeeded();
    // Read from the right: the bar fills from its right end, its percent at its left end (after it).
    const bar = (await row.getByRole('progressbar').boundingBox())!;
    const fill = (await row.getByTestId('linear-filled').boundingBox())!;
    expect(Math.abs(fill.x + fill.width - (bar.x + bar.width))).toBeLessThan(12);
    expect(fill.x).toBeGreaterThan(bar.x + 4);
    const shown = row.locator('.progress-percent');
    expect(await shown.textContent()).toMatch(/^\d{1,2}٪$/);
    const box = (await shown.boundingBox())!;
    expect(box.x + box.width).toBeLessThanOrEqual(bar.x);
    await shot(page, `uploads-phone-ar-${theme}`);
    await row.getByRole('button', { name: 'إزالة' }).click(); // stops the upload (and cancels it on the server)
    await context.close();
  });
});
