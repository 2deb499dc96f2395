import { type Handler, ok } from '../lib/http';
import * as coupons from './coupons';

/** GET /api/Coupan/all → {data: coupons} in the order they were made, with their uses. */
export const listCoupons: Handler<'GET /api/Coupan/all'> = async () => ok({ data: await coupons.listCoupons() });
