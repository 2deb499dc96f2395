/**
 * Issue 14: the home page and the login form arrive prerendered (web/build/prerender.ts). What the
 * build writes into index.html, and (issue 37) that React then hydrates the copy on screen with no
 * mismatch, keeping its elements and what was typed.
 */
import fs from 'node:fs';
import path from 'node:path';
import { act, screen, waitFor } from '@testing-library/react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { createMemoryRouter } from 'react-router';
import { App } from '@/app/app';
import { homeScreen, preloadRoute, routes } from '@/app/routes';
import { makeStore } from '@/app/store';
import { arHome } from '@/i18n/ar/home';
import { enHome } from '@/i18n/en/home';
import { arAuth } from '@/i18n/ar/auth';
import { enAuth } from '@/i18n/en/auth';
import type { Language } from '@/i18n/use-t';
import { keepCopy } from '@/lib/prerender-takeover';
import { LANGUAGES, PRERENDERED, renderHome, renderPage, THEMES, type PrerenderedPage } from '@/prerender';
import type { ThemeMode } from '@/stores/theme-slice';
import { type Copy, injectPrerender, markCopy, splitHints } from '../../web/build/prerender-html';

const allCopies = async (): Promise<Copy[]> => {
  const copies: Copy[] = [];
  for (const page of Object.keys(PRERENDERED) as PrerenderedPage[])
    for (const language of LANGUAGES) for (const theme of THEMES) copies.push({ page, language, theme, html: await renderPage(page, language, theme) });
  return copies;
};

const INDEX = '<!doctype html><html lang="en"><head></head><body><div id="root"></div><script type="module" src="/assets/index.js"></script></body></html>';

