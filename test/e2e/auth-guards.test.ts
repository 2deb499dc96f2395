/** Journeys: the admin lands on /dashboard; the route guards send students and visitors away. */
import { browserForFile, newPage, PHONE, shot } from '../support/browser';
import { makeUser } from '../support/platform';
import { at, loaded, logIn, ownAdmin, swalTitle, waitForPath } from './auth-helpers';
import { makeCourse } from './catalogue-helpers';

jest.setTimeout(60_000);

const browser = browserForFile();

it('logs the admin in to /dashboard (replacing history) with the side menu and the greeting', async () => {
  const { page, context, errors } = await newPage(browser());
  const { email, password } = await ownAdmin();
  await page.goto(at('/'));
  await page.goto(at('/auth/login'));
  await logIn(page, email, password);
  await waitForPath(page, '/dashboard');
  await swalTitle(page, 'Signed in successfully');

  const menu = page.getByRole('navigation', { name: 'Dashboard menu' });
  for (const item of ['Home', 'Courses', 'Users', 'Messages', 'Quizzes', 'Coupons']) await menu.getByRole('link', { name: item, exact: true }).waitFor();
  await page.getByText('Hello, Admin', { exact: true }).waitFor();
  expect(await page.getByTestId('admin-full-name').textContent()).toBe('Admin Bioscope');
  // No top navigation on /dashboard.
  expect(await page.getByRole('navigation', { name: 'Main navigation' }).count()).toBe(0);
  await loaded(page);
  await shot(page, 'journey-admin-dashboard');

  // Replaced, not pushed: Back leaves the log-in page out and returns to the page before it.
  await page.goBack();
  await waitForPath(page, '/');
  expect(errors).toEqual([]);
  await context.close();
});

it('sends a student opening /dashboard or /auth/login to / and a signed-out visitor opening /profile to /auth', async () => {
  const student = await makeUser({ firstName: 'Guarded' });
  const { page, context, errors } = await newPage(browser());
  await logIn(page, student.email, student.password);
  await waitForPath(page, '/');

  await page.goto(at('/dashboard'));
  await waitForPath(page, '/');
  await page.goto(at('/dashboard/users'));
  await waitForPath(page, '/');
  // Already signed in: the log-in page sends the student home.
  await page.goto(at('/auth/login'));
  await waitForPath(page, '/');
  // A signed-in student may open their own pages (the top navigation marks where they are).
  await page.goto(at('/profile'));
  await page.locator('nav a[aria-current="page"]', { hasText: 'Profile' }).waitFor();
  expect(new URL(page.url()).pathname).toBe('/profile');
  await context.close();

  const visitor = await newPage(browser());
  await visitor.page.goto(at('/profile'));
  await waitForPath(visitor.page, '/auth');
  await visitor.page.getByRole('heading', { name: 'Log in' }).waitFor();
  await visitor.page.goto(at('/dashboard'));
  await waitForPath(visitor.page, '/auth');
  await shot(visitor.page, 'journey-guard-visitor-auth');
  expect([...errors, ...visitor.errors]).toEqual([]);
  await visitor.context.close();
});

it('on a phone in Arabic the admin header is one compact row with a menu naming the current section; a delete asks with labelled buttons in the app colours', async () => {
  const { page, context, errors } = await newPage(browser(), { viewport: PHONE });
  const { email, password } = await ownAdmin();
  // The delete is asked of a course of this journey's own: the demo course is every other journey's.
  const course = await makeCourse(await makeUser({ admin: true }));
  await page.goto(at('/auth/login'));
  await page.evaluate(() => localStorage.setItem('language', 'ar'));
  await page.reload();
  await logIn(page, email, password);
  await waitForPath(page, '/dashboard');
  await loaded(page);
  const header = page.locator('.admin-top');
  for (const theme of ['dark', 'light'] as const) {
    if ((await page.locator('html').getAttribute('data-theme')) !== theme) await page.getByTestId('theme-toggle').click();
    // One row: the menu button and the two switches (the spec's greeting and Logout are in the menu).
    expect((await header.boundingBox())!.height).toBeLessThan(64);
    const button = page.getByRole('button', { name: 'قائمة لوحة التحكم: الكورسات' });
    expect(await button.getAttribute('aria-expanded')).toBe('false');
    await shot(page, `i9a-admin-header-ar-${theme}-360`);
    await button.click();
    const menu = page.getByRole('navigation', { name: 'قائمة لوحة التحكم' });
    await menu.waitFor();
    expect(await menu.locator('[aria-current="page"]').textContent()).toBe('الكورسات');
    await page.getByRole('button', { name: 'تسجيل الخروج' }).waitFor();
    await shot(page, `i9a-admin-menu-ar-${theme}-360`);
    await button.click();
    await menu.waitFor({ state: 'hidden' });

    // A delete asks first: both buttons say what they do, in the user's language and colours.
    await page.getByRole('button', { name: `حذف ${course.name}`, exact: true }).click();
    const yes = page.getByRole('button', { name: 'نعم، احذف' });
    const no = page.getByRole('button', { name: 'إلغاء' });
    await yes.waitFor();
    await page.waitForFunction(() => document.activeElement?.classList.contains('dialog-cancel'));
    const colours = await yes.evaluate((el) => getComputedStyle(el).backgroundColor);
    // The app's teal (hsl 190), not sweetalert2's purple rgb(112, 102, 224).
    const [r, g, b] = colours.match(/\d+/g)!.map(Number) as [number, number, number];
    expect({ colours, teal: r < g && g < b && r < 130 }).toEqual({ colours, teal: true });
    await shot(page, `i9a-confirm-ar-${theme}-360`);
    await no.click();
    await yes.waitFor({ state: 'detached' });
  }
  expect(errors).toEqual([]);
  await context.close();
});
