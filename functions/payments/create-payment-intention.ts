import { Forbidden } from '../lib/errors';
import { type Handler, ok } from '../lib/http';
import * as orders from './orders';

export const PROFILE_INCOMPLETE = 'Add your mobile number and school year to your profile before you buy';

// p() in shared/routes.ts types the path as a record, so the (validated) id reads as possibly undefined.
/** POST /api/user/payment-intention/{lectureId} {couponCode?, useWallet?} → the checkout link at the server's price (or the lecture granted by a 100 % coupon, or bought from the balance). */
export const createPaymentIntention: Handler<'POST /api/user/payment-intention/{lectureId}'> = async ({ params, body, auth }) => {
  if (auth.profileIncomplete) throw new Forbidden(PROFILE_INCOMPLETE, 'profile.incomplete');
  return ok(await orders.createPaymentIntention(params.lectureId, { userId: auth.userId, isAdmin: auth.isAdmin, contact: auth.contact }, { couponCode: body?.couponCode || undefined, useWallet: body?.useWallet }));
};
