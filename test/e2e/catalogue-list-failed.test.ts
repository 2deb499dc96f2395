/**
 * A dropped connection as the grades load: the home page says the list did not load and offers to
 * load it again (not an empty section), in the student's language; Try again shows the grades. The
 * teacher's dashboard likewise. Phone in Arabic and desktop in English, dark and light.
 */
import type { Page } from 'playwright-core';
import { browserForFile, DESKTOP, newPage, PHONE } from '../support/browser';
import { makeUser, platform } from '../support/platform';
import { at } from './auth-helpers';
import { settledShot, storeSession } from './catalogue-helpers';

const browser = browserForFile();

const VARIANTS = [
  ['phone-ar-dark', PHONE, 'ar', 'dark'],
  ['phone-ar-light', PHONE, 'ar', 'light'],
  ['desktop-en-dark', DESKTOP, 'en', 'dark'],
  ['desktop-en-light', DESKTOP, 'en', 'light'],
] as const;

const TEXT = {
  ar: { failed: 'تعذر تحميل القائمة. تأكد من اتصالك بالإنترنت وحاول مرة أخرى.', retry: 'حاول مرة أخرى' },
  en: { failed: 'This list did not load. Check your connection and try again.', retry: 'Try again' },
};

/** The course list is lost on the way (the connection dropped) until `back()`; how many were asked after it. */
async function courseListLost(page: Page) {
  let lost = true;
  let askedAfter = 0;
  await page.route(/\/api\/cours\/all$/, (route) => (lost ? route.abort('internetdisconnected') : (askedAfter++, route.continue())));
  return { back: () => void (lost = false), askedAfter: () => askedAfter };
}

it.each(VARIANTS)('%s: the home page says the grades did not load, and Try again shows them', async (tag, viewport, language, theme) => {
  const student = await makeUser();
  const { page, context, errors } = await newPage(browser(), { viewport, touch: viewport === PHONE });
  await storeSession(page, student, { language });
  await page.evaluate((mode) => localStorage.setItem('theme', mode), theme);
  const list = await courseListLost(page);
  await page.goto(at('/'));
  const failure = page.getByRole('alert').filter({ hasText: TEXT[language].failed });
  await failure.waitFor();
  expect(await page.getByTestId('grade-card').count()).toBe(0);
  await settledShot(page, `list-failed-home-${tag}`);
  list.back();
  await failure.getByRole('button', { name: TEXT[language].retry }).click();
  await page.getByTestId('grade-card').first().waitFor();
  await failure.waitFor({ state: 'detached' });
  expect(list.askedAfter()).toBe(1);
  // The browser logs the lost request; nothing else may go wrong.
  expect(errors.filter((e) => !e.includes('ERR_INTERNET_DISCONNECTED'))).toEqual([]);
  await context.close();
});

it('the teacher\'s dashboard in Arabic on a phone: the failure, not "no courses yet", then the courses', async () => {
  const admin = await makeUser({ admin: true });
  const { page, context } = await newPage(browser(), { viewport: PHONE, touch: true });
  await storeSession(page, admin, { admin: true, language: 'ar' });
  const list = await courseListLost(page);
  await page.goto(platform().url + '/dashboard');
  const failure = page.getByRole('alert').filter({ hasText: TEXT.ar.failed });
  await failure.waitFor();
  await settledShot(page, 'list-failed-dashboard-phone-ar-dark');
  list.back();
  await failure.getByRole('button', { name: TEXT.ar.retry }).click();
  await page.getByTestId('grade-card').first().waitFor();
  expect(list.askedAfter()).toBe(1);
  await context.close();
});
