/**
 * Journeys of a signed-in student through the demo course: home → grade → track → /term →
 * /content → /lec/{id}. The free lecture's video (HLS, issue 16) really plays and seeks; the paid one shows its
 * price, hands out no video URL and offers the buy path. Run in both languages at phone and
 * desktop widths, with a screenshot of every screen.
 */
import type { Browser, Page } from 'playwright-core';
import { DESKTOP, launchBrowser, newPage, PHONE } from '../support/browser';
import { makeUser, type TestUser } from '../support/platform';
import { at, waitForPath } from './auth-helpers';
import { apiResponse, DEMO_COURSE, DEMO_FREE, DEMO_PAID, demoFreeLectureId, FIRST_TERM, GENERAL, playerReady, pressPlay, settledShot, sidewaysOverflow, storeSession, switchLanguage, untilVideosReady } from './catalogue-helpers';

jest.setTimeout(60_000);

let browser: Browser;
let student: TestUser;
beforeAll(async () => {
  let admin: TestUser;
  [browser, student, admin] = await Promise.all([launchBrowser(), makeUser({ firstName: 'Student' }), makeUser({ admin: true })]);
  // The platform transcodes the demo video when it seeds it (issue 16): a student sees it once ready.
  await untilVideosReady(admin, await demoFreeLectureId(student));
});
afterAll(async () => {
  await browser?.close();
});

interface LectureListBody {
  data: { id: string; name: string; price: number; isFree: boolean }[];
}

/** Home → the demo grade card → ثانوي عام → /term → the first term → /content; shots on the way. */
async function openDemoContent(page: Page, tag: string): Promise<LectureListBody> {
  const card = page.getByTestId('grade-card').filter({ has: page.getByRole('heading', { name: DEMO_COURSE, exact: true }) });
  await card.waitFor();
  expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);
  await settledShot(page, `catalogue-${tag}-home`);

  // The tracks show on hover (desktop) or tap (phone): a click on the card opens them on both.
  await card.locator('.grade-card-face').click();
  await card.getByRole('link', { name: GENERAL, exact: true }).click();
  await waitForPath(page, '/term');
  const term = page.getByRole('link', { name: FIRST_TERM, exact: true });
  await term.waitFor();
  expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);
  await settledShot(page, `catalogue-${tag}-term`);

  const lectures = apiResponse(page, 'GET', '/api/cours/lecture/');
  await term.click();
  await waitForPath(page, '/content');
  const listed = (await (await lectures).json()) as LectureListBody;
  await page.locator('.lecture-link', { hasText: DEMO_FREE }).waitFor();
  expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);
  await settledShot(page, `catalogue-${tag}-content`);
  return listed;
}

const signedInPage = async (viewport: { width: number; height: number }, language: 'en' | 'ar') => {
  const p = await newPage(browser, { viewport });
  await storeSession(p.page, student);
  await p.page.goto(at('/'));
  // Through the UI's own toggle, as a student would.
  await switchLanguage(p.page, language);
  return p;
};

describe('a student opens the free demo lecture and its video plays', () => {
  it.each([
    ['desktop-en', DESKTOP, 'en'],
    ['phone-ar', PHONE, 'ar'],
    ['phone-en', PHONE, 'en'],
    ['desktop-ar', DESKTOP, 'ar'],
  ] as const)('%s', async (tag, viewport, language) => {
    const { page, context, errors } = await signedInPage(viewport, language);
    const listed = await openDemoContent(page, tag);
    const free = listed.data.find((l) => l.name === DEMO_FREE)!;
    expect(free.isFree || Number(free.price) === 0).toBe(true);

    const opened = apiResponse(page, 'GET', `/api/cours/lectureaaa/${free.id}`);
    await page.locator('.lecture-link', { hasText: DEMO_FREE }).click();
    await waitForPath(page, `/lec/${free.id}`);
    const body = (await (await opened).json()) as { data: { videos: { signedUrl?: string }[] } };
    expect(body.data.videos[0]?.signedUrl).toBeTruthy();

    // The video is HLS (issue 16): its address is the playlist; the player starts a playback (the cookies) and loads it.
    expect(body.data.videos[0]!.signedUrl).toMatch(/^\/media\/hls\/[\w-]+\/master\.m3u8$/);
    const video = page.getByTestId('lecture-video');
    await video.waitFor();
    await playerReady(page);
    await page.getByRole('heading', { name: DEMO_FREE }).waitFor();
    expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);
    await settledShot(page, `catalogue-${tag}-lec`);

    // It really plays: time advances past 1 s…
    await pressPlay(page, 1);
    // …and a seek lands where asked (the media server answers Range requests).
    const afterSeek = await video.evaluate(
      (v: HTMLVideoElement) =>
        new Promise<number>((resolve) => {
          v.addEventListener('seeked', () => resolve(v.currentTime), { once: true });
          v.currentTime = 4;
        }),
    );
    expect(afterSeek).toBeGreaterThanOrEqual(3.9);
    expect(afterSeek).toBeLessThan(6.5);
    await page.waitForFunction(() => (document.querySelector('[data-testid="lecture-video"]') as HTMLVideoElement).currentTime > 4.2, null, { timeout: 5_000 });
    expect(await video.evaluate((v: HTMLVideoElement) => v.error)).toBeNull();
    await settledShot(page, `catalogue-${tag}-lec-playing`);
    expect(errors).toEqual([]);
    await context.close();
  });
});

it('shows the paid demo lecture with its price, gives no video URL and offers the buy path', async () => {
  const { page, context, errors } = await signedInPage(DESKTOP, 'en');
  const listed = await openDemoContent(page, 'paid-desktop-en');
  const paid = listed.data.find((l) => l.name === DEMO_PAID)!;
  expect(Number(paid.price)).toBe(150);

  const card = page.locator('.lecture-link', { hasText: DEMO_PAID });
  await expect(card.locator('.price').textContent()).resolves.toBe('150 LE');
  expect(await card.getAttribute('aria-label')).toContain('Buy');
  expect(await card.getAttribute('href')).toBe('/pay');

  // Its address typed in: the lecture's public fields, no video URL anywhere.
  const opened = apiResponse(page, 'GET', `/api/cours/lectureaaa/${paid.id}`);
  await page.goto(at(`/lec/${paid.id}`));
  const res = await opened;
  expect(res.status()).toBe(200);
  const text = await res.text();
  expect(text).not.toContain('signedUrl');
  expect(text).not.toContain('videoUrl');
  const buy = page.getByRole('link', { name: 'Buy the lecture' });
  await buy.waitFor();
  await page.getByText('This lecture is paid. Buy it to watch its videos.').waitFor();
  expect(await page.locator('video').count()).toBe(0);
  await settledShot(page, 'catalogue-paid-desktop-en-lec');

  await buy.click();
  await waitForPath(page, '/pay');
  // The purchase screen receives the lecture in the trail's last entry (spec 2).
  const trail = await page.evaluate(() => (history.state as { usr?: { breadcrumb: { id?: string; price?: number }[] } }).usr?.breadcrumb.at(-1));
  expect(trail).toMatchObject({ id: paid.id, price: 150 });
  await settledShot(page, 'catalogue-paid-desktop-en-pay');
  expect(errors).toEqual([]);
  await context.close();
});
