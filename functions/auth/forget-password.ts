import { type Handler, ok } from '../lib/http';
import * as passwordReset from './password-reset';

/** The same answer whether or not the e-mail has an account. */
export const forgetPassword: Handler<'POST /api/auth/forget-password'> = async ({ body }) => {
  await passwordReset.forgetPassword(body.email);
  return ok({ message: 'Please check your mail for the reset code.' });
};
