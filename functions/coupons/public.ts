/**
 * What the coupons domain offers the other domains (import only this file from outside coupons/).
 * The payments domain prices an order with a coupon and keeps the coupon's use count in the same
 * transaction as the order:
 *
 * - `couponForOrder({code, userId, courseId})`: the coupon a student may use now, or the typed error
 *   (coupon.invalid 404, coupon.expired 410, coupon.notForCourse 400, coupon.alreadyUsed 409,
 *   coupon.usedUp 409);
 * - `takeUseItems`, `giveBackItems`, `paidUseItems`, `holderGoneItem`: the transaction items that take,
 *   give back and count a use, and end the student's hold (functions/data/coupon-repo.ts says when
 *   each condition fails); `takePaidUseItems`: take and count at once (an order paid from the balance);
 * - `explainTakeFailure(req)`: the precise error after a transaction taking a use was cancelled;
 * - `couponRefusal(code)`: the typed error of a refusal decided outside this domain;
 * - `couponByCode(code)`: the stored coupon (any spelling), or undefined once deleted;
 * - type `CouponRecord`.
 */
export { type CouponRecord, couponByCode, giveBackItems, holderGoneItem, paidUseItems, takePaidUseItems, takeUseItems } from '../data/coupon-repo';
export { couponForOrder, couponRefusal, explainTakeFailure } from './coupons';
