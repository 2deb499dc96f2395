/**
 * Contact and the teacher's inbox in real Chromium against the platform: a student sends a message
 * from /contact (the chat link and the teacher's card beside the form); the teacher sees the
 * unread badge on the menu's Messages, opens the inbox (the message marked new, the badge gone),
 * and deletes it with the confirm. Screenshots: phone 360 in Arabic and desktop in English, dark
 * and light.
 */
import type { Browser } from 'playwright-core';
import { DESKTOP, launchBrowser, PHONE } from '../support/browser';
import { makeUser, type TestUser, uniq } from '../support/platform';
import { at, swalTitle, waitForPath } from './auth-helpers';
import { sidewaysOverflow } from './catalogue-helpers';
import { noToast, pageShot, signedInPage, tooWide, type Variant } from './commerce-helpers';

jest.setTimeout(180_000);

const VARIANTS: readonly Variant[] = [
  ['desktop-en-dark', DESKTOP, 'en', 'dark'],
  ['desktop-en-light', DESKTOP, 'en', 'light'],
  ['phone-ar-dark', PHONE, 'ar', 'dark'],
  ['phone-ar-light', PHONE, 'ar', 'light'],
];

let browser: Browser;
let admin: TestUser;
beforeAll(async () => {
  [browser, admin] = await Promise.all([launchBrowser(), makeUser({ admin: true, firstName: 'Teacher' })]);
});
afterAll(async () => {
  await browser?.close();
});

describe.each(VARIANTS)('%s', (...variant) => {
  const [tag, viewport, language] = variant;
  const en = language === 'en';
  it('a student sends a message; the teacher sees it unread with the badge, opens the inbox and deletes it', async () => {
    const subject = uniq(en ? 'Question ' : 'سؤال ');
    const student = await makeUser({ firstName: en ? 'Mona' : 'منى' });
    const s = await signedInPage(browser, variant, student);
    await s.page.goto(at('/contact'));
    await s.page.getByRole('heading', { name: en ? 'Leave Us Message' : 'اترك لنا رسالة' }).waitFor();
    await s.page.getByRole('link', { name: en ? 'Chat with us' : 'تواصل معنا في محادثة' }).waitFor();
    await s.page.getByLabel(en ? 'Subject' : 'الموضوع', { exact: true }).fill(subject);
    await s.page.getByLabel(en ? 'Message' : 'الرسالة', { exact: true }).fill(en ? 'When is the next live revision?' : 'متى المراجعة القادمة؟');
    await s.page.getByRole('button', { name: en ? 'Send' : 'إرسال' }).click();
    await swalTitle(s.page, en ? 'send message successfully' : 'تم إرسال الرسالة بنجاح');
    await noToast(s.page);
    expect(await tooWide(s.page)).toEqual([]);
    expect(await sidewaysOverflow(s.page)).toBeLessThanOrEqual(0);
    await pageShot(s.page, `messages-${tag}-contact`);
    expect(s.errors).toEqual([]);
    await s.context.close();

    const t = await signedInPage(browser, variant, admin, true);
    await t.page.goto(at('/dashboard'));
    const badge = t.page.getByTestId('unread-badge');
    if (viewport === PHONE) await t.page.locator('.admin-menu-button').click();
    await badge.waitFor();
    expect(Number(await badge.textContent())).toBeGreaterThanOrEqual(1);
    await pageShot(t.page, `messages-${tag}-menu-badge`);
    await t.page.locator('.admin-side').getByRole('link', { name: en ? /^Messages/ : /^الرسائل/ }).click();
    await waitForPath(t.page, '/dashboard/messages');
    const item = t.page.getByTestId('inbox-item').filter({ hasText: subject });
    await item.waitFor();
    expect(await item.getAttribute('class')).toContain('is-unread');
    expect(await item.textContent()).toContain(en ? 'Mona User' : 'منى User');
    // Opening the inbox marks it read: the badge goes.
    if (viewport === PHONE) await t.page.locator('.admin-menu-button').click();
    await badge.waitFor({ state: 'detached' });
    if (viewport === PHONE) await t.page.locator('.admin-menu-button').click();
    expect(await tooWide(t.page)).toEqual([]);
    await pageShot(t.page, `messages-${tag}-inbox`);
    await item.getByRole('button', { name: en ? 'Delete message' : 'حذف الرسالة' }).click();
    await t.page.locator('.swal2-popup:not(.swal2-toast) .swal2-confirm').click();
    await swalTitle(t.page, en ? 'Deleted Succesfully' : 'تم الحذف بنجاح');
    await item.waitFor({ state: 'detached' });
    expect(t.errors).toEqual([]);
    await t.context.close();
  });
});
