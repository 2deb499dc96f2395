import { Forbidden } from '../lib/errors';
import { type Handler, ok } from '../lib/http';
import { PROFILE_INCOMPLETE } from './create-payment-intention';
import * as topUp from './top-up';

/** POST /api/wallet/top-up {amount} → Paymob's checkout link for money onto the student's balance. */
export const createTopUp: Handler<'POST /api/wallet/top-up'> = async ({ body, auth }) => {
  if (auth.profileIncomplete) throw new Forbidden(PROFILE_INCOMPLETE, 'profile.incomplete');
  return ok(await topUp.createTopUp(auth.userId, auth.contact, body.amount));
};
