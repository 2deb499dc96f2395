/**
 * The teacher's first screens after signing in (issue 39): the sign-in toast lies over no button,
 * the courses list's data is asked for together with its screen's code (not after it), and a term's
 * Open/Locked badge is whole beside its lock switch — desktop English and phone Arabic, both themes.
 */
import type { Page } from 'playwright-core';
import { browserForFile, newPage } from '../support/browser';
import { appTookOver, at, ownAdmin, waitForPath } from './auth-helpers';
import { DEMO_COURSE, GENERAL, settledShot } from './catalogue-helpers';

jest.setTimeout(90_000);

const browser = browserForFile();
const PHONE_390 = { width: 390, height: 844 } as const;
const DESKTOP = { width: 1366, height: 768 } as const;

const variants = [
  { name: 'desktop-en', viewport: DESKTOP, language: 'en' },
  { name: 'phone-ar', viewport: PHONE_390, language: 'ar' },
] as const;

/** Signs the admin in through the form, in `language` and `theme`. */
async function signIn(page: Page, language: 'en' | 'ar', theme: 'light' | 'dark' = 'light') {
  await page.goto(at('/auth/login'));
  await page.evaluate(({ language, theme }) => (localStorage.setItem('language', language), localStorage.setItem('theme', theme)), { language, theme });
  await page.reload();
  await appTookOver(page);
  const admin = await ownAdmin();
  await page.locator('#login-identifier').fill(admin.email);
  await page.locator('#login-password').fill(admin.password);
  await page.locator('#login-password').press('Enter');
  await waitForPath(page, '/dashboard');
}

/**
 * The visible controls of the page's frame (top bar, menu, sidebar) and of the page's head ("Add
 * course") that the toast's box overlaps, by their text. The courses grid below may run under a
 * toast at the foot of a phone when it is longer than the screen (it scrolls; the toast pauses on
 * hover and leaves after 3 s): that is the place chosen to cover no action of the page itself.
 */
const coveredBy = (page: Page, selector: string) =>
  page.evaluate((selector) => {
    const t = document.querySelector(selector)!.getBoundingClientRect();
    return Array.from(document.querySelectorAll('button, a[href], [role="switch"], input, select'))
      .filter((el) => !el.closest('.swal2-container') && !el.closest('.grade-grid'))
      .filter((el) => {
        const r = el.getBoundingClientRect();
        return r.width > 0 && r.height > 0 && r.left < t.right && t.left < r.right && r.top < t.bottom && t.top < r.bottom;
      })
      .map((el) => (el.textContent || el.getAttribute('aria-label') || el.tagName).trim());
  }, selector);

describe.each(variants)('the admin signs in ($name)', ({ name, viewport, language }) => {
  it('the success toast covers neither "Add course" nor a control of the bars or the page head, and sits above the screen\'s foot', async () => {
    const { page, context } = await newPage(browser(), { viewport });
    await signIn(page, language);
    const toast = page.locator('.swal2-toast');
    await toast.waitFor();
    await page.getByTestId('grade-card').first().waitFor();
    await page.waitForTimeout(500);
    await settledShot(page, `i39-10-admin-signed-in-${name}`);
    const addCourse = (await page.locator('.page-head .button-primary').boundingBox())!;
    const box = (await toast.boundingBox())!;
    const apart = box.x + box.width <= addCourse.x || addCourse.x + addCourse.width <= box.x || box.y + box.height <= addCourse.y || addCourse.y + addCourse.height <= box.y;
    expect({ apart, covered: await coveredBy(page, '.swal2-toast') }).toEqual({ apart: true, covered: [] });
    // Within the screen, clear of its edges (a phone's home indicator included).
    expect(box.y + box.height).toBeLessThanOrEqual(viewport.height - 8);
    await context.close();
  });
});

it("the courses list is asked for as the sign-in lands on /dashboard, while its screen's code still loads", async () => {
  const { page, context } = await newPage(browser(), { viewport: PHONE_390 });
  await signIn(page, 'en');
  await page.getByTestId('grade-card').first().waitFor();
  const timing = await page.evaluate(() => {
    const entries = performance.getEntriesByType('resource') as PerformanceResourceTiming[];
    const chunk = entries.find((e) => /\/assets\/admin-courses-[^/]+\.js$/.test(e.name))!;
    const courses = entries.find((e) => new URL(e.name).pathname === '/api/cours/all')!;
    return { chunkEnd: Math.round(chunk.responseEnd), coursesStart: Math.round(courses.startTime) };
  });
  expect(timing.coursesStart).toBeLessThan(timing.chunkEnd);
  await context.close();
});

describe.each([
  { name: 'desktop-en', viewport: DESKTOP, language: 'en' },
  { name: 'phone-ar', viewport: PHONE_390, language: 'ar' },
] as const)("a term's Open/Locked badge beside its lock switch ($name)", ({ name, viewport, language }) => {
  it.each(['light', 'dark'] as const)('is whole and clear of the switch (%s)', async (theme) => {
    const { page, context } = await newPage(browser(), { viewport });
    await signIn(page, language, theme);
    const card = page.getByTestId('grade-card').filter({ has: page.getByRole('heading', { name: DEMO_COURSE, exact: true }) });
    await card.waitFor();
    if (viewport === PHONE_390) await card.locator('.grade-card-face').click();
    else await card.hover();
    await card.getByRole('link', { name: GENERAL, exact: true }).click();
    await waitForPath(page, '/dashboard/terms');
    await page.getByRole('switch').first().waitFor();
    // One term locked, so both words (Open, Locked) are measured.
    await page.getByRole('switch').nth(1).click();
    await page.locator('.term-row.is-locked').waitFor();
    const rows = await page.evaluate(() =>
      Array.from(document.querySelectorAll('.term-row')).map((row) => {
        const badge = row.querySelector<HTMLElement>('.status-pill')!;
        const tile = row.querySelector('.term-tile')!.getBoundingClientRect();
        const lock = row.querySelector('.lock-switch')!.getBoundingClientRect();
        const b = badge.getBoundingClientRect();
        return {
          badge: badge.textContent,
          whole: badge.scrollWidth <= badge.clientWidth,
          insideTile: b.left >= tile.left - 0.5 && b.right <= tile.right + 0.5,
          clearOfSwitch: b.right <= lock.left || lock.right <= b.left || b.bottom <= lock.top || lock.bottom <= b.top,
        };
      }),
    );
    await settledShot(page, `i39-7-terms-${name}-${theme}`);
    expect(rows).toHaveLength(2);
    for (const row of rows) expect(row).toEqual({ badge: row.badge, whole: true, insideTile: true, clearOfSwitch: true });
    // Unlocked again for the next journey.
    await page.getByRole('switch').nth(1).click();
    await page.locator('.term-row.is-locked').waitFor({ state: 'detached' });
    await context.close();
  });
});
