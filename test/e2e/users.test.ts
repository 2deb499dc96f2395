/**
 * People in real Chromium against the platform: a student edits the profile and changes the
 * password (the old one no longer signs in, the new one does); the teacher finds the student by
 * phone (a leading 0), blocks (the student's next call shows the server's message and logs out),
 * unblocks, grants a paid lecture through the assign modal (it plays for the student), opens the
 * student's page, and deletes a user. Screenshots: phone 360 in Arabic and desktop in English,
 * dark and light.
 */
import type { Browser, Page } from 'playwright-core';
import { DESKTOP, launchBrowser, PHONE } from '../support/browser';
import { api, makeUser, platform, setUserFields, type TestUser, uniq } from '../support/platform';
import { at, swalTitle, waitForPath } from './auth-helpers';
import { FIRST_TERM, GENERAL, makeCourse, type OwnCourse, pressPlay, sidewaysOverflow } from './catalogue-helpers';
import { makePaidLecture, noToast, pageShot, signedInPage, tooWide, type Variant, viewShot } from './commerce-helpers';

jest.setTimeout(180_000);

const VARIANTS: readonly Variant[] = [
  ['desktop-en-dark', DESKTOP, 'en', 'dark'],
  ['desktop-en-light', DESKTOP, 'en', 'light'],
  ['phone-ar-dark', PHONE, 'ar', 'dark'],
  ['phone-ar-light', PHONE, 'ar', 'light'],
];
const NEW_PASSWORD = 'NewPassw0rd9';

let browser: Browser;
let admin: TestUser;
let course: OwnCourse;
let lecture: { id: string; name: string };

/** The repositories in this process, on the platform's table (as the users integration test does). */
async function repo() {
  const p = platform();
  Object.assign(process.env, { TABLE_NAME: p.tableName, DYNAMODB_ENDPOINT: p.dynamoEndpoint, AWS_REGION: 'eu-central-1', AWS_ACCESS_KEY_ID: 'S3RVER', AWS_SECRET_ACCESS_KEY: 'S3RVER', AWS_MAX_ATTEMPTS: '1' });
  return import('../../functions/data/user-repo');
}

/** A student who can sign in, with a phone and a school year, findable by the search (its tokens written as sign-up writes them). */
async function student(firstName: string, lastName = `Hassan ${uniq('').slice(-5)}`) {
  const u = await makeUser({ firstName });
  const mobileNumber = `+2010${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`;
  const r = await repo();
  const before = (await r.userById(u.id))!;
  await setUserFields(u.id, { lastName, mobileNumber, schooleYear: 'Second year' });
  await (await import('../../functions/data/user-search-repo')).reindexUser(before, (await r.userById(u.id))!);
  return { ...u, firstName, lastName, mobileNumber };
}

beforeAll(async () => {
  [browser, admin] = await Promise.all([launchBrowser(), makeUser({ admin: true, firstName: 'Teacher' })]);
  course = await makeCourse(admin, 'People course ');
  lecture = await makePaidLecture(admin, course, { name: uniq('Granted lecture '), price: 250, accessDays: 45 });
});
afterAll(async () => {
  await browser?.close();
});

const login = (identifier: string, password: string) => api('POST', '/api/auth/login', { json: { identifier, password } });

