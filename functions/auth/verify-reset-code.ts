import { type Handler, ok } from '../lib/http';
import { sourceOf } from './caller-source';
import * as passwordReset from './password-reset';

export const verifyResetCode: Handler<'POST /api/auth/verify-reset-code'> = async ({ body, event }) => {
  await passwordReset.verifyResetCode(body.email, body.code, sourceOf(event));
  return ok({ message: 'Verified Succesfully - forward to code page' });
};
