/**
 * What the auth journeys share: the local outbox, SweetAlert2 toasts and dialogs, the log-in form
 * and the stored session. Journeys drive the real UI; these helpers only wait and read.
 */
import { randomInt } from 'node:crypto';
import type { Page } from 'playwright-core';
import { makeUser, platform, uniq } from '../support/platform';
import { apiFrom, freshSource } from '../support/source';

export const PASSWORD = 'Passw0rdOk';

export const at = (path: string) => platform().url + path;

/** A unique e-mail of the outbox's domain and a unique Egyptian mobile number (01[0125]xxxxxxxx). */
export const uniqueEmail = (prefix = 'e2e') => `${uniq(prefix)}@test.local`;
export const uniqueMobile = () => `01${'0125'[randomInt(4)]}${String(randomInt(1e8)).padStart(8, '0')}`;

interface Mail {
  to: string;
  subject: string;
  text: string;
  link?: string;
  code?: string;
  sentAt: string;
}

/** The newest mail to `to` that `pick` accepts, waiting for it to arrive. */
export async function mailTo(to: string, pick: (m: Mail) => boolean, timeoutMs = 10_000): Promise<Mail> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const res = await fetch(`${at('/_local/outbox.json')}?to=${encodeURIComponent(to)}`);
    const found = ((await res.json()) as { data: Mail[] }).data.find(pick);
    if (found) return found;
    if (Date.now() > until) throw new Error(`no matching mail to ${to} within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** Waits until a SweetAlert2 toast or dialog shows `title` (exactly). */
export async function swalTitle(page: Page, title: string) {
  await page.locator('.swal2-title', { hasText: title }).first().waitFor({ state: 'visible' });
}

/** The dialog's OK. */
export async function confirmSwal(page: Page) {
  await page.locator('.swal2-popup:not(.swal2-toast) .swal2-confirm').click();
}

export const waitForPath = (page: Page, path: string) => page.waitForURL((u) => u.pathname === path);

/**
 * An admin account of the journey's own, named as the platform's (Admin Bioscope), to sign in with
 * through the form. Not the platform's admin: an account keeps its ten latest sessions
 * (functions/auth/session-rules.ts), and journeys on two workers signing that one in ended each
 * other's sessions (a 401, "your session has expired", mid-journey).
 */
export const ownAdmin = () => makeUser({ admin: true, firstName: 'Admin', lastName: 'Bioscope' });

/**
 * Opened directly, the home page and the login form arrive prerendered (one copy per language, all
 * but one hidden): the page is the app's once they are gone (typing into the copy first is
 * test/e2e/prerender.test.ts's journey).
 */
export const appTookOver = (page: Page) => page.waitForFunction(() => document.querySelector('#root [data-prerender]') === null);

/** Fills and submits the log-in form (on /auth/login, going there if needed). */
export async function logIn(page: Page, identifier: string, password: string) {
  if (!/\/auth(\/login)?$/.test(new URL(page.url()).pathname)) await page.goto(at('/auth/login'));
  await appTookOver(page);
  const ar = (await page.evaluate(() => document.documentElement.lang)) === 'ar';
  await page.getByPlaceholder(ar ? 'أدخل بريدك الإلكتروني أو رقم هاتفك' : 'Enter your Email or phone Number').fill(identifier);
  await page.getByPlaceholder(ar ? 'كلمة المرور' : 'Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: ar ? 'تسجيل الدخول' : 'Log in', exact: true }).click();
}

export interface StoredUser {
  id: string;
  email: string;
  firstName: string;
  role: 'ADMIN' | 'USER';
  token: string;
}

/** localStorage `user`, as the app keeps the session. */
export const storedUser = (page: Page) => page.evaluate(() => JSON.parse(localStorage.getItem('user') ?? 'null') as unknown) as Promise<StoredUser | null>;

/** Page errors less the browser's own log line of a call the journey expects to be refused. */
export const appErrors = (errors: string[], status = 401) => errors.filter((e) => !e.includes(`status of ${status}`));

/** The landed page has finished loading (its lazy screen and data): no spinner left. */
export const loaded = (page: Page) => page.locator('.page-spinner').first().waitFor({ state: 'detached' });

/**
 * Sign-ups from this page come from a loopback address of their own (test/support/source.ts), as each
 * student's phone has its own: every Chromium page reaches the platform from 127.0.0.1, and the journeys
 * that sign up through the form, run in any order within ten minutes, went past the five sign-ups a
 * source may make (functions/auth/registration.ts) — the sixth waited for a success that a 429 had refused.
 */
export async function signUpsFromOwnAddress(page: Page): Promise<void> {
  const source = freshSource();
  await page.route(
    (u) => u.pathname === '/api/auth/signup',
    async (route) => {
      const req = route.request();
      const headers = Object.fromEntries(Object.entries(req.headers()).filter(([k]) => ['accept', 'accept-language', 'authorization'].includes(k)));
      const answer = await apiFrom(source, req.method(), new URL(req.url()).pathname, req.postDataJSON() as unknown, headers);
      await route.fulfill({ status: answer.status, headers: Object.fromEntries(answer.headers.entries()), body: typeof answer.body === 'string' ? answer.body : JSON.stringify(answer.body) });
    },
  );
}
