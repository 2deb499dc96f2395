import { type Handler, ok } from '../lib/http';
import { sourceOf } from './caller-source';
import * as mfa from './mfa';

export const finishMfaSetup: Handler<'POST /api/auth/mfa/finish'> = async ({ auth, body, event }) => {
  await mfa.finishMfaSetup({ id: auth.userId, email: auth.contact.email }, body.password, body.code, sourceOf(event));
  return ok({ message: 'Your authenticator app is set up: every sign-in now asks for its code' });
};
