import { sessionGate } from '../auth/public';
import { domainHandler } from '../lib/http';
import { createCoupon } from './create-coupon';
import { deleteCoupon } from './delete-coupon';
import { listCoupons } from './list-coupons';
import { validateCoupon } from './validate-coupon';

/** The coupons domain's Lambda: the teacher's coupons and the student's check of a code. */
export const handler = domainHandler(
  'coupons',
  {
    'POST /api/Coupan/validate/{couponCode}': validateCoupon,
    'POST /api/Coupan/create': createCoupon,
    'GET /api/Coupan/all': listCoupons,
    'DELETE /api/Coupan/{id}': deleteCoupon,
  },
  sessionGate,
);
