/**
 * Issue 40 in Chromium against the real platform: the teacher makes a batch of recharge codes on
 * /dashboard/codes and prints it (the sheet as a PDF: A4 pages of 24 cards); a student on a phone in
 * Arabic opens a card's QR link, redeems the code, is told a wrong code and a used code apart, and
 * buys a lecture from the balance on /pay. Screenshots of each screen: phone Arabic and desktop
 * English, dark and light.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { checkSymbolOf, formatRechargeCode } from '../../shared/recharge-code';
import { browserForFile } from '../support/browser';
import { api, makeUser, type TestUser, uniq } from '../support/platform';
import { at, waitForPath } from './auth-helpers';
import { makeCourse, type OwnCourse, sidewaysOverflow } from './catalogue-helpers';
import { makePaidLecture, noToast, openPay, pageShot, signedInPage, tooWide, type Variant } from './commerce-helpers';

const browser = browserForFile();
const PHONE_AR_DARK: Variant = ['phone-ar-dark', { width: 390, height: 844 }, 'ar', 'dark'];
const VARIANTS: Variant[] = [PHONE_AR_DARK, ['phone-ar-light', { width: 390, height: 844 }, 'ar', 'light'], ['desktop-en-dark', { width: 1366, height: 768 }, 'en', 'dark'], ['desktop-en-light', { width: 1366, height: 768 }, 'en', 'light']];

let admin: TestUser;
let course: OwnCourse;
let lecture: { id: string; name: string };

/** A batch made through the API, and its codes in clear from its CSV. */
async function makeBatch(body: Record<string, unknown>) {
  const made = await api('POST', '/api/admin/codes/batches', { token: admin.token, json: body });
  if (made.status !== 201) throw new Error(`create batch: ${made.status} ${JSON.stringify(made.body)}`);
  const batch = made.body.data as { id: string; label: string };
  const csv = await api<string>('GET', `/api/admin/codes/batches/${batch.id}/codes.csv`, { token: admin.token });
  const codes = [...String(csv.body).matchAll(/[0-9A-Z]{4}-[0-9A-Z]{4}-[0-9A-Z]{4}-[0-9A-Z]/g)].map((m) => m[0]);
  return { ...batch, codes };
}

/** A well-formed code (its check symbol holds) that no batch has. */
const unknownCode = () => {
  const body = Array.from({ length: 12 }, (_, i) => '0123456789ABCDEFGHJKMNPQRSTVWXYZ'[(i * 7 + Date.now()) % 32]).join('');
  return formatRechargeCode(body + checkSymbolOf(body));
};

const pdfPages = (pdf: Buffer) => (pdf.toString('latin1').match(/\/Type\s*\/Page(?![s\w])/g) ?? []).length;

beforeAll(async () => {
  admin = await makeUser({ admin: true, firstName: 'Teacher' });
  course = await makeCourse(admin, 'Wallet course ');
  lecture = await makePaidLecture(admin, course, { name: uniq('محاضرة الرصيد '), price: 150, accessDays: 30, videos: 1 });
}, 240_000);

it('the teacher creates a batch, sees it counted, and prints it: A4 pages of 24 cards', async () => {
  const t = await signedInPage(browser(), ['desktop-en-light', { width: 1366, height: 768 }, 'en', 'light'], admin, true);
  const label = uniq('Maktabat El-Nour ');
  await t.page.goto(at('/dashboard/codes'));
  await t.page.getByLabel('Number of codes').fill('30');
  await t.page.getByLabel('Value (LE)').fill('100');
  await t.page.getByLabel('Where it is sold').fill(label);
  await t.page.getByRole('button', { name: 'Create batch' }).click();
  const row = t.page.getByTestId('batch-row').filter({ hasText: label });
  await row.getByTestId('batch-redeemed').filter({ hasText: '0 of 30' }).waitFor();
  await row.getByRole('link', { name: `Print: ${label}` }).click();
  await t.page.getByTestId('sheet-page').nth(1).waitFor();
  expect(await t.page.getByTestId('sheet-page').count()).toBe(2);
  expect(await t.page.getByTestId('code-card').count()).toBe(30);
  expect(await t.page.getByTestId('sheet-page').first().getByTestId('code-card').count()).toBe(24);
  const firstCode = (await t.page.getByTestId('card-code').first().textContent())!;
  expect(firstCode).toMatch(/^[0-9A-Z]{4}-[0-9A-Z]{4}-[0-9A-Z]{4}-[0-9A-Z]$/);
  expect(await t.page.locator('.code-card-qr').first().getAttribute('aria-label')).toBe(at(`/profile/wallet?code=${firstCode}`));

  // Printed: only the pages, one A4 sheet each.
  await t.page.emulateMedia({ media: 'print' });
  const pdf = await t.page.pdf({ format: 'A4', printBackground: true, preferCSSPageSize: true });
  expect(pdfPages(pdf)).toBe(2);
  const dir = path.resolve(__dirname, '../../screenshots');
  mkdirSync(dir, { recursive: true });
  writeFileSync(path.join(dir, 'w-print-sheet.pdf'), pdf);
  expect(await t.page.locator('.print-toolbar').isVisible()).toBe(false);
  await t.page.getByTestId('sheet-page').first().screenshot({ path: path.join(dir, 'w-print-page-1.png') });
  expect(t.errors).toEqual([]);
  await t.context.close();
}, 120_000);

