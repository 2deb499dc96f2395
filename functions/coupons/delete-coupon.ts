import { type Handler, ok } from '../lib/http';
import * as coupons from './coupons';

/** DELETE /api/Coupan/{id} → {id, message}. Orders keep their copy of the code and discount. */
export const deleteCoupon: Handler<'DELETE /api/Coupan/{id}'> = async ({ params }) => ok(await coupons.deleteCoupon(params.id));
