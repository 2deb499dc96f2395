/**
 * Who may watch a lecture's videos. Pure rules here; the records come from the repositories.
 * canWatch decides per lecture; the per-video step is the quizzes domain's gate (gatePlan, read by
 * catalogue/playback.ts with the purchase).
 */
import { isFreePrice } from '../../shared/constants';
import type { PurchaseRecord } from '../data/purchase-repo';
import type { ReadAlong } from '../lib/http';

export interface Viewer {
  userId: string;
  isAdmin: boolean;
  /** The student's own items the session gate read with their record (lib/http.ts readsAlong). */
  readAlong?: ReadAlong;
  /** The token's claims: its jti names the session (the one stream, playback.ts). */
  claims?: Record<string, unknown>;
}

/** Video URLs live long enough to watch a lecture through; seeking re-uses the same URL. */
export const VIDEO_URL_TTL_SECONDS = 2 * 60 * 60;

/** A purchase or grant counts until its expiryDate. */
export const isUnexpired = (p: Pick<PurchaseRecord, 'expiryDate'> | undefined, now: Date): boolean =>
  p !== undefined && Date.parse(p.expiryDate) > now.getTime();

/** Spec 3: price 0, "0" or null means free; isFree true also does. */
export const isFreeLecture = (l: { price: number | string | null; isFree: boolean }) => l.isFree || isFreePrice(l.price);

/**
 * What gives a student a lecture: its own purchase, or its term's bundle (AP85) while that runs and the
 * lecture's own does not. Its dates are the ones shown with the lecture.
 */
export function entitlementOf(purchase: Dates | undefined, bundle: Dates | undefined, now: Date): Dates | undefined {
  if (isUnexpired(purchase, now) || !isUnexpired(bundle, now)) return purchase ?? bundle;
  return bundle;
}
type Dates = Pick<PurchaseRecord, 'purchaseDate' | 'expiryDate'>;

export function canWatch(viewer: Viewer, lecture: { price: number | string | null; isFree: boolean }, purchase: Pick<PurchaseRecord, 'expiryDate'> | undefined, now = new Date()): boolean {
  return viewer.isAdmin || isFreeLecture(lecture) || isUnexpired(purchase, now);
}
