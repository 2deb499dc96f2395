import { env } from '../lib/env';
import { type Handler, redirect } from '../lib/http';
import * as registration from './registration';
import { logger } from '../lib/log';

/** A person clicked the mail's link: always land on the login page, saying how it went. */
export const activateAccount: Handler<'GET /api/auth/activate'> = async ({ query }) => {
  const outcome = await registration.activateAccount(query.token).catch((e: unknown) => (logger.error('activation failed', { error: e }), 'failed' as const));
  return redirect(`${env.PUBLIC_URL}/auth/login?${outcome === 'activated' ? 'activated=1' : `activated=0&reason=${outcome}`}`);
};
