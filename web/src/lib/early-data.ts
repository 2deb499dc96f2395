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

/**
 * Issue 39: GETs asked as a navigation begins (app/route-data.ts: the screen's data beside its
 * code, not after it), each taken once by the API client's next call of that very request (same URL
 * and Authorization) within AHEAD_MAX_AGE_MS; later, or never taken, it is dropped.
 */
export const AHEAD_MAX_AGE_MS = 10_000;
const ahead = new Map<string, { at: number; response: Promise<Response> }>();
const aheadKey = (url: string, authorization: string | undefined) => `${authorization ?? ''} ${url}`;

/** Asks `ask()` ahead for this URL and Authorization, unless a fresh one is already on its way. */
export function askAhead(url: string, authorization: string | undefined, ask: () => Promise<Response>, now = performance.now()): void {
  const key = aheadKey(url, authorization);
  const earlier = ahead.get(key);
  if (earlier && now - earlier.at <= AHEAD_MAX_AGE_MS) return;
  const response = ask();
  // A failure is the taking call's to see (it then asks again); untaken, it must not be reported as unhandled.
  response.catch(() => undefined);
  ahead.set(key, { at: now, response });
}

/** The response asked ahead for this GET, once; undefined when there is none, or it is too old. */
export function takeAhead(url: string, authorization: string | undefined, now = performance.now()): Promise<Response> | undefined {
  const key = aheadKey(url, authorization);
  const entry = ahead.get(key);
  if (!entry) return undefined;
  ahead.delete(key);
  return now - entry.at <= AHEAD_MAX_AGE_MS ? entry.response : undefined;
}
