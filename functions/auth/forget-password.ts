import { type Handler, ok } from '../lib/http';
import { sourceOf } from './caller-source';
import { takingAtLeast } from './even-time';
import * as passwordReset from './password-reset';

/** Longer than storing a code and sending a mail take, so the time says nothing either. */
export const FORGET_PASSWORD_FLOOR_MS = 400;

/** The same answer, in the same time, whether or not the e-mail has an account. */
export const forgetPassword: Handler<'POST /api/auth/forget-password'> = async ({ body, event }) => {
  await takingAtLeast(FORGET_PASSWORD_FLOOR_MS, () => passwordReset.forgetPassword(body.email, sourceOf(event)));
  return ok({ message: 'Please check your mail for the reset code.' });
};
