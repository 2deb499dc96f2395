import { Forbidden } from '../lib/errors';
import { type Handler, ok } from '../lib/http';
import { PROFILE_INCOMPLETE } from './create-payment-intention';
import * as orders from './orders';

/** POST /api/user/payment-intention/term/{termId} {couponCode?, useWallet?} → the checkout link for the term's bundle at the server's price (or the bundle granted by a 100 % coupon, or bought from the balance). */
export const createTermPaymentIntention: Handler<'POST /api/user/payment-intention/term/{termId}'> = async ({ params, body, auth }) => {
  if (auth.profileIncomplete) throw new Forbidden(PROFILE_INCOMPLETE, 'profile.incomplete');
  return ok(await orders.createTermPaymentIntention(params.termId, { userId: auth.userId, isAdmin: auth.isAdmin, contact: auth.contact }, { couponCode: body?.couponCode || undefined, useWallet: body?.useWallet }));
};
