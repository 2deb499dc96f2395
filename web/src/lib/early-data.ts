/**
 * Issue 14: the response public/preferences.js fetched for the page opened, beside the entry
 * (web/build/route-preload.ts `earlyDataScript`; which requests: app/routes.tsx EARLY_DATA), handed
 * to the API client's first call of that very request instead of asking again. Taken once, only
 * for the same URL and token, and only while the page is fresh: a later visit asks afresh.
 */
interface Early {
  url: string;
  token: string;
  response: Promise<Response>;
}

declare global {
  interface Window {
    __early?: Early;
  }
}

/** After this long since the page loaded the early response is not used (the app's first call has long been made). */
export const EARLY_DATA_MAX_AGE_MS = 30_000;

/** The early response of this GET (same URL, same Authorization), once; undefined when there is none to take. */
export function takeEarly(url: string, authorization: string | undefined, now = performance.now()): Promise<Response> | undefined {
  const early = typeof window === 'undefined' ? undefined : window.__early;
  if (!early || early.url !== url || authorization !== `Bearer ${early.token}`) return undefined;
  window.__early = undefined;
  return now <= EARLY_DATA_MAX_AGE_MS ? early.response : undefined;
}
