import { type Handler, ok } from '../lib/http';
import { setPasswordWithCode } from './password-reset';

export const resetPassword: Handler<'POST /api/auth/reset-password'> = async ({ body }) => {
  await setPasswordWithCode(body.email, body.code, body.password);
  return ok({ message: 'Password reset successfully - forwarding to sign in' });
};
