import { api } from '@/lib/api';
import type { ResponseOf } from '@/lib/api-client';

export type CouponValidation = ResponseOf<'POST /api/Coupan/validate/{couponCode}'>;

/**
 * POST /api/Coupan/validate/{couponCode}?lectureId= (the coupons domain's route; the pay screen is
 * its only user, so it lives with it). With the lecture, the course limit and once-per-student are
 * checked too. Answers the code as stored and its percent.
 */
export const validateCouponApi = api.injectEndpoints({
  endpoints: (build) => ({
    validateCoupon: build.mutation<CouponValidation, { couponCode: string; lectureId?: string }>({
      query: ({ couponCode, lectureId }) => ({ route: 'POST /api/Coupan/validate/{couponCode}', params: { couponCode }, query: { lectureId } }),
    }),
  }),
});

export const { useValidateCouponMutation } = validateCouponApi;
