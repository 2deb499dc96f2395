/**
 * Whether the API answers from the network (issue 44): the API client notes each GET's outcome
 * (lib/api-client.ts) — an answer from the network, the service worker's kept copy (marked
 * `x-bioscope-offline: <ISO time it was stored>`: web/build/pwa.ts), or none at all — and the
 * offline notice shows it (features/pwa/components/pwa-notices.tsx).
 */
export interface ApiReach {
  /** The last GET got no answer from the network (none at all, or the kept copy). */
  offline: boolean;
  /** When the kept copy last shown was stored, and on which page it was shown. */
  saved?: { storedAt: string; page: string };
}

export const OFFLINE_MARK_HEADER = 'x-bioscope-offline';

/** Before any GET: what a page prerendered at build time shows (React hydrates with it). */
export const NO_API_ANSWER_YET: ApiReach = { offline: false };

let reach: ApiReach = NO_API_ANSWER_YET;
const listeners = new Set<() => void>();

const set = (next: ApiReach) => {
  if (next.offline === reach.offline && next.saved?.storedAt === reach.saved?.storedAt && next.saved?.page === reach.saved?.page) return;
  reach = next;
  for (const l of listeners) l();
};

/** A GET's answer (undefined: none came, the network failed). */
export function noteApiAnswer(res: Response | undefined): void {
  // `?.`: the web tests' stand-in answers carry no headers.
  const storedAt = res?.headers?.get(OFFLINE_MARK_HEADER);
  if (storedAt) set({ offline: true, saved: { storedAt, page: location.pathname } });
  else if (res) set({ offline: false });
  else set({ ...reach, offline: true });
}

export const apiReach = (): ApiReach => reach;

export function subscribeApiReach(listener: () => void): () => void {
  listeners.add(listener);
  return () => void listeners.delete(listener);
}
