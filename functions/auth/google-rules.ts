/**
 * The password login's sign-in limits, applied to a Google sign-in through their own functions
 * (sign-in-throttle.ts decides what "held back" means): the account's attempt is taken as a
 * password login's would be, and a Google sign-in that gets through counts as a success.
 */
import type { UserRecord } from '../data/user-repo';
import { TooManyRequests } from '../lib/errors';
import { accountOfUser, beginSignIn } from './sign-in-throttle';

/** True while the sign-in limits hold this account (or this source) back. */
export async function signInHeldBack(user: Pick<UserRecord, 'id'>, source: string): Promise<boolean> {
  try {
    const attempt = await beginSignIn(accountOfUser(user.id), source);
    await attempt.succeeded();
    return false;
  } catch (e) {
    if (e instanceof TooManyRequests) return true;
    throw e;
  }
}
