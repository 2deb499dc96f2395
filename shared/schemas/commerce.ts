import { z } from 'zod';
import { COUPON_DISCOUNT_MAX, COUPON_DISCOUNT_MIN } from '../constants';
import { email, nonBlank } from './common';

export const couponCode = z.string().trim().min(1, 'من فضلك ادخل كود الخصم').max(40).regex(/^[\w-]+$/, 'code may hold letters, digits, - and _');
export const coupon = z.object({ id: z.string(), code: z.string(), discount: z.number() });
export const createCouponBody = z.object({
  code: couponCode,
  discount: z.coerce
    .number({ error: 'discount must be a number' })
    .int('discount must be a whole number')
    .min(COUPON_DISCOUNT_MIN, `discount must be ${COUPON_DISCOUNT_MIN} to ${COUPON_DISCOUNT_MAX}`)
    .max(COUPON_DISCOUNT_MAX, `discount must be ${COUPON_DISCOUNT_MIN} to ${COUPON_DISCOUNT_MAX}`),
});
export const couponCodeParams = z.object({ couponCode });
export const paymentIntentionBody = z.object({ couponCode: couponCode.optional().or(z.literal('')) }).optional();
export const grantLectureBody = z.object({ email, lectureName: nonBlank('lectureName', 200) });
