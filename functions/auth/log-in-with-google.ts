import { type Handler, ok } from '../lib/http';
import * as google from './google-oauth';

/**
 * /auth/google/callback's page trades the one-time code of a finished Google sign-in for the
 * session (token and user from the server), from the browser that started the sign-in only.
 */
export const logInWithGoogle: Handler<'POST /api/auth/google/exchange'> = async ({ body, event }) => {
  const data = await google.collectGoogleSession(body.code, google.signInSecretOf(event.cookies, event.headers?.cookie));
  return { ...ok({ message: 'Signed in successfully', data }), cookies: [google.clearSignInCookie()] };
};
