import { StrictMode, useLayoutEffect } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter } from 'react-router';
import { App } from '@/app/app';
import { preloadRoute, routes } from '@/app/routes';
import { makeStore } from '@/app/store';
import { carryOverInput, typedInto } from '@/lib/prerender-takeover';
import { runInTasks, screenFiles } from '@/lib/staged-modules';
// The design library's theme as CSS (app/theme.ts, built by web/vite.config.mts), then the app's CSS.
import 'virtual:amplify-theme.css';
import '@/styles/global.css';
// After the app's CSS: the library's primitives and their fit to it (components/primitives.css).
import '@/app/amplify-styles';

// zod is set to its plain parser (the CSP allows no eval) where it loads: lib/zod-jitless.ts.

const store = makeStore();
const router = createBrowserRouter(routes);
const root = document.getElementById('root')!;

/** Runs `run` once React has put the app's DOM in place (the commit that replaces a prerendered copy). */
function AfterCommit({ run }: { run: () => void }) {
  useLayoutEffect(run, [run]);
  return null;
}

// The browser's runtime is Preact through its React layer (web/build/preact-runtime.ts): a render
// is one synchronous pass, so the takeover below gives it a task of its own.
const render = (afterCommit?: () => void) =>
  createRoot(root).render(
    <StrictMode>
      <App store={store} router={router} />
      {afterCommit && <AfterCommit run={afterCommit} />}
    </StrictMode>,
  );

// Every lazy screen of the page starts loading now, side by side (app/routes.tsx). A page that
// arrived prerendered (<html data-copy>, set by public/preferences.js; web/build/prerender.ts) is
// taken over once its screens are here, so it is replaced by itself, not by a spinner, and keeps
// what the student typed into it until the commit that replaces it; elsewhere the shell renders at
// once. A cheap phone's main thread is never held long meanwhile (a tap is answered: Lighthouse's
// blocking time): the page's chunks run one per task (lib/staged-modules.ts), and the takeover
// renders in the task after the last of them.
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));
if (document.documentElement.dataset.copy)
  void runInTasks(screenFiles())
    .then(() => preloadRoute(window.location.pathname))
    .then(nextTask)
    .then(() => {
      // Read just before the render, which commits in the same pass: nothing can be typed in between.
      const typed = typedInto(root);
      render(() => carryOverInput(root, typed));
    });
else {
  void preloadRoute(window.location.pathname);
  render();
}
