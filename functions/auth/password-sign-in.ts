/**
 * Sign-in with e-mail or phone and password. Attempts are counted per account before the password
 * is checked, and slowed down rather than locked (sign-in-throttle.ts). An unknown account gets
 * the same check (against a decoy), the same answer and, at least, the same time.
 */
import type { LoginResponse } from '../../shared/schemas/auth';
import { toUser, userById, userIdByEmail, userIdByPhone } from '../data/user-repo';
import { Blocked, Forbidden, Unauthorized } from '../lib/errors';
import { identifierKey, parseIdentifier } from './identifier';
import { passwordSignIn } from './pool';
import { revokeRefreshToken } from './refresh-tokens';
import { trustedDeviceOf } from './device-cookie';
import { decoySignIn } from './sign-in-decoy';
import { accountOfIdentifier, accountOfUser, beginSignIn } from './sign-in-throttle';
import { startSession } from './sessions';
import { decodeJwt } from 'jose';
import { settingsOf } from '../data/settings-repo';
import { admitDevice, noteSignIn, type SignInDevice } from './devices';

export const NOT_ACTIVATED = 'Your account is not activated yet. Check your e-mail for the activation link.';
/** A wrong password is answered no sooner than this, whether or not the account exists. */
export const FAILED_SIGN_IN_FLOOR_MS = 300;

const waitUntil = (at: number) => new Promise((resolve) => setTimeout(resolve, Math.max(0, at - Date.now())));

/**
 * `cookies`: the request's, where the account's device cookie may be (device-cookie.ts); `device`: the
 * device signing in (devices.ts, `signingIn`), admitted once the password is right and before the session starts.
 */
export async function logIn(identifier: string, password: string, source: string, cookies: readonly string[], signingIn: SignInDevice): Promise<LoginResponse['data'] | { mfa: { session: string } }> {
  const startedAt = Date.now();
  const id = parseIdentifier(identifier);
  const userId = id.kind === 'email' ? await userIdByEmail(id.email) : id.kind === 'phone' ? await userIdByPhone(id.phone) : undefined;
  const user = userId ? await userById(userId) : undefined;
  const device = user && trustedDeviceOf(cookies, user.id);
  const attempt = await beginSignIn(user ? accountOfUser(user.id) : accountOfIdentifier(identifierKey(id)), source, Date.now(), device);

  // The password is checked before the account's state is told, so a stranger learns nothing.
  let result: Awaited<ReturnType<typeof passwordSignIn>>;
  try {
    result = user ? await passwordSignIn(user.email, password) : await decoySignIn(password);
  } catch (e) {
    if (e instanceof Unauthorized) {
      await attempt.failed();
      await waitUntil(startedAt + FAILED_SIGN_IN_FLOOR_MS);
    }
    throw e;
  }
  await attempt.succeeded();
  if (!user || user.block || 'disabled' in result) throw new Blocked();
  if (!user.activated) throw new Forbidden(NOT_ACTIVATED, 'auth.notActivated');
  // The admin's authenticator code comes next (mfa.ts finishMfaSignIn).
  if ('mfa' in result) return result;

  // No refresh token outlives the sign-in, whether the device is let in or not.
  const [settings] = await Promise.all([settingsOf(), revokeRefreshToken(result.refreshToken)]);
  await admitDevice(user, signingIn, String(decodeJwt(result.idToken).jti), settings);
  await startSession(user, result.idToken, settings);
  await noteSignIn(user.id, signingIn);
  return { ...toUser(user), token: result.idToken };
}

/**
 * A signed-in user's current password (before a password change), checked as a sign-in is:
 * counted and slowed per account, its refresh token revoked. False when wrong (or the pool user is disabled).
 */
export async function checkCurrentPassword(userId: string, email: string, password: string, source: string): Promise<boolean> {
  const attempt = await beginSignIn(accountOfUser(userId), source);
  try {
    const result = await passwordSignIn(email, password);
    await attempt.succeeded();
    if ('disabled' in result) return false;
    if ('mfa' in result) return true; // no tokens were issued
    await revokeRefreshToken(result.refreshToken);
    return true;
  } catch (e) {
    if (!(e instanceof Unauthorized)) throw e;
    await attempt.failed();
    return false;
  }
}
