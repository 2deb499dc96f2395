/**
 * Issue 14: the home page arrives prerendered (web/build/prerender.ts). What the build writes into
 * `/`'s HTML, and that the app then takes the page over with the same page, not a spinner.
 */
import { act, screen } from '@testing-library/react';
import { createRoot } from 'react-dom/client';
import { createMemoryRouter } from 'react-router';
import { App } from '@/app/app';
import { homeScreen, preloadRoute, routes } from '@/app/routes';
import { makeStore } from '@/app/store';
import { arHome } from '@/i18n/ar/home';
import { enHome } from '@/i18n/en/home';
import { renderHome } from '@/prerender';
import { injectPrerender, markCopy, splitHints } from '../../web/build/prerender-html';

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

  it('writes both copies into the empty root: marked by language, colour mode left to <html>, ids unique', async () => {
    const out = injectPrerender(INDEX, { en: await renderHome('en'), ar: await renderHome('ar') });
    const root = out.slice(out.indexOf('<div id="root">'), out.indexOf('<script'));
    expect(root).toContain('<div data-prerender="en" data-amplify-theme="bioscope" dir="ltr">');
    expect(root).toContain('<div data-prerender="ar" data-amplify-theme="bioscope" dir="rtl">');
    expect(root).not.toContain('data-amplify-color-mode');
    const ids = [...root.matchAll(/ id="([^"]+)"/g)].map((m) => m[1]);
    expect(ids.length).toBeGreaterThan(2);
    expect(new Set(ids).size).toBe(ids.length);
    expect(root).toContain('aria-labelledby="why-heading-ar"');
    // The hero logo, when it is a file (here the test's stub; inlined in the build), preloaded once in <head>.
    const head = out.slice(0, out.indexOf('</head>'));
    expect(head.match(/<link rel="preload" as="image" href="test-file-stub"\/>/g)).toHaveLength(1);
    expect(root).not.toContain('<link');
    // No inline script: the CSP allows scripts from the site only.
    expect(out.match(/<script/g)).toHaveLength(1);
  });

  it('refuses an index.html without an empty root, or a page that does not start with the theme wrapper', () => {
    expect(() => injectPrerender('<div id="root">x</div>', { en: '', ar: '' })).toThrow(/empty/);
    expect(() => markCopy('<main></main>', 'en')).toThrow(/theme wrapper/);
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
});
