/**
 * The home page as HTML, rendered at build time (web/build/prerender.ts writes it into the `/`
 * page), so its hero, title, description and why-section paint before any JavaScript runs. One
 * copy per interface language: the page shows the one <html lang> names (public/preferences.js
 * sets it from the stored choice before the first paint; styles/global.css hides the other), and
 * React, once loaded, replaces it with the same page (main.tsx).
 */
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { createMemoryRouter } from 'react-router';
import { App } from '@/app/app';
import { homeScreen, routes } from '@/app/routes';

// The route table's screens by route, for the page preloads the build writes (web/build/route-preload.ts).
export { routeModules } from '@/app/routes';
import { makeStore } from '@/app/store';
import type { Language } from '@/i18n/use-t';
import { setLanguage } from '@/stores/language-slice';
import { setTheme } from '@/stores/theme-slice';

export const LANGUAGES: readonly Language[] = ['en', 'ar'];

/** The signed-out home page (`/`) in `language`, as React renders it on the client. */
export async function renderHome(language: Language): Promise<string> {
  await homeScreen.preload();
  const store = makeStore();
  store.dispatch(setLanguage(language));
  // The default theme (spec 3); the colours follow <html data-theme> until React takes over.
  store.dispatch(setTheme('dark'));
  const router = createMemoryRouter(routes, { initialEntries: ['/'] });
  return renderToString(
    <StrictMode>
      <App store={store} router={router} />
    </StrictMode>,
  );
}
