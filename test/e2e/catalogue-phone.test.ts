/**
 * Issue 9 on a 360 px phone in Arabic, dark and light: a signed-in student's home puts the grades
 * (and 'continue where you stopped') at the top; a grade card says what a tap does and closes on
 * a second tap; a locked term says why; the admin's lock switches share one width so the term
 * tiles line up; the lecture modal shows each upload's file name beside its bar, keeps progress in
 * view, and asks before Escape drops the work. Screenshots of each screen (i9-*).
 */
import fs from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, newPage, PHONE } from '../support/browser';
import { api, makeUser, type TestUser } from '../support/platform';
import { lectureForm, uploadedVideo } from '../integration/catalogue-fixtures';
import { appErrors, at, waitForPath } from './auth-helpers';
import { DEMO_VIDEO, FIRST_TERM, GENERAL, LECTURES_SECTION, makeCourse, type OwnCourse, settledShot, storeSession } from './catalogue-helpers';

jest.setTimeout(90_000);

const SECOND_TERM = 'الترم الثاني';
const LOCKED_REASON = 'لم يفتح المدرس هذا الترم بعد.';

let browser: Browser;
let admin: TestUser;
let student: TestUser;
let course: OwnCourse;
beforeAll(async () => {
  [browser, admin, student] = await Promise.all([launchBrowser(), makeUser({ admin: true }), makeUser({ firstName: 'Phone' })]);
  course = await makeCourse(admin, 'Phone course ');
  const videoUrls = JSON.stringify([{ videoUrl: await uploadedVideo(), videoName: 'Part 1', quizId: null }]);
  const saved = await api('POST', '/api/AWS/save-lecture', { token: admin.token, form: lectureForm({ price: '0', isFree: 'true', contentId: course.lectureSectionId, videoUrls }) });
  if (saved.status !== 201) throw new Error(`save-lecture: ${saved.status} ${JSON.stringify(saved.body)}`);
  // The second term of ثانوي عام is locked: the student sees why, the admin sees both switch words.
  const terms = await api('GET', `/api/cours/Term/${encodeURIComponent(GENERAL)}/${course.id}`, { token: admin.token });
  const second = (terms.body.data as { id: string; name: string }[]).find((t) => t.name === SECOND_TERM)!;
  const locked = await api('PATCH', `/api/cours/Term/lock/${second.id}`, { token: admin.token });
  if (locked.status !== 200) throw new Error(`lock: ${locked.status}`);
});
afterAll(async () => {
  await browser?.close();
});

async function phonePage(user: TestUser, theme: 'dark' | 'light', opts: { admin?: boolean } = {}) {
  const p = await newPage(browser, { viewport: PHONE, touch: true });
  await storeSession(p.page, user, { admin: opts.admin, language: 'ar' });
  await p.page.evaluate((mode) => localStorage.setItem('theme', mode), theme);
  return p;
}

const top = async (page: Page, selector: string) => (await page.locator(selector).first().boundingBox())!.y;

