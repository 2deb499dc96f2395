/**
 * One payment buys one lecture, in real Chromium through the local Paymob sandbox: a student pays
 * one lecture by card, opens the checkout of a second, then takes the signed return of the first
 * payment with its order id slid into `owner` and the second order's id beside it (the signed
 * string, and so the HMAC, unchanged). The platform lands it on /fail and the second lecture
 * stays unpaid on My lectures and for sale on its page.
 */
import type { Browser } from 'playwright-core';
import { DESKTOP, launchBrowser } from '../support/browser';
import { makeUser, type TestUser, uniq } from '../support/platform';
import { at, waitForPath } from './auth-helpers';
import { makeCourse, type OwnCourse } from './catalogue-helpers';
import { makePaidLecture, openPay, pageShot, payLink, signedInPage } from './commerce-helpers';

jest.setTimeout(120_000);

let browser: Browser;
let admin: TestUser;
let course: OwnCourse;
let paid: { id: string; name: string; videoKeys: string[] };
let other: { id: string; name: string };

beforeAll(async () => {
  [browser, admin] = await Promise.all([launchBrowser(), makeUser({ admin: true })]);
  course = await makeCourse(admin, 'Signed course ');
  paid = await makePaidLecture(admin, course, { name: uniq('Paid once '), price: 150, videos: 1 });
  other = await makePaidLecture(admin, course, { name: uniq('Not paid '), price: 150, videoKeys: paid.videoKeys });
});
afterAll(async () => {
  await browser?.close();
});

it('a card payment for one lecture, then its return shifted onto the second lecture’s order: /fail, the second stays unpaid', async () => {
  const { page, context } = await signedInPage(browser, ['desktop-en-light', DESKTOP, 'en', 'light']);
  const returns: string[] = [];
  page.on('request', (r) => {
    if (r.url().includes('/api/payments/paymob/return?')) returns.push(r.url());
  });

  await openPay(page, course, paid.name);
  const first = await payLink(page);
  await first.link.click();
  await page.getByRole('button', { name: /Pay by card/ }).click();
  await waitForPath(page, '/temp');
  expect(returns).toHaveLength(1);

  const opening = page.waitForResponse((r) => r.url().includes(`/api/user/payment-intention/${other.id}`) && r.request().method() === 'POST');
  await openPay(page, course, other.name);
  const victimOrder = ((await (await opening).json()) as { orderId: string }).orderId;
  const second = await payLink(page);

  const shifted = new URL(returns[0]!);
  const q = shifted.searchParams;
  q.set('owner', `${q.get('order')}${q.get('owner')}`);
  q.set('order', '');
  q.set('merchant_order_id', victimOrder);
  await page.goto(shifted.toString());
  await waitForPath(page, '/fail');
  await page.getByTestId('payment-failure').waitFor();
  await pageShot(page, 'commerce-signed-desktop-en-light-shifted-return');

  await page.goto(at('/profile/lecPay'));
  const rows = page.getByTestId('purchase-row');
  await rows.filter({ hasText: paid.name }).waitFor();
  expect(await rows.filter({ hasText: other.name }).count()).toBe(0);
  expect(await rows.count()).toBe(1);
  await pageShot(page, 'commerce-signed-desktop-en-light-my-lectures');

  // The second lecture is still for sale, with the same checkout as before.
  await openPay(page, course, other.name);
  expect((await payLink(page)).href).toBe(second.href);
  await context.close();
});
