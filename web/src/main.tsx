import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter } from 'react-router';
import { App } from '@/app/app';
import { preloadRoute, routes } from '@/app/routes';
import { makeStore } from '@/app/store';
// The design library's theme as CSS (app/theme.ts, built by web/vite.config.mts), then the app's CSS.
import 'virtual:amplify-theme.css';
import '@/styles/global.css';
// After the app's CSS: the library's primitives and their fit to it (components/primitives.css).
import '@/app/amplify-styles';

// zod is set to its plain parser (the CSP allows no eval) where it loads: lib/zod-jitless.ts.

const store = makeStore();
const router = createBrowserRouter(routes);

const render = () =>
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <App store={store} router={router} />
    </StrictMode>,
  );

// Every lazy screen of the page starts loading now, side by side (app/routes.tsx). `/` arrives with
// its page prerendered (web/build/prerender.ts): React takes it over once the home screen is here,
// so the page is replaced by itself, not by a spinner; elsewhere the shell renders at once.
const loading = preloadRoute(window.location.pathname);
if (window.location.pathname === '/') void loading.then(render);
else render();
