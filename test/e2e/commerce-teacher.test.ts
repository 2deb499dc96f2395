/**
 * The teacher's commerce screens in real Chromium against the platform: coupons made through the
 * form (with an expiry, a use limit, once per student and a course), a duplicate code refused on
 * its field, a delete with the Arabic confirm and 'تم الحذف!'; the lecture form's access period;
 * the sales page showing a sale a student made through the local Paymob sandbox (a 30 % coupon,
 * a card), a kiosk order still pending and a declined one, with the CSV. Screenshots: phone 360 in
 * Arabic and desktop in English, dark and light.
 */
import { readFileSync } from 'node:fs';
import type { Browser } from 'playwright-core';
import { DESKTOP, launchBrowser, PHONE } from '../support/browser';
import { api, makeUser, type TestUser, uniq } from '../support/platform';
import { at, swalTitle, waitForPath } from './auth-helpers';
import { FIRST_TERM, GENERAL, makeCourse, type OwnCourse, sidewaysOverflow } from './catalogue-helpers';
import { makeCoupon, makePaidLecture, noToast, pageShot, payInSandbox, signedInPage, tooWide, type Variant, viewShot } from './commerce-helpers';

jest.setTimeout(120_000);

const VARIANTS: readonly Variant[] = [
  ['desktop-en-dark', DESKTOP, 'en', 'dark'],
  ['desktop-en-light', DESKTOP, 'en', 'light'],
  ['phone-ar-dark', PHONE, 'ar', 'dark'],
  ['phone-ar-light', PHONE, 'ar', 'light'],
];

let browser: Browser;
let admin: TestUser;
let buyer: TestUser;
let course: OwnCourse;
let lecture: { id: string; name: string };
const SALE = uniq('SALE');

/** A student's orders through the API and the sandbox: paid by card with a 30 % coupon, a kiosk order pending, a declined card. */
async function makeSales() {
  const intention = async (student: TestUser, couponCode?: string) => {
    const r = await api('POST', `/api/user/payment-intention/${lecture.id}`, { token: student.token, json: couponCode ? { couponCode } : {} });
    if (r.status !== 200 && r.status !== 201) throw new Error(`payment-intention: ${r.status} ${JSON.stringify(r.body)}`);
    return r.body.paymentUrl as string;
  };
  buyer = await makeUser({ firstName: 'Buyer' });
  const [kiosk, declined] = await Promise.all([makeUser({ firstName: 'Kiosk' }), makeUser({ firstName: 'Declined' })]);
  expect(await payInSandbox(await intention(buyer, SALE), 'card')).toContain('/api/payments/paymob/return');
  await payInSandbox(await intention(kiosk), 'kiosk');
  await payInSandbox(await intention(declined), 'declined');
}

beforeAll(async () => {
  [browser, admin] = await Promise.all([launchBrowser(), makeUser({ admin: true, firstName: 'Teacher' })]);
  course = await makeCourse(admin, 'Coupon course ');
  lecture = await makePaidLecture(admin, course, { name: uniq('Sold lecture '), price: 300, accessDays: 60 });
  await makeCoupon(admin, { code: SALE, discount: 30 });
  await makeSales();
});
afterAll(async () => {
  await browser?.close();
});

const adminPage = (variant: Variant) => signedInPage(browser, variant, admin, true);

