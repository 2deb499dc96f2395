import { type Handler, ok } from '../lib/http';
import * as passwordReset from './password-reset';

export const verifyResetCode: Handler<'POST /api/auth/verify-reset-code'> = async ({ body }) => {
  await passwordReset.verifyResetCode(body.email, body.code);
  return ok({ message: 'Verified Succesfully - forward to code page' });
};
