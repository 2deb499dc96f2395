import { type Handler, ok } from '../lib/http';
import * as passwordReset from './password-reset';

export const resetPassword: Handler<'POST /api/auth/reset-password'> = async ({ body }) => {
  await passwordReset.resetPassword(body.email, body.code, body.password);
  return ok({ message: 'Password reset successfully - forwarding to sign in' });
};
