/**
 * The catalogue reads the service worker keeps for offline use (web/build/pwa.ts: API_CACHE_NAME)
 * are one signed-in student's: on a shared phone the next one must never see them. So the cache is
 * emptied whenever the signed-in user changes — signing out, or another account signing in.
 */
export const API_CACHE_NAME = 'bioscope-api';

/** Whose answers the cache holds ('' for none signed in), across reloads. */
const OWNER_KEY = 'apiCacheUser';

const read = () => {
  try {
    return localStorage.getItem(OWNER_KEY);
  } catch {
    return null; // Storage refused (a private window's quota): the cache is emptied each time.
  }
};
const write = (owner: string | null) => {
  try {
    if (owner === null) localStorage.removeItem(OWNER_KEY);
    else localStorage.setItem(OWNER_KEY, owner);
  } catch {
    // As above.
  }
};

/** Empties the cache unless it holds `userId`'s answers (null: signed out). */
export async function keepApiCacheOf(userId: string | null): Promise<void> {
  const owner = userId ?? '';
  const before = read();
  if (before === owner) return;
  // The new owner is noted first: a page opened while the deletion runs (the next address) must not
  // empty the cache again, and drop what this user's pages have kept meanwhile. Should the deletion
  // fail, the old owner stays noted, so the next page tries again.
  write(owner);
  try {
    if (typeof caches !== 'undefined') await caches.delete(API_CACHE_NAME);
  } catch {
    write(before);
  }
}
