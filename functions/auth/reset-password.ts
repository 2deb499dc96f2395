import { type Handler, ok } from '../lib/http';
import { sourceOf } from './caller-source';
import * as passwordReset from './password-reset';

export const resetPassword: Handler<'POST /api/auth/reset-password'> = async ({ body, event }) => {
  await passwordReset.resetPassword(body.email, body.code, body.password, sourceOf(event));
  return ok({ message: 'Password reset successfully - forwarding to sign in' });
};
