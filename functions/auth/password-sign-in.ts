/** Sign-in with e-mail or phone and password, with a per-identifier limit on failures. */
import type { LoginResponse } from '../../shared/schemas/auth';
import { clearSignInFailures, recordSignInFailure, signInFailures } from '../data/sign-in-failure-repo';
import { toUser, userById, userIdByEmail, userIdByPhone } from '../data/user-repo';
import { Blocked, Forbidden, TooManyRequests, Unauthorized } from '../lib/errors';
import { identifierKey, parseIdentifier } from './identifier';
import { passwordSignIn, WRONG_CREDENTIALS } from './pool';
import { startSession } from './sessions';

export const SIGN_IN_WINDOW_SECONDS = 15 * 60;
export const MAX_SIGN_IN_FAILURES = 10;
export const NOT_ACTIVATED = 'Your account is not activated yet. Check your e-mail for the activation link.';

export async function logIn(identifier: string, password: string): Promise<LoginResponse['data']> {
  const id = parseIdentifier(identifier);
  const key = identifierKey(id);
  const failures = await signInFailures(key);
  if (failures >= MAX_SIGN_IN_FAILURES) throw new TooManyRequests('Too many failed sign-in attempts. Please try again in 15 minutes.', 'auth.tooManyAttempts');
  const failed = async () => {
    await recordSignInFailure(key, SIGN_IN_WINDOW_SECONDS);
    return new Unauthorized(WRONG_CREDENTIALS, 'auth.badCredentials');
  };

  const userId = id.kind === 'email' ? await userIdByEmail(id.email) : id.kind === 'phone' ? await userIdByPhone(id.phone) : undefined;
  const user = userId ? await userById(userId) : undefined;
  if (!user) throw await failed();

  // The password is checked before the account's state is told, so a stranger learns nothing.
  const result = await passwordSignIn(user.email, password).catch(async (e: unknown) => {
    throw e instanceof Unauthorized ? await failed() : e;
  });
  if (failures > 0) await clearSignInFailures(key);
  if (user.block || 'disabled' in result) throw new Blocked();
  if (!user.activated) throw new Forbidden(NOT_ACTIVATED, 'auth.notActivated');

  await startSession(user, result.idToken);
  return { ...toUser(user), token: result.idToken, ...(result.refreshToken ? { refreshToken: result.refreshToken } : {}) };
}
