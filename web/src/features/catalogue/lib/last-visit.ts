/**
 * 'Continue where you stopped' (issue 9): the last term a student opened, kept in localStorage
 * per user, so the signed-in home can lead straight back to it. Only what reopens the page is
 * kept: the trail (names and ids), nothing private.
 */
import { readJson, remove, writeJson } from '@/lib/storage';
import { readTrail, type Trail } from './nav-state';

export const LAST_VISIT_KEY = 'lastVisit';

export interface LastVisit {
  userId: string;
  /** The /content trail: Home, grade / track, term. */
  trail: Trail;
}

export const saveLastVisit = (userId: string, trail: Trail) => writeJson(LAST_VISIT_KEY, { userId, trail } satisfies LastVisit);

/** The signed-in user's last term, or null (another user's is not shown, and is dropped). */
export function readLastVisit(userId: string | undefined): LastVisit | null {
  const stored = readJson<LastVisit>(LAST_VISIT_KEY);
  if (!stored || !userId) return null;
  if (stored.userId !== userId) {
    remove(LAST_VISIT_KEY);
    return null;
  }
  const trail = readTrail(stored.trail);
  return trail && trail.breadcrumb.at(-1)?.termId ? { userId, trail } : null;
}
