/**
 * Issue 14: `/` paints its hero, title, description and why-section, and `/auth/login` its form, from
 * the HTML alone (prerendered at build time, web/build/prerender.ts), in the stored language and
 * theme, and React hydrates the page (issue 37) without a flash or a layout shift, keeping what was
 * typed. Real Chromium on a phone screen, against the local gateway.
 */
import type { Page } from 'playwright-core';
import { browserForFile, newPage, PHONE, shot } from '../support/browser';
import { makeUser, platform } from '../support/platform';

const browser = browserForFile();

/** Sets the stored preferences (and optionally a session) before any page script runs. */
async function phone(store: Record<string, string> = {}) {
  const opened = await newPage(browser(), { viewport: PHONE });
  await opened.context.addInitScript((items: Record<string, string>) => {
    for (const [k, v] of Object.entries(items)) localStorage.setItem(k, v);
  }, store);
  return opened;
}

const blockScripts = (page: Page) => page.route(/\/assets\/.*\.js$/, (r) => r.abort());
const shownCopies = (page: Page) =>
  page.evaluate(() =>
    [...document.querySelectorAll<HTMLElement>('#root [data-prerender]')].filter((e) => getComputedStyle(e).display !== 'none').map((e) => `${e.dataset.copyOf}:${e.dataset.prerender}`),
  );

/** Holds the login screen's code back until the returned function is called (the page stays its prerendered copy). */
async function holdLoginScreen(page: Page): Promise<() => void> {
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/login-[\w-]+\.js$/, async (r) => {
    await held;
    await r.continue();
  });
  return release;
}

/** The app has taken the login page over: no prerendered copy left, its form there. */
const loginTookOver = (page: Page) => page.waitForFunction(() => document.querySelector('#root [data-prerender]') === null && document.querySelector('form') !== null);