describe('the prerendered home page', () => {
  it('renders the Arabic page right-to-left with its hero, title and why-section from the dictionary', async () => {
    const html = await renderHome('ar');
    expect(splitHints(html).page).toMatch(/^<div data-amplify-theme="bioscope" data-amplify-color-mode="dark" dir="rtl">/);
    for (const key of ['home.teacherRole', 'home.teacherName', 'home.teacherMessage', 'home.whyTitle', 'home.why.lectures', 'home.why.followUpText'] as const)
      expect(html).toContain(arHome[key]);
    expect(html).toMatch(/<h1[^>]*>د\. أحمد الشريف<\/h1>/);
    // Signed out: the login call to action, no grade cards (they need the server).
    expect(html).toContain('href="/auth"');
    expect(html).not.toContain(enHome['home.why.lectures']);
  });

  it('renders the English page left-to-right', async () => {
    const html = await renderHome('en');
    expect(splitHints(html).page).toMatch(/^<div data-amplify-theme="bioscope" data-amplify-color-mode="dark" dir="ltr">/);
    expect(html).toContain(enHome['home.whyTitle']);
    expect(html).toContain(enHome['home.teacherRole']);
  });

  it('writes every copy into the empty root: marked by page, language and id suffix, in its colour mode, ids unique', async () => {
    const out = injectPrerender(INDEX, await allCopies());
    const root = out.slice(out.indexOf('<div id="root">'), out.indexOf('<script'));
    expect(root.match(/<div data-copy-of="[^"]+" data-prerender="[^"]+"[^>]*>/g)).toEqual([
      '<div data-copy-of="home" data-prerender="en" data-amplify-theme="bioscope" data-amplify-color-mode="dark" dir="ltr">',
      '<div data-copy-of="home" data-prerender="en" data-id-suffix="-light" data-amplify-theme="bioscope" data-amplify-color-mode="light" dir="ltr">',
      '<div data-copy-of="home" data-prerender="ar" data-id-suffix="-ar" data-amplify-theme="bioscope" data-amplify-color-mode="dark" dir="rtl">',
      '<div data-copy-of="home" data-prerender="ar" data-id-suffix="-ar-light" data-amplify-theme="bioscope" data-amplify-color-mode="light" dir="rtl">',
      '<div data-copy-of="login" data-prerender="en" data-amplify-theme="bioscope" data-amplify-color-mode="dark" dir="ltr">',
      '<div data-copy-of="login" data-prerender="en" data-id-suffix="-light" data-amplify-theme="bioscope" data-amplify-color-mode="light" dir="ltr">',
      '<div data-copy-of="login" data-prerender="ar" data-id-suffix="-ar" data-amplify-theme="bioscope" data-amplify-color-mode="dark" dir="rtl">',
      '<div data-copy-of="login" data-prerender="ar" data-id-suffix="-ar-light" data-amplify-theme="bioscope" data-amplify-color-mode="light" dir="rtl">',
    ]);
    const ids = [...root.matchAll(/ id="([^"]+)"/g)].map((m) => m[1]);
    expect(ids.length).toBeGreaterThan(12);
    expect(new Set(ids).size).toBe(ids.length);
    expect(root).toContain('aria-labelledby="why-heading-ar"');
    expect(root).toContain('for="login-identifier-ar-light"');
    // The hero logo, when it is a file (here the test's stub; inlined in the build), preloaded once in <head>.
    const head = out.slice(0, out.indexOf('</head>'));
    expect(head.match(/<link rel="preload" as="image" href="test-file-stub"\/>/g)).toHaveLength(1);
    expect(root).not.toContain('<link');
    // No inline script: the CSP allows scripts from the site only.
    expect(out.match(/<script/g)).toHaveLength(1);
  });

  it('prerenders the login form with nothing that sends it before the app is here', async () => {
    const html = markCopy({ page: 'login', language: 'ar', theme: 'dark', html: splitHints(await renderPage('login', 'ar')).page });
    expect(html).toMatch(/<h1[^>]*>تسجيل الدخول<\/h1>/);
    expect(html).toContain(arAuth['auth.identifier']);
    expect(html).toContain('name="identifier"');
    expect(html).toContain('name="password"');
    // Sent natively, a GET would put the password in the address.
    expect(html).not.toContain('type="submit"');
    expect(html.match(/<button/g)!.length).toBeGreaterThan(1);
    expect(html).toContain('type="button" data-prerender-submit=""');
    expect(html).toContain('href="/auth/registeration"');
  });

  it('names each prerendered page in preferences.js (by address) and in the stylesheet (hidden elsewhere)', () => {
    const preferences = fs.readFileSync(path.join(__dirname, '../../web/public/preferences.js'), 'utf8');
    const css = fs.readFileSync(path.join(__dirname, '../../web/src/styles/global.css'), 'utf8');
    for (const [page, at] of Object.entries(PRERENDERED)) {
      expect(preferences).toContain(`'${at}': '${page}'`);
      expect(css).toContain(`html:not([data-copy='${page}']) [data-copy-of='${page}']`);
    }
  });

  it('refuses an index.html without an empty root, or a page that does not start with the theme wrapper', () => {
    expect(() => injectPrerender('<div id="root">x</div>', [])).toThrow(/empty/);
    expect(() => markCopy({ page: 'home', language: 'en', theme: 'dark', html: '<main></main>' })).toThrow(/theme wrapper/);
    const light = '<div data-amplify-theme="bioscope" data-amplify-color-mode="light" dir="ltr"><h2 id="x-ar">x</h2></div>';
    expect(() => markCopy({ page: 'home', language: 'en', theme: 'dark', html: light })).toThrow(/rendered in the light colour mode/);
    expect(() => markCopy({ page: 'home', language: 'ar', theme: 'light', html: light.replace('x-ar', 'x-ar-light') })).toThrow(/already ends with -ar-light/);
  });
});

