/**
 * The teacher's reply in real Chromium: a student sends a message from /contact; the teacher
 * replies under it in the inbox; the student sees the count on "Contact us" (and on the phone's
 * menu button), opens /contact, reads the reply, and the count goes. Screenshots: phone in Arabic
 * and desktop in English, dark and light.
 */
import { copyFileSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { DESKTOP, launchBrowser, PHONE } from '../support/browser';
import { makeUser, type TestUser, uniq } from '../support/platform';
import { at, swalTitle, waitForPath } from './auth-helpers';
import { pageShot, signedInPage, tooWide, type Variant } from './commerce-helpers';

jest.setTimeout(180_000);

const VARIANTS: readonly Variant[] = [
  ['desktop-en-dark', DESKTOP, 'en', 'dark'],
  ['desktop-en-light', DESKTOP, 'en', 'light'],
  ['phone-ar-dark', PHONE, 'ar', 'dark'],
  ['phone-ar-light', PHONE, 'ar', 'light'],
];

/** Also kept outside the repository for the notes when SHOTS_DIR is set. */
async function shot(page: Parameters<typeof pageShot>[0], name: string) {
  await pageShot(page, name);
  const dir = process.env.SHOTS_DIR;
  if (!dir) return;
  mkdirSync(dir, { recursive: true });
  copyFileSync(path.resolve(__dirname, '../../screenshots', `${name}.png`), path.join(dir, `${name}.png`));
}

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
  const phone = viewport === PHONE;
  it('a student sends a message, the teacher replies in the inbox, the student sees the badge and the reply', async () => {
    const subject = uniq(en ? 'Question ' : 'سؤال ');
    const answer = en ? 'The revision is on Sunday at 5 pm.' : 'المراجعة يوم الأحد الساعة ٥ مساءً.';
    const s = await signedInPage(browser, variant);
    await s.page.goto(at('/contact'));
    await s.page.locator('input[name="subject"]').fill(subject);
    await s.page.locator('textarea[name="message"]').fill(en ? 'When is the next live revision?' : 'متى المراجعة القادمة؟');
    await s.page.getByRole('button', { name: en ? 'Send' : 'إرسال', exact: true }).click();
    await swalTitle(s.page, en ? 'send message successfully' : 'تم إرسال الرسالة بنجاح');
    const mine = s.page.getByTestId('my-message').filter({ hasText: subject });
    await mine.getByText(en ? 'No reply yet' : 'لم يصل رد بعد').waitFor();

    const t = await signedInPage(browser, variant, admin, true);
    await t.page.goto(at('/dashboard/messages'));
    const item = t.page.getByTestId('inbox-item').filter({ hasText: subject });
    await item.getByRole('button', { name: en ? 'Reply' : 'رد', exact: true }).click();
    await item.getByLabel(en ? 'Your reply' : 'ردك').fill(answer);
    await item.getByRole('button', { name: en ? 'Send reply' : 'إرسال الرد' }).click();
    await swalTitle(t.page, en ? 'Reply sent' : 'تم إرسال الرد');
    await item.getByTestId('inbox-reply').filter({ hasText: answer }).waitFor();
    expect(await tooWide(t.page)).toEqual([]);
    await shot(t.page, `messages-reply-${tag}-inbox`);
    expect(t.errors).toEqual([]);
    await t.context.close();

    // The student's next page shows the count on "Contact us" (on a phone, on the menu button too).
    await s.page.goto(at('/'));
    const badge = s.page.locator(phone ? '.menu-button [data-testid="replies-badge"]' : '.top-nav-links [data-testid="replies-badge"]');
    await badge.waitFor();
    expect(await badge.textContent()).toBe('1');
    await shot(s.page, `messages-reply-${tag}-badge`);
    if (phone) await s.page.locator('.menu-button').click();
    await s.page.locator('.top-nav-links').getByRole('link', { name: en ? /^Contact us/ : /^تواصل معنا/ }).click();
    await waitForPath(s.page, '/contact');
    await mine.getByTestId('my-message-reply').filter({ hasText: answer }).waitFor();
    await s.page.getByTestId('replies-badge').first().waitFor({ state: 'detached' });
    expect(await tooWide(s.page)).toEqual([]);
    await shot(s.page, `messages-reply-${tag}-contact`);
    expect(s.errors).toEqual([]);
    await s.context.close();
  });
});
