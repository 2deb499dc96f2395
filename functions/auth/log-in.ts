import { type Handler, ok } from '../lib/http';
import { sourceOf } from './caller-source';
import { deviceCookieFor, requestCookies } from './device-cookie';
import { signInDeviceOf } from './devices';
import { mfaChallenge } from './mfa';
import * as passwordSignIn from './password-sign-in';

/** A device that signs in is given (or renewed) the account's device cookie; one asked for its second factor, once it answers. */
export const logIn: Handler<'POST /api/auth/login'> = async ({ body, event }) => {
  const signedIn = await passwordSignIn.logIn(body.identifier, body.password, sourceOf(event), requestCookies(event), signInDeviceOf(event, body.deviceId));
  if ('mfa' in signedIn) return ok(mfaChallenge(signedIn.mfa.session));
  return { ...ok({ message: 'Signed in successfully', data: signedIn }), cookies: [deviceCookieFor(signedIn.id)] };
};
