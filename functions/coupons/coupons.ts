/** The coupons domain: the teacher's coupons, and the checks a student's code goes through. */
import { ulid } from 'ulid';
import type { ErrorCode } from '../../shared/errors';
import type { Coupon, CreateCouponBody } from '../../shared/schemas/commerce';
import * as repo from '../data/coupon-repo';
import { lectureById } from '../data/lecture-repo';
import { BadRequest, Conflict, Gone, type HttpError, NotFound } from '../lib/errors';
import { couponProblem } from './rules';

export const toCoupon = (c: repo.CouponRecord): Coupon => ({
  id: c.id,
  code: c.code,
  discount: c.discount,
  expiresAt: c.expiresAt,
  maxUses: c.maxUses,
  oncePerStudent: c.oncePerStudent,
  courseIds: c.courseIds,
  uses: c.uses,
  held: Math.max(0, c.taken - c.uses),
  createdAt: c.createdAt,
});

export async function createCoupon(body: CreateCouponBody): Promise<Coupon> {
  const c: repo.CouponRecord = {
    id: ulid(),
    code: body.code,
    discount: body.discount,
    expiresAt: body.expiresAt ? new Date(body.expiresAt).toISOString() : null,
    maxUses: body.maxUses ?? null,
    oncePerStudent: body.oncePerStudent ?? false,
    courseIds: body.courseIds?.length ? [...new Set(body.courseIds)] : null,
    taken: 0,
    uses: 0,
    createdAt: new Date().toISOString(),
  };
  await repo.createCoupon(c);
  return toCoupon(c);
}

export const listCoupons = async (): Promise<Coupon[]> => (await repo.allCoupons()).map(toCoupon);

export async function deleteCoupon(id: string) {
  await repo.deleteCoupon(id);
  return { id, message: 'Coupon deleted successfully' };
}

const ERRORS: Record<string, () => HttpError> = {
  'coupon.invalid': () => new NotFound('Invalid coupon code', 'coupon.invalid'),
  'coupon.expired': () => new Gone('This coupon has expired', 'coupon.expired'),
  'coupon.notForCourse': () => new BadRequest('This coupon does not apply to this course', 'coupon.notForCourse'),
  'coupon.alreadyUsed': () => new Conflict('You have already used this coupon', 'coupon.alreadyUsed'),
  'coupon.usedUp': () => new Conflict('This coupon has been used up', 'coupon.usedUp'),
  'coupon.held': () => new Conflict('This coupon is held by another of your unpaid orders: pay it, or use the coupon once that order has expired', 'coupon.held'),
};
/** The typed error a coupon is refused with (the same text wherever the refusal is decided). */
export const couponRefusal = (code: ErrorCode): HttpError => ERRORS[code]!();
const fail = (code: ErrorCode): never => {
  throw couponRefusal(code);
};

export interface CouponRequest {
  code: string;
  userId: string;
  courseId?: string;
  /** The lecture it is for: the student's own open order of it does not count as a use. */
  lectureId?: string;
  now?: Date;
}

/** The coupon a student may use now, or the typed error that says why not. */
export async function couponForOrder({ code, userId, courseId, lectureId, now = new Date() }: CouponRequest): Promise<repo.CouponRecord> {
  const { coupon, usedByStudent, heldByStudent } = await repo.couponAndStudentGuard(code, userId, lectureId);
  if (!coupon) return fail('coupon.invalid');
  const problem = couponProblem(coupon, { now, courseId, usedByStudent, heldByStudent });
  if (problem) fail(problem);
  return coupon;
}

/** After a transaction taking a use was cancelled: the precise reason, read again (a race lost). */
export async function explainTakeFailure(req: CouponRequest): Promise<never> {
  await couponForOrder(req);
  throw new Conflict('This coupon was just taken by someone else; try again', 'coupon.usedUp');
}

/** POST /api/Coupan/validate/{couponCode}[?lectureId]: the code and discount, or why it cannot be used. */
export async function validateCoupon(code: string, userId: string, lectureId?: string): Promise<{ code: string; discount: number }> {
  let courseId: string | undefined;
  if (lectureId) {
    const lecture = await lectureById(lectureId);
    if (!lecture || lecture.archived) throw new NotFound('Lecture not found', 'lecture.notFound');
    courseId = lecture.courseId;
  }
  const c = await couponForOrder({ code, userId, courseId, lectureId });
  return { code: c.code, discount: c.discount };
}
