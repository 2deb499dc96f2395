/**
 * The teacher's two-step sign-in in real Chromium (issue 36): the Security screen takes the
 * password, shows the authenticator's key; the app's code (computed here from that key, RFC 6238)
 * turns it on; after logging out, the password leads to the code step, a wrong code is refused on
 * its field and the right one opens the dashboard. Phone (390 × 844) in Arabic, desktop in English;
 * screenshots/mfa-*.png.
 */
import type { Browser } from 'playwright-core';
import { totpCode } from '../../infra/local/totp';
import { DESKTOP, launchBrowser, newPage, shot } from '../support/browser';
import { makeUser } from '../support/platform';
import { appTookOver, at, waitForPath } from './auth-helpers';
import { tooWide } from './commerce-helpers';

jest.setTimeout(120_000);

const VARIANTS = [
  ['desktop-en', DESKTOP, 'en'],
  ['phone-ar', { width: 390, height: 844 }, 'ar'],
] as const;

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

it.each(VARIANTS)('%s: set up on the Security screen, then sign in with the code', async (tag, viewport, language) => {
  const en = language === 'en';
  const admin = await makeUser({ admin: true, firstName: 'Teacher' });
  const { page, context, errors } = await newPage(browser, { viewport });
  await page.goto(at('/auth/login'));
  await page.evaluate((l) => localStorage.setItem('language', l), language);

  const signIn = async () => {
    await page.goto(at('/auth/login'));
    await appTookOver(page);
    await page.locator('#login-identifier').fill(admin.email);
    await page.locator('#login-password').fill(admin.password);
    await page.locator('form.auth-form button[type="submit"]').click();
  };
  await signIn();
  await waitForPath(page, '/dashboard');

  await page.goto(at('/dashboard/security'));
  await page.locator('input[name="password"]').fill(admin.password);
  await page.locator('.admin-security-page button[type="submit"]').click();
  const secret = (await page.getByTestId('mfa-secret').textContent())!.replace(/\s/g, '');
  expect(secret).toMatch(/^[A-Z2-7]{32}$/);
  expect(await page.getByRole('link', { name: en ? 'Open in the authenticator app' : 'افتح في تطبيق المصادقة' }).getAttribute('href')).toMatch(/^otpauth:\/\/totp\/Bioscope:/);
  expect(await tooWide(page)).toEqual([]);
  await shot(page, `mfa-setup-${tag}`);
  await page.locator('input[name="code"]').fill(totpCode(secret));
  await page.locator('.admin-security-page button[type="submit"]').click();
  await page.locator('.mfa-on').waitFor();

  await page.evaluate(() => localStorage.removeItem('user'));
  await signIn();
  const code = page.locator('#login-mfa-code');
  await code.waitFor();
  expect(await page.locator('.auth-form h1').textContent()).toBe(en ? 'Two-step sign-in' : 'التحقق بخطوتين');
  expect(await tooWide(page)).toEqual([]);
  await shot(page, `mfa-code-${tag}`);
  await code.fill(totpCode(secret, Date.now() - 5 * 60_000));
  await page.locator('form.auth-form button[type="submit"]').click();
  await page.waitForFunction(() => document.querySelector('#login-mfa-code')?.getAttribute('aria-invalid') === 'true');
  await shot(page, `mfa-code-wrong-${tag}`);
  await code.fill(totpCode(secret));
  await page.locator('form.auth-form button[type="submit"]').click();
  await waitForPath(page, '/dashboard');
  // The only refusal the browser logged is the wrong code's 400.
  expect(errors.filter((e) => !e.includes('status of 400'))).toEqual([]);
  await context.close();
});