it('a student on a phone in Arabic redeems a card by its QR link, is told a wrong and a used code, and buys a lecture from the balance', async () => {
  const batch = await makeBatch({ count: 2, value: 200, label: uniq('مكتبة النور ') });
  const s = await signedInPage(browser(), PHONE_AR_DARK);
  await s.page.goto(at(`/profile/wallet?code=${batch.codes[0]!.toLowerCase()}`));
  await s.page.getByTestId('redeem-hint').filter({ hasText: `يُقرأ هكذا: ${batch.codes[0]}` }).waitFor();
  await s.page.getByRole('button', { name: 'اشحن' }).click();
  await s.page.locator('.swal2-title').filter({ hasText: 'تمت إضافة 200 ج.م إلى رصيدك' }).waitFor();
  await s.page.getByTestId('wallet-balance').filter({ hasText: '200 ج.م' }).waitFor();
  await s.page.getByTestId('wallet-entry').filter({ hasText: 'كود شحن' }).waitFor();
  await noToast(s.page);

  const box = s.page.getByLabel(/كود الشحن/);
  // A typo (one symbol changed): caught by the check symbol before anything is sent.
  const typo = batch.codes[1]!.slice(0, 5) + (batch.codes[1]![5] === 'A' ? 'B' : 'A') + batch.codes[1]!.slice(6);
  await box.fill(typo);
  await s.page.getByTestId('redeem-hint').filter({ hasText: 'الكود مكتوب بشكل خاطئ' }).waitFor();
  // A well-formed code no batch has: 404.
  await box.fill(unknownCode());
  await s.page.getByRole('button', { name: 'اشحن' }).click();
  await s.page.getByRole('alert').filter({ hasText: 'لا يوجد كود بهذا الرقم' }).waitFor();
  // The code already redeemed: 409.
  await box.fill(batch.codes[0]!);
  await s.page.getByRole('button', { name: 'اشحن' }).click();
  await s.page.getByRole('alert').filter({ hasText: 'تم استخدام هذا الكود من قبل' }).waitFor();
  expect(await sidewaysOverflow(s.page)).toBeLessThanOrEqual(0);

  // The top bar shows the balance; /pay offers it beside Paymob.
  await openPay(s.page, course, lecture.name);
  await s.page.getByText('ادفع من رصيدي (200 ج.م)').click();
  await s.page.getByRole('button', { name: 'اشترِ بـ 150 ج.م من رصيدي' }).click();
  await waitForPath(s.page, '/profile/lecPay');
  await s.page.getByText(lecture.name).first().waitFor();
  const wallet = await api('GET', '/api/wallet', { token: s.user.token });
  expect(wallet.body.data.balance).toBe(50);
  expect(s.errors.filter((e) => !/status of (404|409)/.test(e))).toEqual([]);
  await s.context.close();
}, 120_000);

it('screens in both languages and themes: the wallet, /pay with the balance, the codes, the sheet, a student, the sales', async () => {
  const batch = await makeBatch({ count: 26, value: 100, label: uniq('Maktabat El-Nour ') });
  const student = await makeUser({ firstName: 'Mona' });
  const redeemed = await api('POST', '/api/wallet/redeem', { token: student.token, json: { code: batch.codes[0] } });
  expect(redeemed.status).toBe(200);
  await api('POST', `/api/admin/users/${student.id}/wallet`, { token: admin.token, json: { amount: 20, reason: 'Prize' } });
  for (const variant of VARIANTS) {
    const [tag] = variant;
    // A phone page does not scroll sideways (the printed sheet's A4 pages scroll in their own box).
    const fits = async (page: Page) => expect(tag.startsWith('phone') ? await tooWide(page) : []).toEqual([]);
    const s = await signedInPage(browser(), variant, student);
    await s.page.goto(at('/profile/wallet'));
    await s.page.getByTestId('wallet-entry').nth(1).waitFor();
    await fits(s.page);
    await pageShot(s.page, `w-wallet-${tag}`);
    await openPay(s.page, course, lecture.name);
    await s.page.locator('.pay-way').waitFor();
    await fits(s.page);
    await pageShot(s.page, `w-pay-balance-${tag}`);
    await s.context.close();

    const t = await signedInPage(browser(), variant, admin, true);
    await t.page.goto(at('/dashboard/codes'));
    await t.page.getByTestId('batch-row').first().waitFor();
    await fits(t.page);
    await pageShot(t.page, `w-codes-${tag}`);
    await t.page.goto(at(`/dashboard/codes/${batch.id}/print`));
    await t.page.getByTestId('sheet-page').nth(1).waitFor();
    await pageShot(t.page, `w-print-${tag}`);
    await t.page.goto(at(`/dashboard/users/${student.id}`));
    await t.page.getByTestId('user-wallet-balance').waitFor();
    await t.page.getByTestId('user-wallet-balance').scrollIntoViewIfNeeded();
    await fits(t.page);
    await pageShot(t.page, `w-user-wallet-${tag}`);
    await t.page.goto(at('/dashboard/sales'));
    await t.page.getByTestId('code-sales-row').first().waitFor();
    await fits(t.page);
    await pageShot(t.page, `w-sales-${tag}`);
    await t.context.close();
  }
}, 300_000);
