/**
 * Journey: wrong passwords slow the account down (issue 13). The log-in screen says how long to
 * wait, counts it down with the button off, and the student who knows the password then gets in.
 * Desktop in English (light) and a phone in Arabic (dark).
 */
import { browserForFile, DESKTOP, newPage, PHONE, shot } from '../support/browser';
import { makeUser } from '../support/platform';
import { at, logIn, waitForPath } from './auth-helpers';

jest.setTimeout(90_000);

const browser = browserForFile();

const VARIANTS = [
  { tag: 'desktop-en-light', viewport: DESKTOP, language: 'en', theme: 'light', wait: /^Too many failed sign-in attempts\. Try again in \d s\.$/ },
  { tag: 'phone-ar-dark', viewport: PHONE, language: 'ar', theme: 'dark', wait: /^محاولات دخول فاشلة كثيرة\. حاول مرة أخرى بعد \d ث\.$/ },
] as const;

it.each(VARIANTS)('$tag: after the free wrong passwords the screen says how long to wait, counts down, then lets the owner in', async (v) => {
  const student = await makeUser();
  const { page, context, errors } = await newPage(browser(), { viewport: v.viewport });
  await page.goto(at('/auth/login'));
  await page.evaluate(([language, theme]) => (localStorage.setItem('language', language), localStorage.setItem('theme', theme)), [v.language, v.theme] as const);
  await page.reload();

  const notice = page.locator('form .notice');
  const button = page.locator('form button[type="submit"]');
  /** One try with a wrong password: the status the API answered. */
  const tryWrong = async (i: number) => {
    const [res] = await Promise.all([page.waitForResponse((r) => r.url().endsWith('/api/auth/login')), logIn(page, student.email, `Wr0ng${i}Password`)]);
    return res.status();
  };
  // Five free failures, then waits of 1, 2, 4 … s: trying at once soon meets one.
  const statuses: number[] = [];
  for (let i = 0; statuses.at(-1) !== 429 && i < 10; i++) statuses.push(await tryWrong(i));
  expect(statuses.slice(0, 5)).toEqual([401, 401, 401, 401, 401]);
  expect(statuses.at(-1)).toBe(429);
  await notice.waitFor({ state: 'visible' });
  expect(await notice.textContent()).toMatch(v.wait);
  expect(await button.isDisabled()).toBe(true);
  await shot(page, `journey-login-wait-${v.tag}`);
  await notice.waitFor({ state: 'detached', timeout: 20_000 });
  expect(await button.isDisabled()).toBe(false);
  await logIn(page, student.email, student.password);
  await waitForPath(page, '/');
  // The browser logs each refused call (401, 429); nothing else may go wrong.
  expect(errors.filter((e) => !/Failed to load resource: the server responded with a status of (401|429)/.test(e))).toEqual([]);
  await context.close();
});

it('the owner\'s browser, signed in before, gets in at once while another browser\'s guesses hold the account (device cookie)', async () => {
  const student = await makeUser();
  const owner = await newPage(browser(), { viewport: DESKTOP });
  await logIn(owner.page, student.email, student.password);
  await waitForPath(owner.page, '/');
  const [device] = (await owner.context.cookies()).filter((c) => c.name.startsWith('bioscope_device_'));
  expect(device).toMatchObject({ path: '/api/auth', httpOnly: true, sameSite: 'Strict', secure: false, value: expect.stringMatching(new RegExp(`^${student.id}\\.`)) });
  // The session ends (the app forgets it), the device cookie stays.
  await owner.page.evaluate(() => localStorage.removeItem('user'));

  const attacker = await newPage(browser(), { viewport: DESKTOP });
  await attacker.page.goto(at('/auth/login'));
  const statuses: number[] = [];
  for (let i = 0; statuses.at(-1) !== 429 && i < 10; i++) {
    const [res] = await Promise.all([attacker.page.waitForResponse((r) => r.url().endsWith('/api/auth/login')), logIn(attacker.page, student.email, `Wr0ng${i}Password`)]);
    statuses.push(res.status());
  }
  expect(statuses.at(-1)).toBe(429);

  await owner.page.goto(at('/auth/login'));
  const [res] = await Promise.all([owner.page.waitForResponse((r) => r.url().endsWith('/api/auth/login')), logIn(owner.page, student.email, student.password)]);
  expect(res.status()).toBe(200);
  await waitForPath(owner.page, '/');
  await shot(owner.page, 'journey-login-trusted-device-under-attack');
  expect(owner.errors).toEqual([]);
  await Promise.all([owner.context.close(), attacker.context.close()]);
});
