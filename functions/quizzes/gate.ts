/**
 * The quiz gate (spec 4): video N of a lecture is locked unless every earlier video that has a
 * quiz is passed by this student. The catalogue composes it after entitlement (catalogue/access.ts).
 * This file imports no catalogue module, so catalogue → quizzes/public.ts makes no cycle.
 */
import type { Key } from '../data/keys';
import { existingQuizIds } from '../data/quiz-repo';
import { gateKeys, passedOf } from '../data/result-repo';
import { recentReads } from '../lib/recent';
import { QUIZ_CACHE_TTL_MS } from './quiz-cache';

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

/** The quizzes that can lock a video: the last video's quiz gates nothing after it. */
function gatingQuizzes(viewer: { isAdmin: boolean }, videos: GatedVideo[]): string[] {
  if (viewer.isAdmin) return [];
  const sorted = [...videos].sort((a, b) => a.order - b.order);
  return [...new Set(sorted.slice(0, -1).flatMap((v) => (v.quizId ? [v.quizId] : [])))];
}

/** Every quiz of the videos (the gating ones first): the student's result of each is read, so each video says whether its quiz is passed. */
function quizzesOfVideos(viewer: { isAdmin: boolean }, videos: GatedVideo[], gating: string[]): string[] {
  if (viewer.isAdmin) return [];
  return [...new Set([...gating, ...videos.flatMap((v) => (v.quizId ? [v.quizId] : []))])];
}

/**
 * Which of a lecture's gating quizzes exist: the same answer for every student of the lecture, so a
 * class read kept QUIZ_CACHE_TTL_MS (lib/recent.ts), as long as the lecture that names them is kept
 * (catalogue/class-reads.ts). Deleting a quiz clears it from its videos first (quizzes.ts deleteQuiz), so
 * a kept answer only errs a few seconds towards a lock on another Lambda instance, never towards an
 * open video; any admin write of this Lambda forgets it at once.
 */
const existingOf = recentReads((key: string) => existingQuizIds(JSON.parse(key) as string[]), QUIZ_CACHE_TTL_MS);

/**
 * The gate for one viewer in two steps, for a caller that reads other items in the same BatchGet
 * (the lecture open reads the purchase with it): the keys to read — the student's result of each
 * quiz of the videos — and the class read of which gating quizzes exist, started together; then the
 * locks and the quizzes passed from what was read. Admins are never gated, and need no read.
 */
export interface GatePlan {
  keys: Key[];
  /** The gating quizzes that exist (a class read; nothing to read without gating quizzes). */
  existing(): Promise<ReadonlySet<string>>;
  /** The locks from the items read at `keys` (in their order) and the quizzes that exist. */
  locks(items: (Record<string, unknown> | undefined)[], existing: ReadonlySet<string>): Map<string, VideoLock>;
  /** The quizzes of the videos this student has passed, from the items read at `keys`. */
  passed(items: (Record<string, unknown> | undefined)[]): ReadonlySet<string>;
}
export function gatePlan(viewer: { userId: string; isAdmin: boolean }, videos: GatedVideo[]): GatePlan {
  const gating = gatingQuizzes(viewer, videos);
  const quizIds = quizzesOfVideos(viewer, videos, gating);
  return {
    keys: gateKeys(viewer.userId, quizIds),
    existing: () => (gating.length === 0 ? Promise.resolve(new Set<string>()) : existingOf(JSON.stringify([...gating].sort()))),
    locks: (items, existing) => (gating.length === 0 ? new Map() : lockedVideos(videos, passedOf(quizIds, items), existing)),
    passed: (items) => passedOf(quizIds, items),
  };
}
