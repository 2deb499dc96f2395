import { type Handler, ok } from '../lib/http';
import { sourceOf } from './caller-source';
import { takingAtLeast } from './even-time';
import { FORGET_PASSWORD_FLOOR_MS } from './forget-password';
import * as registration from './registration';

export const RESENT = 'If this e-mail has an account waiting for activation, a new link is on its way.';

/** The same answer, in the same time, for an unknown, an active or a waiting account: it tells no one which. */
export const sendActivationMail: Handler<'POST /api/auth/resend-activation'> = async ({ body, event }) => {
  await takingAtLeast(FORGET_PASSWORD_FLOOR_MS, () => registration.sendActivationMail(body.email, sourceOf(event)));
  return ok({ message: RESENT });
};