describe('the prerendered home page', () => {
  it('arrives in the HTML of / with the Arabic copy right-to-left and no inline script', async () => {
    const html = await (await fetch(platform().url + '/')).text();
    const root = html.slice(html.indexOf('<div id="root">'));
    expect(root).toContain('<div data-copy-of="home" data-prerender="ar" data-id-suffix="-ar" data-amplify-theme="bioscope" data-amplify-color-mode="dark" dir="rtl">');
    expect(root).toMatch(/<h1 lang="ar">د\. أحمد الشريف<\/h1>/);
    expect(root).toContain('ليه بيوسكوب؟');
    expect(root).toContain('<div data-copy-of="home" data-prerender="en" data-amplify-theme="bioscope" data-amplify-color-mode="dark" dir="ltr">');
    // One copy per page, language and theme.
    expect(root.match(/<div data-copy-of=/g)).toHaveLength(8);
    for (const [tag] of html.matchAll(/<script\b[^>]*>/g)) expect(tag).toContain(' src="/');
  });

  it('paints the hero and the why-section in the stored language with no JavaScript', async () => {
    const { page, context } = await phone({ language: 'ar' });
    await blockScripts(page);
    await page.goto(platform().url + '/');
    expect(await shownCopies(page)).toEqual(['home:ar']);
    expect(await page.evaluate(() => document.documentElement.dir)).toBe('rtl');
    await expect(page.getByRole('heading', { level: 1, name: 'د. أحمد الشريف' }).isVisible()).resolves.toBe(true);
    await expect(page.getByRole('heading', { name: 'ليه بيوسكوب؟' }).isVisible()).resolves.toBe(true);
    await expect(page.getByText('مدرس الأحياء', { exact: true }).filter({ visible: true }).isVisible()).resolves.toBe(true);
    await shot(page, 'home-prerender-ar-phone');
    await context.close();
  });

  it('shows the English copy by default (spec 3), the page of the address only, and none with a stored session', async () => {
    const visitor = await phone();
    await blockScripts(visitor.page);
    await visitor.page.goto(platform().url + '/');
    expect(await shownCopies(visitor.page)).toEqual(['home:en']);
    await visitor.page.goto(platform().url + '/auth/login');
    expect(await shownCopies(visitor.page)).toEqual(['login:en']);
    await visitor.page.goto(platform().url + '/auth/registeration');
    expect(await shownCopies(visitor.page)).toEqual([]);
    await visitor.context.close();

    const student = await phone({ user: JSON.stringify({ token: 'x' }) });
    await blockScripts(student.page);
    await student.page.goto(platform().url + '/');
    expect(await shownCopies(student.page)).toEqual([]);
    await student.page.goto(platform().url + '/auth/login');
    expect(await shownCopies(student.page)).toEqual([]);
    await student.context.close();
  });

  it.each([
    ['en', 'dark'],
    ['ar', 'light'],
  ])('is hydrated by the app (%s, %s): the same elements, no layout shift, no hydration or script error', async (language, theme) => {
    const { page, context, errors } = await phone({ language, theme });
    await context.addInitScript(() => {
      const w = window as unknown as { cls: number };
      w.cls = 0;
      new PerformanceObserver((list) => {
        for (const e of list.getEntries() as unknown as { value: number; hadRecentInput: boolean }[]) if (!e.hadRecentInput) w.cls += e.value;
      }).observe({ type: 'layout-shift', buffered: true });
    });
    // The app takes over once the home screen's chunk is here: held until the copy is measured.
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/assets\/home-page-[\w-]+\.js$/, async (r) => {
      await held;
      await r.continue();
    });
    await page.goto(platform().url + '/', { waitUntil: 'domcontentloaded' });
    const h1Box = () => page.evaluate(() => [...document.querySelectorAll('h1')].map((e) => e.getBoundingClientRect().toJSON() as DOMRect).filter((r) => r.width > 0));
    const before = await h1Box();
    expect(await shownCopies(page)).toEqual([`home:${language}`]);
    expect(before).toHaveLength(1);
    // The heading on screen, marked: hydrated, React keeps it (rendered afresh, it would be a new element).
    await page.evaluate(() => {
      const shown = [...document.querySelectorAll('h1')].find((e) => e.getBoundingClientRect().width > 0)!;
      (shown as unknown as { prerendered: boolean }).prerendered = true;
    });
    release();
    // React hydrated the copy on screen (the others gone), the heading where it was.
    await page.waitForFunction(() => document.querySelector('#root [data-prerender]') === null && document.querySelector('h1') !== null);
    await page.waitForLoadState('networkidle');
    expect(await h1Box()).toEqual(before);
    expect(await page.evaluate(() => [...document.querySelectorAll('h1')].map((e) => (e as unknown as { prerendered?: boolean }).prerendered))).toEqual([true]);
    expect(await page.evaluate(() => document.querySelector('#root > [data-amplify-theme]')?.getAttribute('data-amplify-color-mode'))).toBe(theme);
    expect(await page.evaluate(() => document.querySelectorAll('#root > *').length)).toBe(1);
    expect(await page.evaluate(() => (window as unknown as { cls: number }).cls)).toBeLessThan(0.05);
    await shot(page, `home-hydrated-${language}-${theme}-phone`);
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe('the prerendered login form', () => {
  it('paints in Arabic right-to-left with no JavaScript, and cannot be sent before the app is here', async () => {
    const { page, context } = await phone({ language: 'ar' });
    await blockScripts(page);
    // Each copy (a language in a theme) has the fields: the one on screen is the dark Arabic copy's.
    const identifier = page.getByLabel('البريد الإلكتروني أو رقم الهاتف').filter({ visible: true });
    const password = page.getByLabel('كلمة المرور', { exact: true }).filter({ visible: true });
    const asked: string[] = [];
    page.on('request', (r) => asked.push(r.url()));
    await page.goto(platform().url + '/auth/login');
    expect(await shownCopies(page)).toEqual(['login:ar']);
    await expect(identifier.isVisible()).resolves.toBe(true);
    await expect(password.isVisible()).resolves.toBe(true);
    await shot(page, 'login-prerender-ar-phone');
    // Typed and sent by a student who does not wait: nothing leaves the page (a native GET would carry the password).
    await identifier.fill('student@example.com');
    await password.fill('secret-password');
    await password.press('Enter');
    await page.getByRole('button', { name: 'تسجيل الدخول' }).click();
    await page.waitForTimeout(300);
    expect(page.url()).toBe(platform().url + '/auth/login');
    expect(asked.filter((u) => u.includes('secret-password'))).toEqual([]);
    await context.close();
  });

  it('keeps what the student typed before the app arrived, and logs in with it', async () => {
    const user = await makeUser();
    const { page, context, errors } = await phone({ language: 'ar' });
    // Before the app, the one on screen of the copies; after it, the page's only one.
    const identifier = page.getByLabel('البريد الإلكتروني أو رقم الهاتف').filter({ visible: true });
    const password = page.getByLabel('كلمة المرور', { exact: true }).filter({ visible: true });
    const release = await holdLoginScreen(page);
    await page.goto(platform().url + '/auth/login', { waitUntil: 'domcontentloaded' });
    expect(await shownCopies(page)).toEqual(['login:ar']);
    await identifier.fill(user.email);
    await password.fill(user.password);
    await identifier.evaluate((e) => void ((e as unknown as { prerendered: boolean }).prerendered = true));
    release();
    await loginTookOver(page);
    await expect(identifier.inputValue()).resolves.toBe(user.email);
    // Hydrated: the very field the student typed into.
    await expect(identifier.evaluate((e) => (e as unknown as { prerendered?: boolean }).prerendered)).resolves.toBe(true);
    await expect(password.evaluate((e) => e === document.activeElement)).resolves.toBe(true);
    await shot(page, 'login-hydrated-ar-phone');
    await password.press('Enter');
    await page.waitForURL(platform().url + '/');
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe('a language chosen in another tab while the page loads', () => {
  it('is the language the app starts in, with its own texts (no hydration mismatch)', async () => {
    const { page, context, errors } = await phone();
    const release = await holdLoginScreen(page);
    // Module scripts run before DOMContentLoaded: the entry has loaded the English texts (nothing stored)…
    await page.goto(platform().url + '/auth/login', { waitUntil: 'domcontentloaded' });
    expect(await shownCopies(page)).toEqual(['login:en']);
    // …when another tab switches to Arabic, before the login screen's code arrives.
    await page.evaluate(() => localStorage.setItem('language', 'ar'));
    release();
    await loginTookOver(page);
    await page.getByRole('button', { name: 'تسجيل الدخول', exact: true }).waitFor();
    await page.waitForFunction(() => document.documentElement.lang === 'ar' && document.documentElement.dir === 'rtl');
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe('a page opened directly fetches its screen beside the entry (web/build/route-preload.ts)', () => {
  /** The order of the requests for `path` while the entry (assets/index-*.js) is held back `holdMs`. */
  async function requestsWithEntryHeld(path: string, holdMs: number) {
    const { page, context, errors } = await phone({ language: 'ar' });
    const seen: { url: string; at: number }[] = [];
    let entryAnsweredAt = Infinity;
    page.on('request', (r) => seen.push({ url: new URL(r.url()).pathname, at: Date.now() }));
    await page.route(/\/assets\/index-[^/]+\.js$/, async (route) => {
      await new Promise((r) => setTimeout(r, holdMs));
      entryAnsweredAt = Date.now();
      await route.continue();
    });
    await page.goto(platform().url + path);
    return { page, context, errors, seen, entryAnsweredAt: () => entryAnsweredAt };
  }

  it.each([
    ['/auth/login', /\/assets\/login-[^/]+\.js$/, /\/assets\/auth-layout-[^/]+\.js$/],
    ['/lec/01ANYLECTUREID0000000000000', /\/assets\/lecture-[^/]+\.js$/, /\/assets\/lecture-[^/]+\.css$/],
  ])('%s: its screen is requested before the entry has even arrived', async (path, screen, also) => {
    const { page, context, errors, seen, entryAnsweredAt } = await requestsWithEntryHeld(path, 1500);
    await page.waitForFunction(() => document.querySelector('#root')?.children.length, null, { timeout: 20_000 });
    const first = (re: RegExp) => seen.find((s) => re.test(s.url));
    expect(first(screen)).toBeDefined();
    expect(first(screen)!.at).toBeLessThan(entryAnsweredAt());
    expect(first(also)!.at).toBeLessThan(entryAnsweredAt());
    // Fetched once: the app's own loader finds the preload and does not ask again.
    expect(seen.filter((s) => screen.test(s.url))).toHaveLength(1);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('names only files the site serves (a preload that 404s is an error in the console)', async () => {
    const script = await (await fetch(platform().url + '/preferences.js')).text();
    const files = JSON.parse(/\}\)\((\[.*?\]), \[\[/s.exec(script)![1]!) as string[];
    expect(files.length).toBeGreaterThan(20);
    const statuses = await Promise.all(files.map(async (f) => [f, (await fetch(platform().url + f)).status] as const));
    expect(statuses.filter(([, s]) => s !== 200)).toEqual([]);
  });

  it("a path no screen has fetches nothing ahead but what index.html names and its language's texts", async () => {
    const html = await (await fetch(platform().url + '/')).text();
    const named = new Set([...html.matchAll(/<(?:link|script)\b[^>]*(?:href|src)="([^"]+)"/g)].map((m) => m[1]!));
    const { page, context, seen, entryAnsweredAt } = await requestsWithEntryHeld('/no/such/page', 800);
    await page.waitForFunction(() => document.querySelector('#root')?.children.length, null, { timeout: 20_000 });
    const ahead = seen.filter((s) => s.at < entryAnsweredAt() && s.url.startsWith('/assets/') && !named.has(s.url)).map((s) => s.url);
    // One language's texts (web/src/i18n/load-language.ts): the page's, Arabic here.
    expect(ahead).toEqual([expect.stringMatching(/^\/assets\/ar-[\w-]+\.js$/)]);
    await context.close();
  });
});
