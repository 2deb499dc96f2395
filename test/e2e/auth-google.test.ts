/**
 * Journey: the Google button → the local "Choose a Google account" stand-in → the callback page
 * collects the session by POST → signed in on /. No address the browser visits carries a token or
 * a user (issue 13, item 2).
 */
import { browserForFile, newPage, shot } from '../support/browser';
import { api } from '../support/platform';
import { at, loaded, storedUser, swalTitle, uniqueEmail, uniqueMobile, waitForPath } from './auth-helpers';

jest.setTimeout(60_000);

const browser = browserForFile();

it('signs a new Google user in through the stand-in and creates the user', async () => {
  const { page, context } = await newPage(browser());
  const email = uniqueEmail('google');
  // The app's errors; the stand-in page has no icon, so Chromium's own /favicon.ico 404 is not one.
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  page.on('console', (m) => {
    if (m.type() === 'error' && new URL(m.location().url || page.url()).pathname !== '/favicon.ico') errors.push(m.text());
  });

  // Every address the browser is sent to, and the session collected by POST.
  const visited: string[] = [];
  page.on('framenavigated', (f) => {
    if (f === page.mainFrame()) visited.push(f.url());
  });
  const exchange = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/auth/google/exchange');

  await page.goto(at('/auth/login'));
  await page.getByRole('link', { name: 'Continue with Google' }).click();
  await page.getByRole('heading', { name: 'Choose a Google account' }).waitFor();
  // The production code path: our redirect sent the browser to the pool's (stand-in) hosted UI.
  expect(new URL(page.url()).pathname).toBe('/_local/cognito/oauth2/authorize');
  await shot(page, 'journey-google-chooser');

  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('First name').fill('Nour');
  await page.getByLabel('Last name').fill('Gamal');
  await page.getByRole('button', { name: 'Continue' }).click();

  // A new Google user has no phone or school year yet: asked once, before any purchase (issue 39).
  await waitForPath(page, '/profile/complete');
  await swalTitle(page, 'Signed in successfully');
  const user = await storedUser(page);
  expect(user).toMatchObject({ email, firstName: 'Nour', role: 'USER' });
  // The server's callback sent the browser a one-time code in the fragment, which the page traded by POST.
  const collected = await exchange;
  expect(collected.request().method()).toBe('POST');
  expect(collected.status()).toBe(200);
  expect(visited.some((u) => /\/auth\/google\/callback#code=/.test(u) || /\/auth\/google\/callback$/.test(u))).toBe(true);
  for (const u of visited) {
    expect(u).not.toContain(user!.token);
    expect(new URL(u).search).not.toMatch(/[?&](token|user)=/);
  }
  // The code left the address bar too (history was replaced, not pushed).
  expect(new URL(page.url()).search).toBe('');
  expect(new URL(page.url()).hash).toBe('');
  await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('button', { name: 'Logout' }).waitFor();

  // The step asks the sign-up form's two fields, then sends the student on (issue 39).
  await page.getByRole('heading', { name: 'Complete your profile' }).waitFor();
  expect(await page.title()).toBe('Bioscope | Complete your profile');
  await shot(page, 'journey-google-complete-profile');
  await page.getByRole('button', { name: 'Save' }).click();
  await page.getByText('School year is required').waitFor();
  await page.getByLabel('Mobile number').fill(uniqueMobile());
  await page.getByLabel('School year').selectOption('Second year');
  const saved = page.waitForResponse((r) => r.request().method() !== 'GET' && new URL(r.url()).pathname.startsWith('/api/user/'));
  await page.getByRole('button', { name: 'Save' }).click();
  expect((await saved).status()).toBe(200);
  await waitForPath(page, '/');
  await swalTitle(page, 'Your profile is complete');
  await loaded(page);
  await shot(page, 'journey-google-home');
  expect((await api('GET', '/api/user/profile', { token: user!.token })).body.data).toMatchObject({ schooleYear: 'Second year', mobileNumber: expect.stringMatching(/^\+201/) });

  // The user exists with a live session (the profile route itself may still be unbuilt: 501).
  const profile = await api('GET', '/api/user/profile', { token: user!.token });
  expect(profile.status).not.toBe(401);
  expect(profile.status).not.toBe(403);
  expect(errors).toEqual([]);
  await context.close();
});
