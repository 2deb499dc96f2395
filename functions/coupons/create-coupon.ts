import { created, type Handler } from '../lib/http';
import * as coupons from './coupons';

/** POST /api/Coupan/create → 201 {message, data: coupon}; a code taken in any letter case → 409. */
export const createCoupon: Handler<'POST /api/Coupan/create'> = async ({ body }) =>
  created({ message: 'Coupon created successfully', data: await coupons.createCoupon(body) });
