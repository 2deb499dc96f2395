/**
 * Issue 39: the teacher chooses three videos at once in "Add lecture": each uploads with its own
 * bar to 100 % (before, every signed-URL request but the last was aborted and those rows failed),
 * and the lecture is saved with all three.
 */
import fs from 'node:fs';
import { browserForFile, DESKTOP, newPage } from '../support/browser';
import { uniq } from '../support/platform';
import { appErrors, logIn, ownAdmin, swalTitle, waitForPath } from './auth-helpers';
import { apiResponse, DEMO_COURSE, DEMO_VIDEO, FIRST_TERM, GENERAL, LECTURES_SECTION, png, settledShot } from './catalogue-helpers';

jest.setTimeout(90_000);

const browser = browserForFile();

it('three videos chosen at once all reach 100 % and are saved with the lecture', async () => {
  const { page, context, errors } = await newPage(browser(), { viewport: DESKTOP });
  const admin = await ownAdmin();
  await logIn(page, admin.email, admin.password);
  await waitForPath(page, '/dashboard');
  // The demo course by name: other files add courses of their own, which may come first.
  const card = page.getByTestId('grade-card').filter({ has: page.getByRole('heading', { name: DEMO_COURSE, exact: true }) });
  await card.locator('.grade-card-face').click();
  await card.getByRole('link', { name: GENERAL, exact: true }).click();
  await waitForPath(page, '/dashboard/terms');
  await page.getByRole('link', { name: new RegExp(`^${FIRST_TERM}`) }).click();
  await waitForPath(page, '/dashboard/section');
  await page.getByRole('link', { name: LECTURES_SECTION, exact: true }).click();
  await waitForPath(page, '/dashboard/preview');

  await page.getByRole('button', { name: 'Add lecture' }).click();
  const modal = page.getByRole('dialog', { name: 'Add lecture' });
  const lectureName = uniq('Three videos ');
  await modal.getByLabel('Lecture name').fill(lectureName);
  await modal.getByLabel('Subtitle').fill('e2e: several videos at once');
  await modal.getByLabel('Price (LE)').fill('40');
  await modal.getByLabel('Lecture image (under 1 MB)').setInputFiles({ name: 'lecture.png', mimeType: 'image/png', buffer: png(320, 180, [40, 120, 90]) });

  const video = fs.readFileSync(DEMO_VIDEO);
  const names = ['part-1.webm', 'part-2.webm', 'part-3.webm'];
  const signed = names.map((n) => page.waitForResponse((r) => r.url().includes('/api/AWS/get-signed-url') && r.url().includes(`fileName=${n}`)));
  await modal.locator('input[type="file"][accept="video/*"]').setInputFiles(names.map((name) => ({ name, mimeType: 'video/webm', buffer: video })));
  for (const s of signed) expect((await s).status()).toBe(200);
  for (const name of names) await modal.getByRole('progressbar', { name: `Uploading ${name}` }).and(page.locator('[aria-valuenow="100"]')).waitFor({ timeout: 30_000 });
  await expect(modal.getByText('Upload failed').count()).resolves.toBe(0);
  await expect(modal.getByLabel('Number of lectures').inputValue()).resolves.toBe('3');
  await settledShot(page, 'i39-1-three-videos-uploaded-desktop-en');

  const saved = apiResponse(page, 'POST', '/api/AWS/save-lecture');
  await modal.getByRole('button', { name: 'Save', exact: true }).click();
  const answer = await saved;
  expect(answer.status()).toBe(201);
  const body = (await answer.json()) as { data: { videos: { videoName: string; videoUrl: string }[] } };
  expect(body.data.videos.map((v) => v.videoName)).toEqual(['part-1', 'part-2', 'part-3']);
  expect(body.data.videos.every((v) => /^videos\/[0-9A-Z]{26}-part-[123]\.webm$/.test(v.videoUrl))).toBe(true);
  await swalTitle(page, 'Lecture Added Successfully');
  expect(appErrors(errors)).toEqual([]);
  await context.close();
});