describe('the teacher', () => {
  it.each(VARIANTS)('%s: makes a coupon with its limits, is refused a duplicate, deletes it', async (...variant) => {
    const [tag, , language] = variant;
    const en = language === 'en';
    const { page, context, errors } = await adminPage(variant);
    await page.goto(at('/dashboard'));
    // The admin menu (on a phone, behind its button) has Coupons.
    if (variant[1] === PHONE) await page.locator('.admin-menu-button').click();
    await page.getByRole('navigation').getByRole('link', { name: en ? 'Coupons' : 'الكوبونات', exact: true }).click();
    await waitForPath(page, '/dashboard/Cuppons');
    await page.getByRole('heading', { name: en ? 'Coupons' : 'الكوبونات', level: 1 }).waitFor();

    const code = uniq('Eid');
    await page.getByLabel(en ? 'Coupon code' : 'كود الكوبون').fill(code);
    await page.getByLabel(en ? 'Discount (%)' : 'نسبة الخصم (%)').fill('25');
    await page.getByText(en ? 'Limits (optional)' : 'قيود (اختياري)').click();
    const inTen = new Date(Date.now() + 10 * 86_400_000);
    const day = `${inTen.getFullYear()}-${String(inTen.getMonth() + 1).padStart(2, '0')}-${String(inTen.getDate()).padStart(2, '0')}`;
    await page.getByLabel(en ? 'Expiry date' : 'تاريخ الانتهاء', { exact: false }).fill(day);
    await page.getByLabel(en ? 'Total uses' : 'عدد مرات الاستخدام', { exact: false }).fill('5');
    // The library's checkbox draws its own box: a person taps its label.
    await page.locator('label.amplify-checkbox', { hasText: en ? 'Once per student' : 'مرة واحدة لكل طالب' }).click();
    await page.locator('label.amplify-checkbox', { hasText: course.name }).click();
    expect(await page.getByRole('checkbox', { name: course.name }).isChecked()).toBe(true);
    expect(await tooWide(page)).toEqual([]);
    await pageShot(page, `commerce-${tag}-coupon-form`);
    const created = page.waitForResponse((r) => r.url().endsWith('/api/Coupan/create'));
    await page.getByRole('button', { name: en ? 'Add coupon' : 'إضافة الكوبون' }).click();
    expect((await created).status()).toBe(201);
    const row = page.getByTestId('coupon-row').filter({ hasText: code });
    await row.waitFor();
    const rowText = (await row.textContent())!;
    expect(rowText).toContain('25%');
    expect(rowText).toContain('0 / 5');
    expect(rowText).toContain(course.name);

    // The same code in another letter case: refused on the code field.
    await page.getByLabel(en ? 'Coupon code' : 'كود الكوبون').fill(code.toUpperCase());
    await page.getByLabel(en ? 'Discount (%)' : 'نسبة الخصم (%)').fill('10');
    await page.getByRole('button', { name: en ? 'Add coupon' : 'إضافة الكوبون' }).click();
    await page.getByText(en ? 'A coupon with this code already exists' : 'يوجد كوبون بنفس الكود بالفعل').waitFor();
    await noToast(page);
    await pageShot(page, `commerce-${tag}-coupons`);
    expect(await tooWide(page)).toEqual([]);
    expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);

    // Delete: the confirm, then 'تم الحذف!'; the row goes.
    await row.getByRole('button', { name: en ? `Delete coupon ${code}` : `حذف الكوبون ${code}` }).click();
    await swalTitle(page, en ? 'Delete this coupon?' : 'هل أنت متأكد من حذف الكوبون؟');
    await viewShot(page, `commerce-${tag}-coupon-delete-confirm`);
    await page.locator('.swal2-popup:not(.swal2-toast) .swal2-confirm').click();
    await swalTitle(page, 'تم الحذف!');
    await row.waitFor({ state: 'detached' });
    // The duplicate's 409 is the browser's only complaint.
    expect(errors.filter((e) => !e.includes('status of 409'))).toEqual([]);
    await context.close();
  });

  it.each(VARIANTS)('%s: sees the sale on the sales page and downloads the orders', async (...variant) => {
    const [tag, , language] = variant;
    const en = language === 'en';
    const { page, context, errors } = await adminPage(variant);
    await page.goto(at('/dashboard/sales'));
    await page.getByRole('heading', { name: en ? 'Sales' : 'المبيعات', level: 1 }).waitFor();
    const order = page.getByTestId('order-row').filter({ hasText: buyer.email });
    await order.waitFor();
    const orderText = (await order.textContent())!;
    expect(orderText).toContain(`210 ${en ? 'LE' : 'ج.م'}`);
    expect(orderText).toContain(SALE);
    expect(orderText).toContain(en ? 'Paid' : 'مدفوع');
    expect(orderText).toContain(en ? 'Card' : 'بطاقة');
    expect(await page.getByTestId('order-row').filter({ hasText: lecture.name }).count()).toBeGreaterThanOrEqual(3);
    expect(await page.getByTestId('lecture-sales-row').filter({ hasText: lecture.name }).textContent()).toContain(`210 ${en ? 'LE' : 'ج.م'}`);
    expect(await page.getByTestId('coupon-use-row').filter({ hasText: SALE }).textContent()).toContain(`90 ${en ? 'LE' : 'ج.م'}`);
    expect(await page.locator('.revenue-bar').count()).toBe(30);
    expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);
    expect(await tooWide(page)).toEqual([]);
    await pageShot(page, `commerce-${tag}-sales`);

    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: en ? 'Download CSV' : 'تنزيل CSV' }).click()]);
    expect(download.suggestedFilename()).toMatch(/^sales-\d{4}-\d{2}-\d{2}-to-\d{4}-\d{2}-\d{2}\.csv$/);
    const csv = readFileSync((await download.path())!, 'utf8');
    expect(csv.charCodeAt(0)).toBe(0xfeff);
    const line = csv.split('\r\n').find((l) => l.includes(buyer.email))!;
    expect(line).toContain(`${SALE},30,210`);
    expect(errors).toEqual([]);
    await context.close();
  });

  it.each([VARIANTS[0]!, VARIANTS[3]!])('%s: sets a lecture\'s access period on the lecture form', async (...variant) => {
    const [tag, , language] = variant;
    const en = language === 'en';
    const { page, context, errors } = await adminPage(variant);
    await page.goto(at('/dashboard'));
    const card = page.getByTestId('grade-card').filter({ has: page.getByRole('heading', { name: course.name, exact: true }) });
    await card.locator('.grade-card-face').click();
    await card.getByRole('link', { name: GENERAL, exact: true }).click();
    await waitForPath(page, '/dashboard/terms');
    await page.getByRole('link', { name: new RegExp(`^${FIRST_TERM}`) }).click();
    await waitForPath(page, '/dashboard/section');
    await page.getByRole('link', { name: 'شرح محاضرات', exact: true }).first().click();
    await waitForPath(page, '/dashboard/preview');
    await page.getByTestId('lecture-card').filter({ hasText: lecture.name }).getByRole('button', { name: en ? 'Edit' : 'تعديل' }).click();
    const dialog = page.getByRole('dialog');
    const days = dialog.getByLabel(en ? 'Access period (days)' : 'مدة الوصول (بالأيام)');
    expect(await days.inputValue()).toBe('60');
    await days.fill('90');
    await days.scrollIntoViewIfNeeded();
    await viewShot(page, `commerce-${tag}-lecture-access`);
    const saved = page.waitForResponse((r) => r.url().endsWith(`/api/AWS/lectures/${lecture.id}`) && r.request().method() === 'PATCH');
    await dialog.getByRole('button', { name: en ? 'Save' : 'حفظ', exact: true }).click();
    expect((await saved).status()).toBe(200);
    const after = await api('GET', `/api/cours/lectureaaa/${lecture.id}`, { token: admin.token });
    expect(after.body.data.accessDays).toBe(90);
    await days.waitFor({ state: 'detached' });
    // Back to 60 for the other variant.
    const form = new FormData();
    form.append('accessDays', '60');
    await api('PATCH', `/api/AWS/lectures/${lecture.id}`, { token: admin.token, form });
    expect(errors).toEqual([]);
    await context.close();
  });
});

