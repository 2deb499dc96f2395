/**
 * Who may watch a lecture's videos. Pure rules here; the records come from the repositories.
 * canWatch decides per lecture; lockedVideoIds is the per-video step, the quizzes domain's gate.
 */
import { isFreePrice } from '../../shared/constants';
import type { PurchaseRecord } from '../data/purchase-repo';
import { type GatedVideo, type VideoLock, lockedVideosFor } from '../quizzes/public';

export interface Viewer {
  userId: string;
  isAdmin: boolean;
}

/** Video URLs live long enough to watch a lecture through; seeking re-uses the same URL. */
export const VIDEO_URL_TTL_SECONDS = 2 * 60 * 60;

/** A purchase or grant counts until its expiryDate. */
export const isUnexpired = (p: Pick<PurchaseRecord, 'expiryDate'> | undefined, now: Date): boolean =>
  p !== undefined && Date.parse(p.expiryDate) > now.getTime();

/** Spec 3: price 0, "0" or null means free; isFree true also does. */
export const isFreeLecture = (l: { price: number | string | null; isFree: boolean }) => l.isFree || isFreePrice(l.price);

export function canWatch(viewer: Viewer, lecture: { price: number | string | null; isFree: boolean }, purchase: PurchaseRecord | undefined, now = new Date()): boolean {
  return viewer.isAdmin || isFreeLecture(lecture) || isUnexpired(purchase, now);
}

/**
 * The quiz gate, after entitlement (spec 4: video N is locked unless every earlier video with a
 * quiz is passed): each locked video with its reason. Admins are never gated; the rule and the
 * one batched read of the student's results belong to the quizzes domain.
 */
export function lockedVideoIds(viewer: Viewer, videos: GatedVideo[]): Promise<Map<string, VideoLock>> {
  return lockedVideosFor(viewer, videos);
}
