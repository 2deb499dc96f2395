/**
 * The catalogue reads the service worker keeps for offline use (web/build/pwa.ts: API_CACHE_NAME)
 * are one signed-in student's: on a shared phone the next one must never see them. So the cache is
 * emptied whenever the signed-in user changes — signing out, or another account signing in.
 */
export const API_CACHE_NAME = 'bioscope-api';

/** Whose answers the cache holds ('' for none signed in), across reloads. */
const OWNER_KEY = 'apiCacheUser';

/** Empties the cache unless it holds `userId`'s answers (null: signed out). */
export async function keepApiCacheOf(userId: string | null): Promise<void> {
  const owner = userId ?? '';
  let stored: string | null = null;
  try {
    stored = localStorage.getItem(OWNER_KEY);
  } catch {
    // Storage refused (a private window's quota): empty the cache each time.
  }
  if (stored === owner) return;
  if (typeof caches !== 'undefined') await caches.delete(API_CACHE_NAME);
  try {
    localStorage.setItem(OWNER_KEY, owner);
  } catch {
    // As above.
  }
}
