/** Journeys: logout, an expired token, and a second sign-in that ends the first session. */
import type { Page } from 'playwright-core';
import { browserForFile, newPage, shot } from '../support/browser';
import { api, makeUser } from '../support/platform';
import { appErrors, at, confirmSwal, logIn, storedUser, swalTitle, waitForPath } from './auth-helpers';

jest.setTimeout(60_000);

const browser = browserForFile();

const profile = (token: string) => api('GET', '/api/user/profile', { token });

async function signedIn(page: Page, email: string, password: string): Promise<string> {
  await logIn(page, email, password);
  await waitForPath(page, '/');
  const user = await storedUser(page);
  expect(user?.token).toBeTruthy();
  return user!.token;
}

const logoutButton = (page: Page) => page.getByRole('navigation', { name: 'Main navigation' }).getByRole('button', { name: 'Logout' });

it('logs out from the top navigation, and the old token is refused by the API', async () => {
  const student = await makeUser();
  const { page, context, errors } = await newPage(browser());
  const token = await signedIn(page, student.email, student.password);
  expect((await profile(token)).status).not.toBe(401);

  await logoutButton(page).click();
  await swalTitle(page, 'Logout Successfully');
  await waitForPath(page, '/auth');
  await page.getByRole('heading', { name: 'Log in' }).waitFor();
  expect(await storedUser(page)).toBeNull();
  await shot(page, 'journey-logout-auth');

  const refused = await profile(token);
  expect(refused.status).toBe(401);
  expect(errors).toEqual([]);
  await context.close();
});

/** A decodable JWT whose exp is in the past (the client only decodes; it never reaches the server). */
function expiredToken(sub: string): string {
  const part = (o: object) => Buffer.from(JSON.stringify(o)).toString('base64url');
  const exp = Math.floor(Date.now() / 1000) - 60;
  return `${part({ alg: 'RS256', typ: 'JWT' })}.${part({ sub, exp, iat: exp - 3600, token_use: 'id' })}.${Buffer.from('sig').toString('base64url')}`;
}

it('asks to log in again when the stored token has expired, then goes to /auth', async () => {
  const { page, context, errors } = await newPage(browser());
  await page.goto(at('/auth/login'));
  await page.evaluate((token) => {
    const user = { id: 'expired-user', email: 'expired@test.local', firstName: 'Old', lastName: 'Session', role: 'USER', block: false, token };
    localStorage.setItem('user', JSON.stringify(user));
  }, expiredToken('expired-user'));

  await page.goto(at('/profile'));
  await swalTitle(page, 'Your session has expired. Please log in again.');
  await shot(page, 'journey-session-expired');
  // Nothing happens until the student answers.
  expect(new URL(page.url()).pathname).toBe('/profile');
  await confirmSwal(page);
  await waitForPath(page, '/auth');
  await page.getByRole('heading', { name: 'Log in' }).waitFor();
  expect(await storedUser(page)).toBeNull();
  expect(errors).toEqual([]);
  await context.close();
});

it('ends the first session when the same student signs in on another device', async () => {
  const student = await makeUser({ firstName: 'Twice' });
  const first = await newPage(browser());
  const second = await newPage(browser());
  const firstToken = await signedIn(first.page, student.email, student.password);
  const secondToken = await signedIn(second.page, student.email, student.password);

  const refused = await profile(firstToken);
  expect(refused.status).toBe(401);
  expect(refused.body.message).toMatch(/opened on another device/);
  expect((await profile(secondToken)).status).not.toBe(401);

  // The first device's next call (here: Logout) is refused; it says why and goes to /auth.
  await logoutButton(first.page).click();
  await swalTitle(first.page, refused.body.message);
  await waitForPath(first.page, '/auth');
  expect(await storedUser(first.page)).toBeNull();
  await shot(first.page, 'journey-session-elsewhere');
  // The second device is unaffected.
  expect((await profile(secondToken)).status).not.toBe(401);

  expect(appErrors(first.errors)).toEqual([]);
  expect(second.errors).toEqual([]);
  await Promise.all([first.context.close(), second.context.close()]);
});
