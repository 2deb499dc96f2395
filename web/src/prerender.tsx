/**
 * The pages that arrive as HTML, rendered at build time (web/build/prerender.ts writes them into
 * index.html), so they paint before any JavaScript runs: the home page (its hero, title, description
 * and why-section) and the login form. One copy per page, interface language and theme: the page
 * shows the one public/preferences.js names (<html data-copy>, from the address) in the language and
 * theme <html lang> and <html data-theme> name (from the stored choices, before the first paint;
 * styles/global.css hides the others), and React, once loaded, hydrates it (main.tsx): the client's
 * first render is the same page in the same language and theme, read from the same stored choices.
 */
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { createMemoryRouter } from 'react-router';
import { App } from '@/app/app';
import { routeById } from '@shared/routes';
import { EARLY_DATA, preloadRoute, routes } from '@/app/routes';

// The route table's screens by route, for the page preloads the build writes (web/build/route-preload.ts).
export { routeModules } from '@/app/routes';
import { makeStore } from '@/app/store';
import { loadLanguage } from '@/i18n/load-language';
import type { Language } from '@/i18n/use-t';
import { setLanguage } from '@/stores/language-slice';
import { setTheme, type ThemeMode } from '@/stores/theme-slice';

export const LANGUAGES: readonly Language[] = ['en', 'ar'];
export const THEMES: readonly ThemeMode[] = ['dark', 'light'];

/** EARLY_DATA with each request's API path template (/api/cours/lectureaaa/{id}), for the build's earlyDataScript. */
export const earlyRequests = () =>
  EARLY_DATA.map(({ pattern, request, poster }) => {
    const route = routeById(request);
    if (route.method !== 'GET' || route.access === 'public') throw new Error(`EARLY_DATA: ${request} is not a signed-in GET`);
    return { pattern, path: route.path, ...(poster ? { poster } : {}) };
  });

/**
 * The prerendered pages by the name <html data-copy> gives them (public/preferences.js maps the
 * addresses to these names; styles/global.css hides each page's copies elsewhere), with the path
 * each is rendered at.
 */
export const PRERENDERED = { home: '/', login: '/auth/login' } as const;
export type PrerenderedPage = keyof typeof PRERENDERED;

/** A prerendered page (signed out) in `language` and `theme`, as React renders it on the client. */
export async function renderPage(page: PrerenderedPage, language: Language, theme: ThemeMode = 'dark'): Promise<string> {
  const path = PRERENDERED[page];
  await Promise.all([preloadRoute(path), loadLanguage(language)]);
  const store = makeStore();
  store.dispatch(setLanguage(language));
  store.dispatch(setTheme(theme));
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  return renderToString(
    <StrictMode>
      <App store={store} router={router} />
    </StrictMode>,
  );
}

/** The signed-out home page (`/`) in `language`. */
export const renderHome = (language: Language) => renderPage('home', language);
