import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { createBrowserRouter } from 'react-router';
import { App } from '@/app/app';
import { preloadRoute, routes } from '@/app/routes';
import { makeStore } from '@/app/store';
import { loadLanguage } from '@/i18n/load-language';
import { keepCopy } from '@/lib/prerender-takeover';
import { nextTask, runInTasks, screenFiles } from '@/lib/staged-modules';
import { initialLanguage } from '@/stores/language-slice';
// The design library's theme as CSS (app/theme.ts, built by web/vite.config.mts), then the app's CSS.
import 'virtual:amplify-theme.css';
import '@/styles/global.css';
// After the app's CSS: the library's primitives and their fit to it (components/primitives.css).
import '@/app/amplify-styles';

// zod is set to its plain parser (the CSP allows no eval) where it loads: lib/zod-jitless.ts.

const root = document.getElementById('root')!;

/** The store and the router (which matches the address: its first state names the page's screens). */
const makeApp = () => ({ store: makeStore(), router: createBrowserRouter(routes) });
type Booted = ReturnType<typeof makeApp>;

/** What the root renders (or hydrates). */
const tree = ({ store, router }: Booted) => (
  <StrictMode>
    <App store={store} router={router} />
  </StrictMode>
);

// A cheap phone's main thread is never held long while the page starts (a tap is answered:
// Lighthouse's blocking time): this module's evaluation, making the store and the router, and the
// first render are tasks of their own, and so is each chunk of a prerendered page's screens.
//
// Every lazy screen of the page starts loading with the router, side by side (app/routes.tsx;
// preferences.js has already asked for their files). A page that arrived prerendered (<html
// data-copy>, set by public/preferences.js; web/build/prerender.ts) is hydrated once its screens are
// here, so the first render is the page on screen (same language and theme, read from the same
// stored choices) and React keeps its elements, with what the student typed and the focus: its
// chunks run one per task first (lib/staged-modules.ts), and the hydration starts in the task after
// the screens' import. Elsewhere the shell renders as soon as the store and the router are made,
// and each screen once its chunks are here.
// The stored language's texts, asked for beside the entry by preferences.js: the first render has
// them. Should their file fail to load, the app still starts (its texts then show as their keys).
const language = loadLanguage(initialLanguage()).catch(() => undefined);

const boot = () => {
  const app = makeApp();
  return { app, screens: preloadRoute(window.location.pathname, app.router.state.matches) };
};
/**
 * The texts of the language the store starts in: the one loaded above, unless the stored choice
 * changed while the page loaded (another tab switched it) — then that one's too, so the first render
 * speaks the store's language (a hydration in it would otherwise find the other's texts).
 */
const storeLanguage = <T extends Booted>(booted: T) =>
  loadLanguage(booted.store.getState().language.language)
    .catch(() => undefined)
    .then(() => booted);
const copy = document.documentElement.dataset.copy;
if (copy)
  void Promise.all([runInTasks(screenFiles()), language])
    .then(boot)
    .then(({ app, screens }) => screens.then(nextTask).then(() => app))
    .then(storeLanguage)
    .then((booted) => {
      // Hydrated only as the store starts: the copy of its language and theme, signed out as every copy is.
      // A session stored while the page booted (another tab signing in; a test writing one) renders afresh,
      // as does a language or theme with no copy (the build always writes them all).
      const { auth, language: stored, theme } = booted.store.getState();
      if (auth.user === null && keepCopy(root, copy, stored.language, theme.mode)) hydrateRoot(root, tree(booted));
      else {
        root.replaceChildren();
        createRoot(root).render(tree(booted));
      }
    });
else
  void Promise.all([nextTask(), language]).then(() => {
    const { app } = boot();
    return storeLanguage(app)
      .then(nextTask)
      .then(() => createRoot(root).render(tree(app)));
  });
