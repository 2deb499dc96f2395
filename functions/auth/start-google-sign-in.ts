import { env } from '../lib/env';
import { type Handler, redirect } from '../lib/http';
import * as google from './google-oauth';
import { logger } from '../lib/log';
import { handleOf } from './device-name';

/**
 * The login page's Google button navigates here (with the web's `deviceId`, whose handle the state
 * carries to the callback); the browser goes on to the hosted UI, carrying the cookie that binds this
 * sign-in to it.
 */
export const startGoogleSignIn: Handler<'GET /api/auth/google'> = async ({ query }) => {
  const started = await google.startGoogleSignIn(query.deviceId === undefined ? undefined : handleOf(query.deviceId)).catch((e: unknown) => (logger.error('Google sign-in could not start', { error: e }), undefined));
  return started ? redirect(started.url, [started.cookie]) : redirect(`${env.PUBLIC_URL}/auth/login?google=failed&reason=failed`);
};