describe('the app taking `/` over', () => {
  it('renders the home page in its first pass once the home screen is preloaded (no spinner between)', async () => {
    await homeScreen.preload();
    const container = document.createElement('div');
    document.body.append(container);
    const router = createMemoryRouter(routes, { initialEntries: ['/'] });
    const root = createRoot(container);
    // One synchronous render and commit: a lazy screen still loading would leave the spinner here.
    act(() => root.render(<App store={makeStore()} router={router} />));
    expect(screen.getByRole('heading', { level: 1, name: 'د. أحمد الشريف' })).toBeInTheDocument();
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    act(() => root.unmount());
    container.remove();
  });

  it('loads a page\'s layout and screen together: after preloadRoute the login page renders in the first pass', async () => {
    await preloadRoute('/auth/login');
    const container = document.createElement('div');
    document.body.append(container);
    const root = createRoot(container);
    act(() => root.render(<App store={makeStore()} router={createMemoryRouter(routes, { initialEntries: ['/auth/login'] })} />));
    // Both lazy levels (the auth layout and its login page) were here before the render.
    expect(screen.getByRole('heading', { name: 'Log in' })).toBeInTheDocument();
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    act(() => root.unmount());
    container.remove();
  });

  it('preloads nothing for a path with no lazy screen (an unknown path only redirects home)', async () => {
    await expect(preloadRoute('/no/such/page')).resolves.toStrictEqual([]);
    await expect(preloadRoute('/auth/login')).resolves.toHaveLength(2);
  });

  it('hydrates the copy of each page, language and theme with no mismatch: React keeps its elements', async () => {
    const index = injectPrerender(INDEX, await allCopies());
    const rootHtml = index.slice(index.indexOf('<div id="root">') + '<div id="root">'.length, index.lastIndexOf('</div><script'));
    for (const page of Object.keys(PRERENDERED) as PrerenderedPage[]) await preloadRoute(PRERENDERED[page]);
    for (const page of Object.keys(PRERENDERED) as PrerenderedPage[])
      for (const language of LANGUAGES)
        for (const theme of THEMES) {
          const { container, errors, heading, root } = await hydrated(rootHtml, page, language, theme);
          expect({ page, language, theme, errors }).toEqual({ page, language, theme, errors: [] });
          // The heading the server wrote is the one React now holds, in the stored language and theme.
          expect(container.querySelector('h1')).toBe(heading);
          expect(container.firstElementChild).toHaveAttribute('data-amplify-color-mode', theme);
          expect(container.firstElementChild).toHaveAttribute('dir', language === 'ar' ? 'rtl' : 'ltr');
          expect(container.querySelector('[data-prerender], [data-copy-of], [data-id-suffix], [data-prerender-submit]')).toBeNull();
          expect(container.children).toHaveLength(1);
          act(() => root.unmount());
          container.remove();
        }
  });

  it('keeps what was typed into the prerendered login form, and the focus, and sends it once hydrated', async () => {
    await preloadRoute('/auth/login');
    const container = document.createElement('div');
    for (const language of LANGUAGES) container.innerHTML += markCopy({ page: 'login', language, theme: 'dark', html: await renderPage('login', language, 'dark') });
    document.body.append(container);
    // Before the app: the form's button sends nothing (a plain button).
    expect(container.querySelectorAll('button[type="submit"]')).toHaveLength(0);
    const prerendered = container.querySelector<HTMLInputElement>('input[name="identifier"]')!;
    prerendered.value = 'student@example.com';
    prerendered.focus();
    expect(keepCopy(container, 'login', 'en', 'dark')).toBe(true);
    localStorage.setItem('language', 'en');
    localStorage.setItem('theme', 'dark');
    const root = await act(async () => hydrateRoot(container, <App store={makeStore()} router={createMemoryRouter(routes, { initialEntries: ['/auth/login'] })} />));
    const identifier = screen.getByLabelText(enAuth['auth.identifier']);
    expect(identifier).toBe(prerendered);
    expect(identifier).toHaveValue('student@example.com');
    expect(identifier).toHaveFocus();
    // The form itself has the value: sent with no password, only the password is missing.
    await act(async () => screen.getByRole('button', { name: 'Log in' }).click());
    await waitFor(() => expect(screen.getByLabelText(enAuth['auth.password'])).toHaveAttribute('aria-invalid', 'true'));
    expect(identifier).toHaveAttribute('aria-invalid', 'false');
    act(() => root.unmount());
    container.remove();
  });

  it('empties the root when no copy is in the language and theme asked for (the app then renders afresh)', async () => {
    const container = document.createElement('div');
    container.innerHTML = markCopy({ page: 'home', language: 'en', theme: 'dark', html: splitHints(await renderPage('home', 'en', 'dark')).page });
    expect(keepCopy(container, 'home', 'ar', 'dark')).toBe(false);
    expect(container.childNodes).toHaveLength(0);
  });
});

/**
 * Hydrates the copy of `page` in `language` and `theme` out of every copy, with the stored choices
 * the client reads (as public/preferences.js does), catching what React reports (a mismatch in
 * development: console.error; a recoverable error, which renders the page afresh).
 */
async function hydrated(rootHtml: string, page: PrerenderedPage, language: Language, theme: ThemeMode) {
  localStorage.setItem('language', language);
  localStorage.setItem('theme', theme);
  const container = document.createElement('div');
  container.innerHTML = rootHtml;
  document.body.append(container);
  expect(keepCopy(container, page, language, theme)).toBe(true);
  const heading = container.querySelector('h1');
  const errors: string[] = [];
  const logged = jest.spyOn(console, 'error').mockImplementation((...args: unknown[]) => void errors.push(args.map(String).join(' ')));
  try {
    const root = await act(async () =>
      hydrateRoot(container, <App store={makeStore()} router={createMemoryRouter(routes, { initialEntries: [PRERENDERED[page]] })} />, {
        onRecoverableError: (e) => void errors.push(`recoverable: ${String(e)}`),
      }),
    );
    return { container, errors, heading, root };
  } finally {
    logged.mockRestore();
    localStorage.clear();
  }
}
