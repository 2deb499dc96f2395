/**
 * The admin's journey: sign in through the UI, add a course in the add-course modal, walk its
 * track → terms → 'شرح محاضرات' → preview, add a lecture whose video upload shows a progress bar
 * that reaches 100 %, then rename the video in the editor and see the change after a reload.
 */
import fs from 'node:fs';
import { DESKTOP, browserForFile, newPage, PHONE } from '../support/browser';
import { uniq } from '../support/platform';
import { appErrors, logIn, ownAdmin, swalTitle, waitForPath } from './auth-helpers';
import { apiResponse, DEMO_COURSE, DEMO_VIDEO, FIRST_TERM, GENERAL, LECTURES_SECTION, png, settledShot, sidewaysOverflow, switchLanguage } from './catalogue-helpers';

jest.setTimeout(90_000);

const browser = browserForFile();

it('the admin adds a course and a lecture with a video (visible upload progress), then renames the video', async () => {
  const { page, context, errors } = await newPage(browser(), { viewport: DESKTOP });
  const admin = await ownAdmin();
  await logIn(page, admin.email, admin.password);
  await waitForPath(page, '/dashboard');
  await page.getByRole('button', { name: 'Add course' }).waitFor();

  // The add-course modal: its validation first, then a name and a PNG made here.
  const courseName = uniq('مقرر تجريبي ');
  await page.getByRole('button', { name: 'Add course' }).click();
  const courseModal = page.getByRole('dialog', { name: 'Add course' });
  await courseModal.getByRole('button', { name: 'Save', exact: true }).click();
  await courseModal.getByRole('alert').first().waitFor();
  await courseModal.getByLabel('Course name').fill(courseName);
  await courseModal.getByLabel('Image (under 1 MB)').setInputFiles({ name: 'course.png', mimeType: 'image/png', buffer: png(320, 180, [30, 90, 160]) });
  await courseModal.locator('.image-preview').waitFor();
  await settledShot(page, 'catalogue-admin-desktop-en-add-course');
  const created = apiResponse(page, 'POST', '/api/cours/create-course');
  await courseModal.getByRole('button', { name: 'Save', exact: true }).click();
  expect((await created).status()).toBe(201);
  await swalTitle(page, 'Course Added Succesfully');
  await courseModal.waitFor({ state: 'detached' });

  const card = page.getByTestId('grade-card').filter({ has: page.getByRole('heading', { name: courseName, exact: true }) });
  await card.waitFor();
  await settledShot(page, 'catalogue-admin-desktop-en-dashboard');
  await card.hover();
  await card.getByRole('link', { name: GENERAL, exact: true }).click();
  await waitForPath(page, '/dashboard/terms');
  await page.getByRole('switch', { name: `Lock ${FIRST_TERM}` }).waitFor();
  await settledShot(page, 'catalogue-admin-desktop-en-terms');
  await page.getByRole('link', { name: new RegExp(`^${FIRST_TERM}`) }).click();
  await waitForPath(page, '/dashboard/section');
  await page.getByRole('link', { name: LECTURES_SECTION, exact: true }).click();
  await waitForPath(page, '/dashboard/preview');
  await page.getByRole('heading', { name: LECTURES_SECTION }).waitFor();
  await settledShot(page, 'catalogue-admin-desktop-en-preview-empty');

  // Add a lecture: name, subtitle, price, image and the demo WebM.
  const lectureName = uniq('Lecture ');
  await page.getByRole('button', { name: 'Add lecture' }).click();
  const modal = page.getByRole('dialog', { name: 'Add lecture' });
  await modal.getByLabel('Lecture name').fill(lectureName);
  await modal.getByLabel('Subtitle').fill('شرح تجريبي — e2e subtitle');
  await modal.getByLabel('Price (LE)').fill('75');
  await modal.getByLabel('Lecture image (under 1 MB)').setInputFiles({ name: 'lecture.png', mimeType: 'image/png', buffer: png(320, 180, [150, 60, 90]) });

  // Slow the upload down (as on a real line), so the bar is seen moving, not only finished.
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: 256 * 1024 });
  const bar = modal.getByRole('progressbar', { name: 'Uploading demo-lecture.webm' });
  // Every value the bar shows, recorded in the page as it changes.
  await page.evaluate(() => {
    const seen: number[] = [];
    (window as unknown as { seenProgress: number[] }).seenProgress = seen;
    new MutationObserver(() => {
      const bar = document.querySelector('[data-testid="new-video"] [role="progressbar"]');
      const now = Number(bar?.getAttribute('aria-valuenow'));
      if (bar && seen.at(-1) !== now) seen.push(now);
    }).observe(document.body, { subtree: true, childList: true, attributes: true, attributeFilter: ['aria-valuenow'] });
  });
  const put = page.waitForResponse((r) => r.request().method() === 'PUT' && r.url().includes('demo-lecture'));
  await modal.locator('input[type="file"][accept="video/*"]').setInputFiles({ name: 'demo-lecture.webm', mimeType: 'video/webm', buffer: fs.readFileSync(DEMO_VIDEO) });
  await bar.waitFor({ state: 'visible' });
  await page.waitForFunction(() => {
    const now = Number(document.querySelector('[data-testid="new-video"] [role="progressbar"]')?.getAttribute('aria-valuenow'));
    return now > 0 && now < 100;
  });
  await settledShot(page, 'catalogue-admin-desktop-en-uploading');
  await page.waitForFunction(() => document.querySelector('[data-testid="new-video"] [role="progressbar"]')?.getAttribute('aria-valuenow') === '100');
  const seen = await page.evaluate(() => (window as unknown as { seenProgress: number[] }).seenProgress);
  expect((await put).status()).toBe(200);
  await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: -1 });
  expect(seen.some((p) => p > 0 && p < 100)).toBe(true);
  expect(seen).toEqual([...seen].sort((a, b) => a - b));
  // The bar's percent, as shown beside it (the library's own label is only for screen readers).
  await modal.locator('.progress-percent', { hasText: '100%' }).waitFor();
  await expect(modal.getByLabel('Number of lectures').inputValue()).resolves.toBe('1');
  await settledShot(page, 'catalogue-admin-desktop-en-add-lecture');

  const saved = apiResponse(page, 'POST', '/api/AWS/save-lecture');
  await modal.getByRole('button', { name: 'Save', exact: true }).click();
  expect((await saved).status()).toBe(201);
  await swalTitle(page, 'Lecture Added Successfully');
  await modal.waitFor({ state: 'detached' });
  const lectureCard = page.getByTestId('lecture-card').filter({ hasText: lectureName });
  await lectureCard.waitFor();
  await expect(lectureCard.locator('.price').textContent()).resolves.toBe('75 LE');
  await settledShot(page, 'catalogue-admin-desktop-en-preview');

  // Edit: rename the video; the editor changes it in place (PATCH …/video/{videoId}).
  await lectureCard.getByRole('button', { name: 'Edit' }).click();
  const editor = page.getByRole('dialog', { name: 'Edit lecture' });
  const videoName = editor.getByTestId('existing-video').first().getByLabel('Video name');
  await expect(videoName.inputValue()).resolves.toBe('demo-lecture');
  const renamed = uniq('الفيديو المعدل ');
  await videoName.fill(renamed);
  await settledShot(page, 'catalogue-admin-desktop-en-edit-lecture');
  const patched = page.waitForResponse((r) => r.request().method() === 'PATCH' && /\/api\/AWS\/lectures\/video\/[^/]+$/.test(new URL(r.url()).pathname));
  await editor.getByRole('button', { name: 'Save', exact: true }).click();
  const patch = await patched;
  expect(patch.status()).toBe(200);
  expect(patch.request().postDataJSON()).toMatchObject({ videoName: renamed });
  await swalTitle(page, 'Lecture Updated Successfully');
  await editor.waitFor({ state: 'detached' });

  // After a reload (the preview keeps its navigation state), the editor shows the new name.
  await page.reload();
  await page.getByTestId('lecture-card').filter({ hasText: lectureName }).getByRole('button', { name: 'Edit' }).click();
  await expect(page.getByRole('dialog', { name: 'Edit lecture' }).getByTestId('existing-video').first().getByLabel('Video name').inputValue()).resolves.toBe(renamed);
  // The quiz list (GET /api/Quiz/AllQuizz) answers 501 until the quiz issue lands; the form offers none.
  expect(appErrors(errors, 501)).toEqual([]);
  await context.close();
});

