/**
 * How fast passwords may be tried: per account a growing delay (never a lockout the owner cannot
 * wait out: at most a minute), per source a cap on failures. An account is a user (its e-mail and
 * phone are one), or the identifier itself when no user has it, so an unknown identifier is slowed
 * exactly as a known one and the answers tell nothing apart.
 *
 * Both hold only devices without the account's device cookie (device-cookie.ts, OWASP): a device
 * the owner signed in on is never held back by others' guesses; its own failures count against its
 * cookie, which after DEVICE_SIGN_IN_FAILURES in a window is treated as no cookie.
 */
import { countInWindow, uncountInWindow } from '../data/attempt-window-repo';
import { type AttemptRules, claimSignInAttempt, clearSignInAttempts, settleFailedSignIn, signInAccount } from '../data/sign-in-failure-repo';
import { TooManyRequests } from '../lib/errors';

export const SIGN_IN_RULES: AttemptRules = { free: 5, leaseMs: 5_000, memorySeconds: 15 * 60 };
export const MAX_SIGN_IN_DELAY_SECONDS = 60;
/** Failed (or refused) sign-ins one address may make in a window; a school's shared address stays well below. */
export const SOURCE_SIGN_IN_FAILURES = 100;
export const SOURCE_SIGN_IN_WINDOW_SECONDS = 15 * 60;
const SOURCE_WINDOW = 'signin-src';
/** Failures one device cookie may make in its window before it counts for nothing (OWASP's lockout of a device cookie). */
export const DEVICE_SIGN_IN_FAILURES = 10;
export const DEVICE_WINDOW_SECONDS = 15 * 60;
const DEVICE_WINDOW = 'signin-device';

/** After `failures` failures in a row the next try waits this long (ms): none for the free ones, then 1, 2, 4 … 60 s. */
export const delayAfterFailures = (failures: number): number =>
  failures < SIGN_IN_RULES.free ? 0 : Math.min(MAX_SIGN_IN_DELAY_SECONDS, 2 ** (failures - SIGN_IN_RULES.free)) * 1000;

export const waitMessage = (seconds: number) => `Too many failed sign-in attempts. Try again in ${seconds} s.`;
export const networkMessage = (minutes: number) => `Too many failed attempts from your network. Try again in ${minutes} min.`;

export const { ofUser: accountOfUser, ofIdentifier: accountOfIdentifier } = signInAccount;

export interface SignInAttempt {
  failed(now?: number): Promise<void>;
  succeeded(now?: number): Promise<void>;
}

/**
 * Takes one attempt of `account` from `source`, counted before the password is checked (so
 * parallel guesses cannot slip past the count), or refuses it with 429 and how long to wait.
 * `device`: the nonce of the account's device cookie the request carries (its signature checked).
 */
export async function beginSignIn(account: string, source: string, now = Date.now(), device?: string): Promise<SignInAttempt> {
  if (device) {
    const fromDevice = await countInWindow(DEVICE_WINDOW, device, DEVICE_WINDOW_SECONDS, now);
    if (fromDevice.count <= DEVICE_SIGN_IN_FAILURES) return { failed: async () => undefined, succeeded: (at = Date.now()) => uncountInWindow(DEVICE_WINDOW, device, at) };
  }
  const fromSource = await countInWindow(SOURCE_WINDOW, source, SOURCE_SIGN_IN_WINDOW_SECONDS, now);
  if (fromSource.count > SOURCE_SIGN_IN_FAILURES) {
    const seconds = (fromSource.endsAt - now) / 1000;
    throw new TooManyRequests(networkMessage(Math.ceil(seconds / 60)), 'auth.tooManyFromNetwork', seconds);
  }
  const claim = await claimSignInAttempt(account, SIGN_IN_RULES, now);
  if (!claim.ok) {
    const seconds = Math.max(1, Math.ceil((claim.retryAt - now) / 1000));
    throw new TooManyRequests(waitMessage(seconds), 'auth.tooManyAttempts', seconds);
  }
  return {
    failed: (at = Date.now()) => settleFailedSignIn(account, claim.attempts, at + delayAfterFailures(claim.attempts)),
    succeeded: async (at = Date.now()) => {
      await Promise.all([clearSignInAttempts(account), uncountInWindow(SOURCE_WINDOW, source, at)]);
    },
  };
}

/** After a password reset the owner starts afresh. */
export const forgetSignInFailures = (userId: string) => clearSignInAttempts(accountOfUser(userId));
