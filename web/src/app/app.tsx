import { useState } from 'react';
import { RouterProvider, type createBrowserRouter } from 'react-router';
import { PwaNotices } from '@/features/pwa/components/pwa-notices';
import { configureApiClient } from '@/lib/api-client';
import { AppProvider } from './provider';
import { prefetchRouteData } from './route-data';
import { runBlocked, runSessionExpired } from './session-flows';
import type { AppStore } from './store';

type AppRouter = ReturnType<typeof createBrowserRouter>;

/** The API client's one error path, wired to this store and router. */
export function wireApiClient(store: AppStore, router: AppRouter) {
  const go = (to: string) => void router.navigate(to, { replace: true });
  configureApiClient({
    getToken: () => store.getState().auth.token,
    onSessionExpired: (detail) => void runSessionExpired(store.dispatch, go, detail),
    onBlocked: (message) => void runBlocked(message, store.dispatch, go),
  });
}

/** Each navigation asks its screen's first data at once, beside the screen's code (app/route-data.ts). */
function prefetchOnNavigation(store: AppStore, router: AppRouter) {
  let pathname = router.state.location.pathname;
  prefetchRouteData(pathname, store.getState());
  router.subscribe((state) => {
    if (state.location.pathname === pathname) return;
    pathname = state.location.pathname;
    prefetchRouteData(pathname, store.getState());
  });
}

export function App({ store, router }: { store: AppStore; router: AppRouter }) {
  // Wired before the first render, so the screens' first calls already carry the token.
  useState(() => {
    wireApiClient(store, router);
    prefetchOnNavigation(store, router);
  });
  return (
    <AppProvider store={store}>
      <RouterProvider router={router} />
      <PwaNotices />
    </AppProvider>
  );
}
