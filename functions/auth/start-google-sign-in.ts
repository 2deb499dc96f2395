import { env } from '../lib/env';
import { type Handler, redirect } from '../lib/http';
import * as google from './google-oauth';
import { logger } from '../lib/log';

/** The login page's Google button navigates here; the browser goes on to the hosted UI. */
export const startGoogleSignIn: Handler<'GET /api/auth/google'> = async () => {
  const url = await google.startGoogleSignIn().catch((e: unknown) => (logger.error('Google sign-in could not start', { error: e }), undefined));
  return redirect(url ?? `${env.PUBLIC_URL}/auth/login?google=failed&reason=failed`);
};