describe('the student', () => {
  it.each(VARIANTS)('%s: my account, then the edit form with its hint and the live rules', async (...variant) => {
    const [tag, , language] = variant;
    const en = language === 'en';
    const s = await student('Mona');
    const { page, context, errors } = await signedInPage(browser, variant, s);
    await page.goto(at('/profile'));
    await page.getByTestId('profile-email').waitFor();
    expect(await page.getByTestId('profile-phone').textContent()).toBe(s.mobileNumber.replace('+20', '0'));
    expect(await tooWide(page)).toEqual([]);
    await pageShot(page, `users-${tag}-profile`);
    await page.locator('.profile-page').getByRole('link', { name: en ? 'Edit profile' : 'تعديل الحساب' }).click();
    await waitForPath(page, '/profile/edit');
    const first = page.getByLabel(en ? 'First name' : 'الاسم الأول');
    await page.waitForFunction(() => (document.querySelector('input[name="firstName"]') as HTMLInputElement | null)?.value === 'Mona');
    expect(await first.inputValue()).toBe('Mona');
    const fresh = page.getByLabel(en ? 'New password' : 'كلمة المرور الجديدة', { exact: true });
    await fresh.fill('abc1');
    // Enter submits (a click would first blur the field, whose message then moves the button).
    await fresh.press('Enter');
    // One password field filled asks for the other two (the group rule), on their fields.
    await page.locator('input[name="Password"][aria-invalid="true"]').waitFor();
    expect(await tooWide(page)).toEqual([]);
    expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);
    await pageShot(page, `users-${tag}-profile-edit`);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('edits the names, then changes the password: the old one no longer signs in, the new one does', async () => {
    const s = await student('Mona');
    const { page, context, errors } = await signedInPage(browser, VARIANTS[0]!, s);
    await page.goto(at('/profile/edit'));
    await page.waitForFunction(() => (document.querySelector('input[name="firstName"]') as HTMLInputElement | null)?.value === 'Mona');
    // Names only: the three password fields stay empty.
    await page.getByLabel('Last name').fill('Farouk');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await swalTitle(page, 'تم التحديث بنجاح');
    await noToast(page);
    // A wrong current password shows on its field.
    await page.getByLabel('Current password', { exact: true }).fill('Wrong1234');
    await page.getByLabel('New password', { exact: true }).fill(NEW_PASSWORD);
    await page.getByLabel('Confirm new password', { exact: true }).fill(NEW_PASSWORD);
    await page.getByLabel('Confirm new password', { exact: true }).press('Enter');
    await swalTitle(page, 'لم يتم تحديث البيانات');
    await page.locator('input[name="Password"][aria-invalid="true"]').waitFor();
    await noToast(page);
    await page.getByLabel('Current password', { exact: true }).fill(s.password);
    await page.getByLabel('Current password', { exact: true }).press('Enter');
    await swalTitle(page, 'تم التحديث بنجاح');
    await page.getByText(/other devices are signed out/).waitFor();
    await viewShot(page, 'users-desktop-en-dark-password-changed');

    // This browser's session goes on, with the new name.
    await page.goto(at('/profile'));
    await page.getByTestId('profile-name').filter({ hasText: 'Mona Farouk' }).waitFor();
    expect((await login(s.email, s.password)).status).toBe(401);
    expect((await login(s.email, NEW_PASSWORD)).status).toBe(200);
    expect(errors.filter((e) => !e.includes('status of 400'))).toEqual([]);
    await context.close();
  });
});

/** Types into the search and waits for the table to show `who`. */
async function find(page: Page, text: string, who: string) {
  const searched = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/admin/allusers' && new URL(r.url()).searchParams.get('search') === text);
  await page.locator('input[type="search"]').fill(text);
  await searched;
  const row = page.getByTestId('user-row').filter({ hasText: who });
  await row.waitFor();
  await page.waitForFunction(() => document.querySelectorAll('[data-testid="user-row"]').length === 1);
  return row;
}

describe('the teacher', () => {
  it.each(VARIANTS)('%s: the users table, the search by phone, the assign modal and the student page', async (...variant) => {
    const [tag, viewport, language] = variant;
    const en = language === 'en';
    const s = await student('Karim');
    const { page, context, errors } = await signedInPage(browser, variant, admin, true);
    await page.goto(at('/dashboard'));
    if (viewport === PHONE) await page.locator('.admin-menu-button').click();
    await page.getByRole('navigation').getByRole('link', { name: en ? 'Users' : 'المستخدمون', exact: true }).click();
    await waitForPath(page, '/dashboard/users');
    await page.getByTestId('user-row').first().waitFor();
    expect(await page.getByTestId('user-row').count()).toBeLessThanOrEqual(6);
    expect(await page.locator('.pager-number').count()).toBeLessThanOrEqual(3);
    await pageShot(page, `users-${tag}-users`);
    const row = await find(page, s.mobileNumber.replace('+20', '0'), s.email);
    expect(await page.getByTestId('user-row').count()).toBe(1);
    expect(await row.textContent()).toContain(en ? 'Active' : 'نشط');
    expect(await tooWide(page)).toEqual([]);
    expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);
    await pageShot(page, `users-${tag}-users-search`);

    await row.getByRole('button', { name: en ? `Assign a lecture to ${s.firstName} ${s.lastName}` : `منح محاضرة إلى ${s.firstName} ${s.lastName}` }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel(en ? 'Course' : 'المادة').selectOption({ label: course.name });
    await dialog.getByLabel(en ? 'Track' : 'الشعبة').selectOption(GENERAL);
    await dialog.getByLabel(en ? 'Term' : 'الترم').selectOption({ label: FIRST_TERM });
    // The lecture select opens once the term's lectures are in.
    await page.waitForFunction(() => document.querySelectorAll<HTMLSelectElement>('.modal select')[3]?.disabled === false);
    await viewShot(page, `users-${tag}-assign`);
    await dialog.getByRole('button', { name: en ? 'Cancel' : 'إلغاء' }).click();

    await row.getByRole('link').click();
    await waitForPath(page, `/dashboard/users/${s.id}`);
    await page.getByRole('heading', { name: `${s.firstName} ${s.lastName}`, level: 1 }).waitFor();
    expect(await tooWide(page)).toEqual([]);
    await pageShot(page, `users-${tag}-user-page`);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('finds the student by phone, blocks (the student is logged out with the message), unblocks, grants a paid lecture that plays, opens the page, deletes a user', async () => {
    const s = await student('Salma');
    const victim = await student('Victim');
    const teacher = await signedInPage(browser, VARIANTS[0]!, admin, true);
    const { page } = teacher;
    await page.goto(at('/dashboard/users'));
    const row = await find(page, s.mobileNumber.replace('+20', '0'), s.email);
    const name = `${s.firstName} ${s.lastName}`;

    // Block: the student's next call answers 403 with the message, and the app logs out.
    await row.getByRole('button', { name: `Block ${name}` }).click();
    await swalTitle(page, `${name} is blocked`);
    await row.getByText('Blocked').waitFor();
    const pupil = await signedInPage(browser, VARIANTS[2]!, s);
    await pupil.page.goto(at('/profile'));
    await swalTitle(pupil.page, 'تم حظر حسابك. من فضلك تواصل مع الإدارة.');
    await viewShot(pupil.page, 'users-phone-ar-dark-blocked');
    await waitForPath(pupil.page, '/auth');
    expect((await login(s.email, s.password)).status).not.toBe(200);

    // Unblock: signing in works again.
    await row.getByRole('button', { name: `Unblock ${name}` }).click();
    await swalTitle(page, `${name} is unblocked`);
    await row.getByText('Active').waitFor();
    const again = await login(s.email, s.password);
    expect(again.status).toBe(200);

    // Grant the paid lecture through the modal.
    await noToast(page);
    await row.getByRole('button', { name: `Assign a lecture to ${name}` }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('button', { name: 'Assign' }).click();
    await dialog.getByText('Please select a lecture').waitFor();
    await dialog.getByLabel('Course').selectOption({ label: course.name });
    await dialog.getByLabel('Track').selectOption(GENERAL);
    await dialog.getByLabel('Term').selectOption({ label: FIRST_TERM });
    await dialog.getByLabel('Lecture').selectOption(lecture.id);
    const granted = page.waitForResponse((r) => r.url().endsWith('/api/admin/grant-lecture'));
    await dialog.getByRole('button', { name: 'Assign' }).click();
    expect((await granted).ok()).toBe(true);
    await swalTitle(page, 'Lecture assigned successfully');
    await dialog.waitFor({ state: 'detached' });

    // The student (signed in again) has it on /profile/lecPay, and it plays.
    const back = await signedInPage(browser, VARIANTS[0]!, { ...s, token: again.body.data.token as string });
    await back.page.goto(at('/profile/lecPay'));
    const mine = back.page.getByTestId('purchase-row').filter({ hasText: lecture.name });
    await mine.waitFor();
    await mine.locator('time').first().click();
    await waitForPath(back.page, `/lec/${lecture.id}`);
    const video = back.page.getByTestId('lecture-video');
    await video.waitFor();
    // The player starts the playback (the cookies); play loads the HLS playlist (issue 16) and plays.
    await pressPlay(back.page);
    await back.context.close();
    await pupil.context.close();

    // The student's page shows the grant.
    await row.getByRole('link').click();
    await waitForPath(page, `/dashboard/users/${s.id}`);
    const owned = page.getByTestId('owned-row').filter({ hasText: lecture.name });
    await owned.waitFor();
    expect(await owned.textContent()).toContain('Granted');
    await pageShot(page, 'users-desktop-en-dark-user-page-granted');

    // Delete another user from the table.
    await page.goto(at('/dashboard/users'));
    const gone = await find(page, victim.email, victim.email);
    await gone.getByRole('button', { name: `Delete ${victim.firstName} ${victim.lastName}` }).click();
    await swalTitle(page, 'Are you sure?');
    await page.locator('.swal2-popup:not(.swal2-toast) .swal2-confirm').click();
    await swalTitle(page, 'User Deleted Successfully');
    await gone.waitFor({ state: 'detached' });
    expect((await login(victim.email, victim.password)).status).not.toBe(200);
    expect((await api('GET', '/api/user/profile', { token: victim.token })).status).toBe(401);
    expect(teacher.errors).toEqual([]);
    await teacher.context.close();
  });
});
