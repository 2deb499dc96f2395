import { z } from 'zod';
import { COUPON_DISCOUNT_MAX, COUPON_DISCOUNT_MIN } from '../constants';
import { ruleParams } from '../rules';
import { email, nonBlank } from './common';

/** Spec 5: an empty coupon code is 'required' (the web words it 'من فضلك ادخل كود الخصم'). */
export const couponCode = z
  .string()
  .trim()
  .min(1)
  .max(40)
  .refine((c) => c === '' || /^[\w-]+$/.test(c), ruleParams('coupon.chars'));
export const coupon = z.object({ id: z.string(), code: z.string(), discount: z.number() });
export const createCouponBody = z.object({
  code: couponCode,
  /** Spec 5: a whole percent from 1 to 100 (tooSmall / tooBig). */
  discount: z.coerce.number().int().min(COUPON_DISCOUNT_MIN).max(COUPON_DISCOUNT_MAX),
});
export const couponCodeParams = z.object({ couponCode });
export const paymentIntentionBody = z.object({ couponCode: couponCode.optional().or(z.literal('')) }).optional();
export const grantLectureBody = z.object({ email, lectureName: nonBlank(200) });
