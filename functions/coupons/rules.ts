/** The coupon's own rules, pure: whether a coupon can be used now, by this student, for this course. */
import type { ErrorCode } from '../../shared/errors';
import type { CouponRecord } from '../data/coupon-repo';

export interface CouponUse {
  now: Date;
  /** The course of the lecture it is for; unknown (a bare validate) skips the course limit. */
  courseId?: string;
  /** The student holds or used this once-per-student coupon through another order. */
  usedByStudent: boolean;
  /** The student holds an unpaid use of this coupon through another order (any coupon: one at a time). */
  heldByStudent?: boolean;
}

/** Why the coupon cannot be used, first reason first; undefined when it can. */
export function couponProblem(c: CouponRecord, use: CouponUse): ErrorCode | undefined {
  if (c.expiresAt !== null && Date.parse(c.expiresAt) <= use.now.getTime()) return 'coupon.expired';
  if (c.courseIds !== null && use.courseId !== undefined && !c.courseIds.includes(use.courseId)) return 'coupon.notForCourse';
  if (c.oncePerStudent && use.usedByStudent) return 'coupon.alreadyUsed';
  if (use.heldByStudent) return 'coupon.held';
  if (c.maxUses !== null && c.taken >= c.maxUses) return 'coupon.usedUp';
  return undefined;
}
