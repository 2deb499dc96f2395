import { type Handler, ok } from '../lib/http';
import { sourceOf } from './caller-source';
import { deviceCookieFor, requestCookies } from './device-cookie';
import * as passwordSignIn from './password-sign-in';

/** A device that signs in is given (or renewed) the account's device cookie. */
export const logIn: Handler<'POST /api/auth/login'> = async ({ body, event }) => {
  const data = await passwordSignIn.logIn(body.identifier, body.password, sourceOf(event), requestCookies(event));
  return { ...ok({ message: 'Signed in successfully', data }), cookies: [deviceCookieFor(data.id)] };
};
