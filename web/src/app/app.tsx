import { useState } from 'react';
import { RouterProvider, type createBrowserRouter } from 'react-router';
import { configureApiClient } from '@/lib/api-client';
import { AppProvider } from './provider';
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

export function App({ store, router }: { store: AppStore; router: AppRouter }) {
  // Wired before the first render, so the screens' first calls already carry the token.
  useState(() => wireApiClient(store, router));
  return (
    <AppProvider store={store}>
      <RouterProvider router={router} />
    </AppProvider>
  );
}