describe.each(['dark', 'light'] as const)('phone, Arabic, %s', (theme) => {
  it('a signed-in student: grades at the top, a card that says what a tap does, a locked term that says why, and the way back', async () => {
    const { page, context, errors } = await phonePage(student, theme);
    await page.goto(at('/'));
    await page.getByTestId('grade-card').first().waitFor();
    // The grades come first: their heading is on the first screen, above the hero.
    expect(await top(page, '#grades-heading')).toBeLessThan(200);
    expect(await top(page, '.grade-card')).toBeLessThan(PHONE.height);
    expect(await top(page, '#grades-heading')).toBeLessThan(await top(page, '.hero'));
    await settledShot(page, `i9-phone-ar-${theme}-home`);

    const card = page.getByTestId('grade-card').filter({ has: page.getByRole('heading', { name: course.name, exact: true }) });
    const face = card.locator('.grade-card-face');
    const general = card.getByRole('link', { name: GENERAL, exact: true });
    await card.getByText('اضغط على الصورة لاختيار ثانوي عام أو ثانوي لغات').waitFor();
    await face.click();
    await general.waitFor({ state: 'visible' });
    await card.getByText('اضغط على الصورة مرة أخرى للإغلاق').waitFor();
    // The two track buttons lie over the picture only, not over the grade's name.
    const band = (await card.locator('.grade-tracks').boundingBox())!;
    const name = (await card.getByRole('heading', { name: course.name }).boundingBox())!;
    expect(band.y + band.height).toBeLessThanOrEqual(name.y);
    await card.scrollIntoViewIfNeeded();
    await settledShot(page, `i9-phone-ar-${theme}-grade-open`);
    // A second tap on the picture (under the band, beside the buttons: the band lets it through) closes them.
    // (This context has a mouse, whose hover also shows them: it moves away as a finger lifts.)
    await face.click({ position: { x: 12, y: 12 } });
    expect(await face.getAttribute('aria-expanded')).toBe('false');
    await page.mouse.move(0, PHONE.height - 1);
    await general.waitFor({ state: 'hidden' });

    await face.click();
    await general.click();
    await waitForPath(page, '/term');
    const locked = page.getByTestId('locked-term').filter({ hasText: SECOND_TERM });
    await locked.getByText(LOCKED_REASON).waitFor();
    await settledShot(page, `i9-phone-ar-${theme}-terms`);

    // Opening a term is remembered: home offers it back at the top.
    await page.getByRole('link', { name: FIRST_TERM, exact: true }).click();
    await waitForPath(page, '/content');
    await page.getByTestId('lecture-card').first().waitFor();
    await page.goto(at('/'));
    const resume = page.getByTestId('continue-card');
    await resume.getByText(FIRST_TERM).waitFor();
    await resume.getByText(course.name, { exact: false }).waitFor();
    expect((await resume.boundingBox())!.y).toBeLessThan(200);
    await settledShot(page, `i9-phone-ar-${theme}-home-continue`);
    await resume.click();
    await waitForPath(page, '/content');
    await page.getByTestId('lecture-card').first().waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });

  it('the admin: lock switches of one width, and a lecture modal that keeps its uploads', async () => {
    const { page, context, errors } = await phonePage(admin, theme, { admin: true });
    await page.goto(at('/dashboard'));
    const card = page.getByTestId('grade-card').filter({ has: page.getByRole('heading', { name: course.name, exact: true }) });
    await card.locator('.grade-card-face').click();
    await card.getByRole('link', { name: GENERAL, exact: true }).click();
    await waitForPath(page, '/dashboard/terms');
    await page.getByRole('switch').nth(1).waitFor();
    const widths = async (selector: string) => Promise.all((await page.locator(selector).all()).map(async (l) => Math.round((await l.boundingBox())!.width)));
    const switches = await widths('.lock-switch');
    const tiles = await widths('.term-row .term-tile');
    expect(switches).toHaveLength(2);
    expect(new Set(switches).size).toBe(1);
    expect(new Set(tiles).size).toBe(1);
    await settledShot(page, `i9-phone-ar-${theme}-admin-terms`);

    await page.getByRole('link', { name: new RegExp(`^${FIRST_TERM}`) }).click();
    await waitForPath(page, '/dashboard/section');
    await page.getByRole('link', { name: LECTURES_SECTION, exact: true }).click();
    await waitForPath(page, '/dashboard/preview');
    await page.locator('.add-card').click();
    const modal = page.getByRole('dialog');
    await modal.getByLabel('اسم المحاضرة').fill('محاضرة تجريبية');

    // A slow line, so the upload is seen running.
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: 96 * 1024 });
    await modal.locator('input[type="file"][accept="video/*"]').setInputFiles({ name: 'demo-lecture.webm', mimeType: 'video/webm', buffer: fs.readFileSync(DEMO_VIDEO) });
    const line = modal.locator('.upload-line').first();
    await line.getByText('demo-lecture.webm').waitFor();
    await page.waitForFunction(() => Number(document.querySelector('[role="progressbar"]')?.getAttribute('aria-valuenow')) > 0, null, { timeout: 20_000 });
    // The bar is in view (scrolled to), and the foot's summary too.
    const status = modal.locator('.uploads-status');
    await status.waitFor();
    // The reveal is a smooth scroll: on a loaded machine it may still be moving when the bar first
    // moves. Give it time to settle (a bar never brought into view still fails below).
    await page
      .waitForFunction(
        (h) => ['.upload-line', '.uploads-status'].every((s) => {
          const r = document.querySelector(`[role="dialog"] ${s}`)?.getBoundingClientRect();
          return !!r && r.top >= 0 && r.bottom <= h;
        }),
        PHONE.height,
        { timeout: 5_000 },
      )
      .catch(() => undefined);
    for (const box of [await line.boundingBox(), await status.boundingBox()]) {
      expect(box!.y).toBeGreaterThanOrEqual(0);
      expect(box!.y + box!.height).toBeLessThanOrEqual(PHONE.height);
    }
    await page.screenshot({ path: `screenshots/i9-phone-ar-${theme}-uploading.png`, animations: 'disabled' });

    // Escape asks (in Arabic); keeping on leaves the form and the upload as they were.
    await page.keyboard.press('Escape');
    const ask = page.locator('.swal2-popup');
    await ask.getByText('إغلاق نموذج المحاضرة؟').waitFor();
    await page.screenshot({ path: `screenshots/i9-phone-ar-${theme}-uploading-ask.png`, animations: 'disabled' });
    await ask.getByRole('button', { name: 'متابعة التعديل' }).click();
    await ask.waitFor({ state: 'detached' });
    expect(await modal.getByLabel('اسم المحاضرة').inputValue()).toBe('محاضرة تجريبية');
    expect(await modal.getByRole('progressbar').count()).toBe(1);

    // Escape again, and this time discard: the form closes, the upload stops.
    const aborted = page.waitForEvent('requestfailed', (r) => r.method() === 'PUT');
    await page.keyboard.press('Escape');
    await ask.getByRole('button', { name: 'إغلاق وتجاهل' }).click();
    await modal.waitFor({ state: 'detached' });
    await aborted;
    await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: -1 });
    expect(appErrors(errors, 501)).toEqual([]);
    await context.close();
  });
});
