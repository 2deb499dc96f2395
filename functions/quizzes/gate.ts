/**
 * The quiz gate (spec 4): video N of a lecture is locked unless every earlier video that has a
 * quiz is passed by this student. The catalogue composes it after entitlement (catalogue/access.ts).
 * This file imports no catalogue module, so catalogue → quizzes/public.ts makes no cycle.
 */
import type { Key } from '../data/keys';
import { addGateFacts, gateKeys } from '../data/result-repo';

export interface GatedVideo {
  id: string;
  quizId: string | null;
  order: number;
}
/** Why a video is locked: the first earlier video (1-based position) whose quiz is not passed yet. */
export interface VideoLock {
  reason: 'quiz';
  videoNumber: number;
  quizId: string;
}

/** The rule itself: pure. Quizzes not in `existing` (deleted) gate nothing. */
export function lockedVideos(videos: GatedVideo[], passed: ReadonlySet<string>, existing: ReadonlySet<string>): Map<string, VideoLock> {
  const locks = new Map<string, VideoLock>();
  let blocking: VideoLock | undefined;
  [...videos]
    .sort((a, b) => a.order - b.order)
    .forEach((v, i) => {
      if (blocking) locks.set(v.id, blocking);
      else if (v.quizId && existing.has(v.quizId) && !passed.has(v.quizId)) blocking = { reason: 'quiz', videoNumber: i + 1, quizId: v.quizId };
    });
  return locks;
}

/** The quizzes that can lock a video: the last video's quiz gates nothing after it, so it needs no read. */
function gatingQuizzes(viewer: { isAdmin: boolean }, videos: GatedVideo[]): string[] {
  if (viewer.isAdmin) return [];
  const sorted = [...videos].sort((a, b) => a.order - b.order);
  return [...new Set(sorted.slice(0, -1).flatMap((v) => (v.quizId ? [v.quizId] : [])))];
}

/**
 * The gate for one viewer in two steps, for a caller that reads other items in the same BatchGet
 * (the lecture open reads the purchase with it): the keys to read, then the locks from what was
 * read at them. Admins are never gated, and need no read.
 */
export interface GatePlan {
  keys: Key[];
  locks(items: (Record<string, unknown> | undefined)[]): Map<string, VideoLock>;
}
export function gatePlan(viewer: { userId: string; isAdmin: boolean }, videos: GatedVideo[]): GatePlan {
  const quizIds = gatingQuizzes(viewer, videos);
  return {
    keys: gateKeys(viewer.userId, quizIds),
    locks: (items) => {
      if (quizIds.length === 0) return new Map();
      const { passed, existing } = addGateFacts({ passed: new Set(), existing: new Set() }, quizIds, items);
      return lockedVideos(videos, passed, existing);
    },
  };
}
