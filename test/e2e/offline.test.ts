/**
 * Issue 44: the installable app offline. A signed-in student's pages are kept by the service worker
 * (Workbox's, web/build/pwa.ts): once it controls the page, the profile and the course list are
 * read network-first and kept; offline, a reload of /profile shows the app's own page with the kept
 * answer and a notice of when it was saved (not the browser's error page); a screen never visited
 * says, in the app, that it was not saved; back online the page is fresh again. After a sign-out
 * nothing of the student's is kept (a shared phone). A new version waits for the student's reload.
 * Real Chromium with service workers allowed.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Page, Response } from 'playwright-core';
import { browserForFile, newPage, PHONE } from '../support/browser';
import { makeUser, type TestUser } from '../support/platform';
import { at, waitForPath } from './auth-helpers';
import { apiResponse, DEMO_COURSE, storeSession } from './catalogue-helpers';

jest.setTimeout(90_000);

const browser = browserForFile();
let student: TestUser;
beforeAll(async () => {
  student = await makeUser({ firstName: 'Offline' });
});

/** A page whose origin the app's service worker controls, with `student` signed in. */
async function controlledPage(language: 'en' | 'ar', user = student) {
  const opened = await newPage(browser(), { viewport: PHONE, serviceWorkers: 'allow' });
  await storeSession(opened.page, user, { language });
  // The first worker takes the open page as it activates (clientsClaim), once the page has loaded.
  await opened.page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 30_000 });
  return opened;
}

/** The paths the worker's API cache holds. */
const keptPaths = (page: Page) =>
  page.evaluate(async () => {
    const cache = await caches.open('bioscope-api');
    return (await cache.keys()).map((r) => new URL(r.url).pathname).sort();
  });

/** Waits until the API cache holds just what `done` says (the worker stores an answer after giving it). */
async function untilKeptPaths(page: Page, done: (paths: string[]) => boolean) {
  for (const deadline = Date.now() + 15_000; ; await page.waitForTimeout(100)) {
    const paths = await keptPaths(page);
    if (done(paths)) return;
    if (Date.now() > deadline) throw new Error(`the API cache holds ${JSON.stringify(paths)}`);
  }
}
const untilKept = (page: Page, p: string) => untilKeptPaths(page, (paths) => paths.includes(p));

const gradeCards = (page: Page) => page.getByTestId('grade-card').filter({ has: page.getByRole('heading', { name: DEMO_COURSE, exact: true }) });

