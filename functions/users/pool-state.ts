/**
 * The pool side of block and delete. Password users are named by their e-mail in the pool (as
 * auth/pool.ts makes them). A Google user's pool name is the identity provider's (Google_…), which
 * the record keeps as `poolUsername` (set at sign-in). A record made before that was kept has
 * none until its next sign-in: the record alone decides for it (the session gate and the Google
 * sign-in refuse a blocked or deleted user), and a missing pool user is not an error.
 */
import { AdminDisableUserCommand, AdminEnableUserCommand } from '@aws-sdk/client-cognito-identity-provider';
import type { UserRecord } from '../data/user-repo';
import { deletePoolUser } from '../auth/public';
import { cognito } from '../lib/aws';
import { env } from '../lib/env';
import { logger } from '../lib/log';

const missing = (e: unknown) => e instanceof Error && e.name === 'UserNotFoundException';
const poolName = (u: UserRecord) => u.poolUsername ?? u.email;

async function tolerant(u: UserRecord, action: string, run: () => Promise<unknown>): Promise<void> {
  try {
    await run();
  } catch (e) {
    if (!missing(e)) throw e;
    logger.warn('pool user not found', { userId: u.id, provider: u.provider, action });
  }
}

/** Blocking turns the pool user off as well, so the pool itself refuses a sign-in (AWS; cognito-local ignores it). */
export async function setPoolUserEnabled(u: UserRecord, enabled: boolean): Promise<void> {
  const input = { UserPoolId: env.USER_POOL_ID, Username: poolName(u) };
  await tolerant(u, enabled ? 'enable' : 'disable', () => cognito.send(enabled ? new AdminEnableUserCommand(input) : new AdminDisableUserCommand(input)));
}

export async function removePoolUser(u: UserRecord): Promise<void> {
  await tolerant(u, 'delete', () => deletePoolUser(poolName(u)));
}
