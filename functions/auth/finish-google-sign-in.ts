import { env } from '../lib/env';
import { type Handler, redirect } from '../lib/http';
import * as google from './google-oauth';
import { GoogleSignInFailed } from './google-oauth';
import { logger } from '../lib/log';

/** The hosted UI sends the browser back here; it always leaves with a redirect to the web app. */
export const finishGoogleSignIn: Handler<'GET /api/auth/google/callback'> = async ({ query }) => {
  try {
    const { token, user } = await google.finishGoogleSignIn(query);
    const u = Buffer.from(JSON.stringify(user)).toString('base64url');
    return redirect(`${env.PUBLIC_URL}/auth/google/callback?token=${encodeURIComponent(token)}&user=${u}`);
  } catch (e) {
    const reason = e instanceof GoogleSignInFailed ? e.reason : 'failed';
    if (!(e instanceof GoogleSignInFailed) || reason === 'failed') logger.error('Google sign-in failed', { error: e, reason });
    return redirect(`${env.PUBLIC_URL}/auth/login?google=failed&reason=${reason}`);
  }
};