it('offline, /profile reloads as the app\'s own page with what was saved; an unvisited screen says so; back online it is fresh', async () => {
  const { page, context } = await controlledPage('en');
  const profile = apiResponse(page, 'GET', '/api/user/profile');
  await page.goto(at('/profile'));
  expect((await profile).headers()['x-bioscope-offline']).toBeUndefined();
  await page.getByRole('heading', { name: 'My account', level: 1 }).waitFor();
  await page.getByText('Offline User').waitFor();
  await untilKept(page, '/api/user/profile');
  await page.goto(at('/'));
  await gradeCards(page).waitFor();
  await untilKept(page, '/api/cours/all');
  await expect(page.getByTestId('offline-notice').count()).resolves.toBe(0);

  await context.setOffline(true);
  const kept = apiResponse(page, 'GET', '/api/user/profile');
  await page.goto(at('/profile'));
  const storedAt = (await kept).headers()['x-bioscope-offline'];
  expect(Date.parse(storedAt!)).toBeLessThanOrEqual(Date.now());
  await page.getByRole('heading', { name: 'My account', level: 1 }).waitFor();
  await page.getByText('Offline User').waitFor();
  const notice = page.getByTestId('offline-notice');
  await expect(notice.textContent()).resolves.toMatch(/^You're offline — showing what was saved at /);
  await page.reload();
  await page.getByText('Offline User').waitFor();
  await expect(notice.textContent()).resolves.toMatch(/^You're offline — showing what was saved at /);

  // The courses were kept too; the contact page's answer never is: the app says this page was not saved.
  await page.goto(at('/'));
  await gradeCards(page).waitFor();
  await page.goto(at('/contact'));
  await expect(notice.textContent()).resolves.toBe("You're offline — this page wasn't saved on this device yet. It will load when you're back online.");
  await page.getByRole('heading', { name: 'Leave Us Message', level: 1 }).waitFor();

  await context.setOffline(false);
  const fresh = apiResponse(page, 'GET', '/api/user/profile');
  await page.goto(at('/profile'));
  expect((await fresh).headers()['x-bioscope-offline']).toBeUndefined();
  await page.getByText('Offline User').waitFor();
  await notice.waitFor({ state: 'detached' });
  await context.close();
});

it('in Arabic the offline notice is Arabic', async () => {
  const { page, context } = await controlledPage('ar');
  await page.goto(at('/profile'));
  await page.getByRole('heading', { name: 'حسابي', level: 1 }).waitFor();
  await untilKept(page, '/api/user/profile');
  await context.setOffline(true);
  await page.reload();
  await page.getByRole('heading', { name: 'حسابي', level: 1 }).waitFor();
  await expect(page.getByTestId('offline-notice').textContent()).resolves.toMatch(/^أنت غير متصل — تُعرض البيانات المحفوظة في /);
  await context.close();
});

it('after a sign-out nothing the student read is kept: the next student on the phone, offline, never sees it', async () => {
  // A student of its own: signing out ends the session on the server too.
  const [leaving, next] = await Promise.all([makeUser({ firstName: 'Offline' }), makeUser({ firstName: 'Second' })]);
  const { page, context } = await controlledPage('en', leaving);
  await page.goto(at('/profile'));
  await page.getByText('Offline User').waitFor();
  await page.goto(at('/'));
  await gradeCards(page).waitFor();
  await untilKept(page, '/api/user/profile');
  await untilKept(page, '/api/cours/all');

  await page.getByRole('button', { name: 'Menu' }).click();
  await page.getByRole('button', { name: 'Logout' }).click();
  await waitForPath(page, '/auth');
  await untilKeptPaths(page, (paths) => paths.length === 0);

  // The next student's session on the same phone, then no network.
  await storeSession(page, next);
  await context.setOffline(true);
  const answers: Response[] = [];
  page.on('response', (r) => void (new URL(r.url()).pathname.startsWith('/api/') && answers.push(r)));
  await page.goto(at('/profile'));
  await page.getByRole('heading', { name: 'My account', level: 1 }).waitFor();
  await expect(page.getByTestId('offline-notice').textContent()).resolves.toBe("You're offline — this page wasn't saved on this device yet. It will load when you're back online.");
  await page.goto(at('/'));
  await page.getByTestId('offline-notice').waitFor();
  await expect(gradeCards(page).count()).resolves.toBe(0);
  await expect(page.getByText('Offline User').count()).resolves.toBe(0);
  expect(answers.filter((r) => r.status() === 200).map((r) => r.url())).toEqual([]);
  expect(await keptPaths(page)).toEqual([]);
  await context.close();
});

it('a new version of the app waits for the student: "a new version is ready — reload" takes it', async () => {
  const { page, context } = await controlledPage('en');
  await page.goto(at('/profile'));
  await page.getByText('Offline User').waitFor();
  // A new build's service worker, as a deployment puts it up (its compressed twins set aside meanwhile).
  const sw = path.resolve(__dirname, '../../web/dist/sw.js');
  const original = fs.readFileSync(sw);
  const twins = ['.br', '.gz'].filter((e) => fs.existsSync(sw + e)).map((e) => ({ file: sw + e, bytes: fs.readFileSync(sw + e) }));
  try {
    for (const t of twins) fs.rmSync(t.file);
    fs.writeFileSync(sw, Buffer.concat([original, Buffer.from('\n// a new version\n')]));
    await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())!.update());
    const prompt = page.getByTestId('update-prompt');
    await prompt.waitFor();
    await expect(prompt.textContent()).resolves.toBe('A new version is readyReload');
    expect(await page.evaluate(async () => !!(await navigator.serviceWorker.getRegistration())!.waiting)).toBe(true);
    await Promise.all([page.waitForEvent('load'), prompt.getByRole('button', { name: 'Reload' }).click()]);
    await page.getByText('Offline User').waitFor();
    expect(await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())!.waiting)).toBeNull();
    await expect(page.getByTestId('update-prompt').count()).resolves.toBe(0);
  } finally {
    fs.writeFileSync(sw, original);
    for (const t of twins) fs.writeFileSync(t.file, t.bytes);
  }
  await context.close();
});
