import { type Handler, ok } from '../lib/http';
import { sourceOf } from './caller-source';
import * as mfa from './mfa';

export const finishMfaSignIn: Handler<'POST /api/auth/login/mfa'> = async ({ body, event }) =>
  ok({ message: 'Signed in successfully', data: await mfa.finishMfaSignIn(body.identifier, body.session, body.code, sourceOf(event)) });
