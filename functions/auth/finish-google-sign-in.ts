import { env } from '../lib/env';
import { type Handler, redirect } from '../lib/http';
import { sourceOf } from './caller-source';
import { signInDeviceOf } from './devices';
import * as google from './google-oauth';
import { GoogleSignInFailed } from './google-oauth';
import { logger } from '../lib/log';

/**
 * The hosted UI sends the browser back here; it always leaves with a redirect to the web app:
 * /auth/google/callback#code=<one-time code> (the page collects the session by POST), or the
 * login page with the reason. No token and no user in any URL.
 */
export const finishGoogleSignIn: Handler<'GET /api/auth/google/callback'> = async ({ query, event }) => {
  try {
    const secret = google.signInSecretOf(event.cookies, event.headers?.cookie);
    const seen = signInDeviceOf(event, undefined);
    const code = await google.finishGoogleSignIn(query, secret, sourceOf(event), { ...seen, handle: (started) => started ?? seen.handle });
    return redirect(`${env.PUBLIC_URL}/auth/google/callback#code=${code}`);
  } catch (e) {
    const reason = e instanceof GoogleSignInFailed ? e.reason : 'failed';
    if (!(e instanceof GoogleSignInFailed) || reason === 'failed') logger.error('Google sign-in failed', { error: e, reason });
    else if (reason === 'wrong_browser' || reason === 'not_google') logger.warn('Google sign-in refused', { reason, detail: e.message });
    const token = e instanceof GoogleSignInFailed && e.removalToken ? `&removalToken=${e.removalToken}` : '';
    return redirect(`${env.PUBLIC_URL}/auth/login?google=failed&reason=${reason}${token}`, [google.clearSignInCookie()]);
  }
};
