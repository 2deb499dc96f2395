import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { flushSync } from 'react-dom';
import { createBrowserRouter } from 'react-router';
import { App } from '@/app/app';
import { preloadRoute, routes } from '@/app/routes';
import { makeStore } from '@/app/store';
import { carryOverInput, typedInto } from '@/lib/prerender-takeover';
// The design library's theme as CSS (app/theme.ts, built by web/vite.config.mts), then the app's CSS.
import 'virtual:amplify-theme.css';
import '@/styles/global.css';
// After the app's CSS: the library's primitives and their fit to it (components/primitives.css).
import '@/app/amplify-styles';

// zod is set to its plain parser (the CSP allows no eval) where it loads: lib/zod-jitless.ts.

const store = makeStore();
const router = createBrowserRouter(routes);
const root = document.getElementById('root')!;

const render = () =>
  createRoot(root).render(
    <StrictMode>
      <App store={store} router={router} />
    </StrictMode>,
  );

// Every lazy screen of the page starts loading now, side by side (app/routes.tsx). A page that
// arrived prerendered (<html data-copy>, set by public/preferences.js; web/build/prerender.ts) is
// taken over once its screens are here, so it is replaced by itself, not by a spinner, and keeps
// what the student typed into it meanwhile; elsewhere the shell renders at once.
const loading = preloadRoute(window.location.pathname);
if (document.documentElement.dataset.copy)
  void loading.then(() => {
    const typed = typedInto(root);
    flushSync(render);
    carryOverInput(root, typed);
  });
else render();
