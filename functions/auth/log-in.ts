import { type Handler, ok } from '../lib/http';
import { sourceOf } from './caller-source';
import { mfaChallenge } from './mfa';
import * as passwordSignIn from './password-sign-in';

export const logIn: Handler<'POST /api/auth/login'> = async ({ body, event }) => {
  const signedIn = await passwordSignIn.logIn(body.identifier, body.password, sourceOf(event));
  return ok('mfa' in signedIn ? mfaChallenge(signedIn.mfa.session) : { message: 'Signed in successfully', data: signedIn });
};
