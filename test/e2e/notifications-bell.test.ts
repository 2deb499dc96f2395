/**
 * The student's bell in real Chromium: the teacher adds a lecture under a course of the student's
 * school year; the student's bell shows 1, opens on the lecture (a popover on a desktop, a sheet on a
 * phone), the student follows it to the lecture and the count goes to 0. Then the notification
 * settings on /profile. Screenshots: phone in Arabic and desktop in English, dark and light
 * (SHOTS_DIR, else the ignored screenshots/).
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser } from '../support/browser';
import { api, makeUser, setUserFields, type TestUser } from '../support/platform';
import { at, waitForPath } from './auth-helpers';
import { makeCourse, type OwnCourse, settled } from './catalogue-helpers';
import { makePaidLecture, noToast, pageShot, SHOTS_DIR, signedInPage, tooWide, VARIANTS } from './commerce-helpers';

jest.setTimeout(300_000);

let browser: Browser;
let admin: TestUser;
let course: OwnCourse;
let videoKeys: string[] | undefined;
beforeAll(async () => {
  [browser, admin] = await Promise.all([launchBrowser(), makeUser({ admin: true, firstName: 'Teacher' })]);
  course = await makeCourse(admin, 'Bell course ');
  const form = new FormData();
  form.append('schooleYear', 'Second year');
  const r = await api('PUT', `/api/cours/${course.id}`, { token: admin.token, form });
  if (r.status !== 200) throw new Error(`update course: ${r.status} ${JSON.stringify(r.body)}`);
});
afterAll(async () => {
  await browser?.close();
});

/** What the screen shows (the bell and its list sit at the top: a full page would shrink them). */
async function screenShot(page: Page, name: string) {
  await settled(page);
  mkdirSync(SHOTS_DIR, { recursive: true });
  await page.screenshot({ path: path.join(SHOTS_DIR, `${name}.png`), animations: 'disabled' });
}

describe.each(VARIANTS)('%s', (...variant) => {
  const [tag, viewport, language] = variant;
  const en = language === 'en';
  const phone = viewport.width < 600;
  it("the teacher adds a lecture for the student's year: the bell shows 1, opens on it, and the count goes to 0", async () => {
    const student = await makeUser({ firstName: 'Student' });
    await setUserFields(student.id, { schooleYear: 'Second year' });
    const s = await signedInPage(browser, variant, student);
    await s.page.goto(at('/'));
    const bell = s.page.getByTestId('notification-bell');
    await bell.waitFor();
    expect(await s.page.getByTestId('notifications-badge').count()).toBe(0);

    const lecture = await makePaidLecture(admin, course, { name: en ? `Genetics ${tag}` : `الوراثة ${tag}`, videos: 1, videoKeys });
    videoKeys = lecture.videoKeys;

    // The next page the student opens asks again.
    await s.page.goto(at('/'));
    const badge = s.page.getByTestId('notifications-badge');
    await badge.waitFor();
    expect(await badge.textContent()).toBe('1');
    expect(await bell.getAttribute('aria-label')).toBe(en ? '1 unread notification' : 'إشعار واحد غير مقروء');
    await screenShot(s.page, `n-bell-${tag}`);

    await bell.click();
    const panel = s.page.getByRole('dialog', { name: en ? 'Notifications' : 'الإشعارات' });
    const item = panel.getByRole('link', { name: new RegExp(lecture.name) });
    await item.waitFor();
    expect((await item.textContent())!.replace(/[\u2068\u2069]/g, '')).toContain(en ? `New lecture in ${course.name}: ${lecture.name}` : `محاضرة جديدة في ${course.name}: ${lecture.name}`);
    const box = (await panel.boundingBox())!;
    // A sheet across the phone's width; a popover on a desktop.
    if (phone) expect(Math.round(box.width)).toBe(viewport.width);
    else expect(box.width).toBeLessThan(500);
    expect(await tooWide(s.page)).toEqual([]);
    await screenShot(s.page, `n-bell-list-${tag}`);

    // The list shows it read at once; the server is told beside it (a reload before it answers would drop it).
    const told = s.page.waitForResponse((r) => r.url().endsWith('/api/user/notifications/read') && r.request().method() === 'POST');
    await item.click();
    await waitForPath(s.page, `/lec/${lecture.id}`);
    await badge.waitFor({ state: 'detached' });
    expect((await told).status()).toBe(200);
    expect(await bell.getAttribute('aria-label')).toBe(en ? 'Notifications' : 'الإشعارات');
    // It stays read on the next load.
    await s.page.goto(at('/'));
    await bell.waitFor();
    await s.page.waitForLoadState('networkidle');
    expect(await s.page.getByTestId('notifications-badge').count()).toBe(0);
    expect(s.errors).toEqual([]);
    await s.context.close();
  });

  it('the notification settings on /profile: e-mail on, WhatsApp off until turned on', async () => {
    const s = await signedInPage(browser, variant);
    await s.page.goto(at('/profile'));
    const card = s.page.getByTestId('notification-settings');
    const whatsapp = card.getByRole('checkbox', { name: en ? /WhatsApp/ : /واتساب/ });
    await whatsapp.waitFor();
    expect(await card.getByRole('checkbox', { name: en ? /E-mail/ : /البريد الإلكتروني/ }).isChecked()).toBe(true);
    expect(await whatsapp.isChecked()).toBe(false);
    await whatsapp.click();
    // Checked once the server has answered (the switch shows what is saved).
    await s.page.waitForFunction(() => (document.querySelectorAll<HTMLInputElement>('[data-testid="notification-settings"] input[type="checkbox"]')[1]?.checked ?? false));
    const saved = await api('GET', '/api/user/notification-settings', { token: s.user.token });
    expect(saved.body).toEqual({ data: { email: true, whatsapp: true } });
    expect(await tooWide(s.page)).toEqual([]);
    await noToast(s.page);
    await pageShot(s.page, `n-profile-settings-${tag}`);
    expect(s.errors).toEqual([]);
    await s.context.close();
  });
});
