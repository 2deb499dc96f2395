/**
 * Issue 40: a top-up of the balance in real Chromium through the local Paymob sandbox. A student on
 * /profile/wallet asks for N LE, pays by card on the sandbox's checkout, comes back through /temp
 * to the wallet, and sees the balance and the ledger's top-up entry — the credit made once, by the
 * signed settlement, not by the return.
 */
import type { Browser } from 'playwright-core';
import { launchBrowser } from '../support/browser';
import { api } from '../support/platform';
import { at, waitForPath } from './auth-helpers';
import { signedInPage } from './commerce-helpers';

jest.setTimeout(120_000);

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

it.each([
  ['desktop-en-light', { width: 1366, height: 768 }, 'en', 'light', { amount: 'Amount (LE)', go: 'Continue to payment', balance: '75 LE', kind: 'Top-up', credit: '+75 LE' }],
  ['phone-ar-dark', { width: 390, height: 844 }, 'ar', 'dark', { amount: 'المبلغ (ج.م)', go: 'تابع إلى الدفع', balance: '75 ج.م', kind: 'شحن بالدفع', credit: '+75 ج.م' }],
] as const)('%s: a top-up of 75 LE paid by card in the sandbox lands on the wallet: the balance and its ledger entry', async (tag, viewport, language, theme, w) => {
  const { page, context, errors, user } = await signedInPage(browser, [tag, viewport, language, theme]);
  await page.goto(at('/profile/wallet'));
  await page.getByTestId('wallet-balance').waitFor();
  await page.getByLabel(w.amount).fill('75');
  await page.getByRole('button', { name: w.go }).click();

  // The sandbox's checkout: the order of 75.00 EGP; pay by card; back through /temp to the wallet.
  await page.getByText('75.00 EGP').first().waitFor();
  await page.getByRole('button', { name: /Pay by card/ }).click();
  await waitForPath(page, '/temp');
  await waitForPath(page, '/profile/wallet');
  await page.getByTestId('wallet-balance').getByText(w.balance).waitFor();
  const entry = page.getByTestId('wallet-entry');
  await entry.first().waitFor();
  expect(await entry.count()).toBe(1);
  expect(await entry.first().innerText()).toContain(w.kind);
  expect(await entry.first().innerText()).toContain(w.credit);

  // The server holds the same: one top-up of 75, the balance its sum.
  const wallet = await api('GET', '/api/wallet', { token: user.token });
  expect(wallet.body.data).toMatchObject({ balance: 75, entries: [{ kind: 'topUp', amount: 75, balanceAfter: 75 }] });
  expect(errors).toEqual([]);
  await context.close();
});
