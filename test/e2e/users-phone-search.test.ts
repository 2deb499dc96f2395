/**
 * Journey: a student signs up through the web form on a phone in Arabic, typing the mobile number in
 * Arabic-Indic digits; the teacher (desktop, English) finds them in the Users screen by the number
 * as Egyptians write it, by its first digits and with +20.
 */
import type { Page } from 'playwright-core';
import { DESKTOP, launchBrowser, newPage, PHONE } from '../support/browser';
import { makeUser, type TestUser } from '../support/platform';
import { at, mailTo, PASSWORD, uniqueEmail, waitForPath, signUpsFromOwnAddress } from './auth-helpers';
import { signedInPage } from './commerce-helpers';

jest.setTimeout(120_000);

const arabicDigits = (s: string) => s.replace(/\d/g, (d) => String.fromCharCode(0x660 + Number(d)));

/** Types into the search and returns the e-mails of the rows it shows. */
async function searchFor(page: Page, text: string): Promise<string[]> {
  const searched = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/admin/allusers' && new URL(r.url()).searchParams.get('search') === text);
  await page.locator('input[type="search"]').fill(text);
  await (await searched).finished();
  await page.waitForFunction(() => !document.querySelector('[aria-busy="true"]'));
  return page.getByTestId('user-row').allTextContents();
}

it('a student who typed the phone in Arabic-Indic digits on the form is found by 01…, its first digits and +20…', async () => {
  const browser = await launchBrowser();
  try {
    const admin: TestUser = await makeUser({ admin: true, firstName: 'Teacher' });
    // A number only this run has: 0101 then 7 random digits.
    const mobile = `0101${String(Math.floor(Math.random() * 1e7)).padStart(7, '0')}`;
    // A long name and e-mail, as many students have: with the phone, more than the 16 tokens a user is indexed by.
    const email = `mohamed_ahmed.abdelrahman-elsayed.${uniqueEmail('arabic-phone').replace('@', '.2008@students.school.')}`;

    const { page, context } = await newPage(browser, { viewport: PHONE });
    await signUpsFromOwnAddress(page);
    await page.goto(at('/auth/registeration'));
    await page.evaluate(() => localStorage.setItem('language', 'ar'));
    await page.reload();
    await page.getByLabel('الاسم الأول').fill('محمد أحمد محمود');
    await page.getByLabel('اسم العائلة').fill('عبد الرحمن السيد علي');
    await page.getByLabel('البريد الإلكتروني', { exact: true }).fill(email);
    await page.getByLabel('كلمة المرور', { exact: true }).fill(PASSWORD);
    await page.getByLabel('تأكيد كلمة المرور', { exact: true }).fill(PASSWORD);
    await page.getByLabel('رقم الموبايل').pressSequentially(arabicDigits(mobile));
    await page.getByLabel('الصف الدراسي').selectOption('Second year');
    await page.getByRole('button', { name: 'إنشاء حساب', exact: true }).click();
    await waitForPath(page, '/auth/login');
    await mailTo(email, (m) => !!m.link);
    await context.close();

    const teacher = await signedInPage(browser, ['desktop-en-light', DESKTOP, 'en', 'light'], admin, true);
    await teacher.page.goto(at('/dashboard/users'));
    await teacher.page.getByTestId('user-row').first().waitFor();
    const found: Record<string, boolean> = {};
    for (const text of [mobile, '0101', `+20${mobile.slice(1)}`, `+20 ${mobile.slice(1, 4)} ${mobile.slice(4)}`, arabicDigits(mobile)]) {
      found[text] = (await searchFor(teacher.page, text)).some((row) => row.includes(email));
    }
    expect(found).toEqual({ [mobile]: true, '0101': true, [`+20${mobile.slice(1)}`]: true, [`+20 ${mobile.slice(1, 4)} ${mobile.slice(4)}`]: true, [arabicDigits(mobile)]: true });
    await teacher.context.close();
  } finally {
    await browser.close();
  }
});
