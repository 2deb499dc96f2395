import { type Handler, ok } from '../lib/http';
import { sourceOf } from './caller-source';
import { deviceCookieFor } from './device-cookie';
import * as mfa from './mfa';

/** The admin's authenticator code: signed in, and the device given (or renewed) the account's device cookie. */
export const finishMfaSignIn: Handler<'POST /api/auth/login/mfa'> = async ({ body, event }) => {
  const data = await mfa.finishMfaSignIn(body.identifier, body.session, body.code, sourceOf(event));
  return { ...ok({ message: 'Signed in successfully', data }), cookies: [deviceCookieFor(data.id)] };
};
