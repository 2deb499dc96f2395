import { type Handler, ok } from '../lib/http';
import * as coupons from './coupons';

/** POST /api/Coupan/validate/{couponCode}?lectureId → {code, discount} (spec 7), or why the code cannot be used. */
export const validateCoupon: Handler<'POST /api/Coupan/validate/{couponCode}'> = async ({ params, query, auth }) =>
  ok(await coupons.validateCoupon(params.couponCode, auth.userId, query.lectureId));