it('shows the admin screens in Arabic on a phone', async () => {
  const { page, context, errors } = await newPage(browser(), { viewport: PHONE });
  const admin = await ownAdmin();
  await logIn(page, admin.email, admin.password);
  await waitForPath(page, '/dashboard');
  await switchLanguage(page, 'ar');
  const card = page.getByTestId('grade-card').filter({ has: page.getByRole('heading', { name: DEMO_COURSE, exact: true }) });
  await card.waitFor();
  expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);
  await settledShot(page, 'catalogue-admin-phone-ar-dashboard');
  await card.locator('.grade-card-face').click();
  await card.getByRole('link', { name: GENERAL, exact: true }).click();
  await waitForPath(page, '/dashboard/terms');
  await page.getByRole('switch').first().waitFor();
  expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);
  await settledShot(page, 'catalogue-admin-phone-ar-terms');
  await page.getByRole('link', { name: new RegExp(`^${FIRST_TERM}`) }).click();
  await waitForPath(page, '/dashboard/section');
  await page.getByRole('link', { name: LECTURES_SECTION, exact: true }).click();
  await waitForPath(page, '/dashboard/preview');
  await page.locator('.add-card').waitFor();
  expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);
  await settledShot(page, 'catalogue-admin-phone-ar-preview');
  await page.locator('.add-card').click();
  await page.getByRole('dialog').waitFor();
  await settledShot(page, 'catalogue-admin-phone-ar-add-lecture');
  // The quiz list (GET /api/Quiz/AllQuizz) answers 501 until the quiz issue lands; the form offers none.
  expect(appErrors(errors, 501)).toEqual([]);
  await context.close();
});
