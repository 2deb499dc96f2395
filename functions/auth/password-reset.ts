/**
 * The spec's three reset steps: mail a code, check it, set the new password with it.
 *
 * Whoever asks, the steps are the same: the limits count the e-mail whether or not it has an
 * account, and a code is stored either way (one no one receives when there is no password account
 * to mail), so the answers, the code's life and the wrong-code count tell nothing apart.
 */
import { countInWindow, uncountInWindow, type WindowCount, windowCount } from '../data/attempt-window-repo';
import { sendMail } from '../data/mailer';
import { markResetCodeVerified, putResetCode, recordWrongResetCode, type ResetCode, resetCodeOf, takeVerifiedResetCode } from '../data/reset-code-repo';
import { markActivated, setSessions, userById, userIdByEmail } from '../data/user-repo';
import { BadRequest, TooManyRequests } from '../lib/errors';
import { googleAccountMail, resetCodeMail } from './mail-texts';
import { setPoolPassword } from './pool';
import {
  codeMatches,
  mayIssueResetCode,
  newResetCode,
  RESET_CODE_MAX_ATTEMPTS,
  RESET_CODE_TTL_SECONDS,
  RESET_CODES_PER_HOUR,
  RESET_CODES_PER_SOURCE_HOUR,
  RESET_GUESSES_PER_HOUR,
  RESET_GUESSES_PER_SOURCE_HOUR,
  RESET_WINDOW_SECONDS,
  resetCodeState,
} from './reset-code';
import { forgetSignInFailures, networkMessage } from './sign-in-throttle';

export const WRONG_CODE = 'The code is wrong or has expired';
export const CODE_VOID = 'Too many wrong codes. Please ask for a new code.';
export const codesCappedMessage = (minutes: number) => `Too many codes were asked for this e-mail. Try again in ${minutes} min.`;
export const guessesCappedMessage = (minutes: number) => `Too many wrong codes for this e-mail. Try again in ${minutes} min.`;

/** AP50 windows. */
const CODES = 'reset-code';
const CODES_FROM = 'reset-code-src';
const GUESSES = 'reset-guess';
const GUESSES_FROM = 'reset-guess-src';

/** Throws 429 when `w` is over `cap`, with the minutes left of its window. */
function refuseOver(w: WindowCount, cap: number, now: number, message: (minutes: number) => string, code: 'auth.resetCodesCapped' | 'auth.resetGuessesCapped' | 'auth.tooManyFromNetwork') {
  if (w.count <= cap) return;
  const seconds = Math.max(1, (w.endsAt - now) / 1000);
  throw new TooManyRequests(message(Math.ceil(seconds / 60)), code, seconds);
}

/** Says nothing about whether the e-mail has an account: the caller always answers the same, in the same time. */
export async function forgetPassword(email: string, source: string, now = Date.now()): Promise<void> {
  // A new code does not bring fresh guesses: while the wrong codes are capped, no code is sent.
  const guesses = await windowCount(GUESSES, email, now);
  refuseOver(guesses, RESET_GUESSES_PER_HOUR - 1, now, guessesCappedMessage, 'auth.resetGuessesCapped'); // no guess left
  // A live code is kept for a minute (asking again sends nothing new).
  if (!mayIssueResetCode(await resetCodeOf(email), now)) return;
  const [fromSource, codes] = await Promise.all([countInWindow(CODES_FROM, source, RESET_WINDOW_SECONDS, now), countInWindow(CODES, email, RESET_WINDOW_SECONDS, now)]);
  refuseOver(fromSource, RESET_CODES_PER_SOURCE_HOUR, now, networkMessage, 'auth.tooManyFromNetwork');
  refuseOver(codes, RESET_CODES_PER_HOUR, now, codesCappedMessage, 'auth.resetCodesCapped');

  const userId = await userIdByEmail(email);
  const user = userId ? await userById(userId) : undefined;
  const { code, item } = newResetCode(email, now);
  await putResetCode(item);
  if (!user) return;
  if (user.provider === 'google') {
    await sendMail({ to: user.email, ...googleAccountMail(user.locale ?? 'en') });
    return;
  }
  await sendMail({ to: user.email, ...resetCodeMail(user.locale ?? 'en', code, RESET_CODE_TTL_SECONDS / 60), code });
}

/**
 * The live code matching `code`. Every try is counted (per e-mail and per source, before the code
 * is compared) and given back when the code is right; a wrong guess also counts against the code.
 */
async function matchingCode(email: string, code: string, source: string, now = Date.now()): Promise<ResetCode> {
  const [fromSource, guesses] = await Promise.all([countInWindow(GUESSES_FROM, source, RESET_WINDOW_SECONDS, now), countInWindow(GUESSES, email, RESET_WINDOW_SECONDS, now)]);
  refuseOver(fromSource, RESET_GUESSES_PER_SOURCE_HOUR, now, networkMessage, 'auth.tooManyFromNetwork');
  refuseOver(guesses, RESET_GUESSES_PER_HOUR, now, guessesCappedMessage, 'auth.resetGuessesCapped');
  const rc = await resetCodeOf(email);
  const state = resetCodeState(rc, now);
  if (state === 'void') throw new TooManyRequests(CODE_VOID, 'auth.resetCodeVoid');
  if (state === 'gone' || !rc) throw new BadRequest(WRONG_CODE, 'auth.resetCode');
  if (!codeMatches(rc, code)) {
    await recordWrongResetCode(rc, RESET_CODE_MAX_ATTEMPTS);
    throw new BadRequest(WRONG_CODE, 'auth.resetCode');
  }
  await Promise.all([uncountInWindow(GUESSES_FROM, source, now), uncountInWindow(GUESSES, email, now)]);
  return rc;
}

export async function verifyResetCode(email: string, code: string, source: string): Promise<void> {
  const rc = await matchingCode(email, code, source);
  if (!(await markResetCodeVerified(rc, RESET_CODE_MAX_ATTEMPTS))) throw new BadRequest(WRONG_CODE, 'auth.resetCode');
}

export async function resetPassword(email: string, code: string, password: string, source: string): Promise<void> {
  const rc = await matchingCode(email, code, source);
  if (!rc.verified) throw new BadRequest('Please verify the code first', 'auth.resetNotVerified');
  const userId = await userIdByEmail(email);
  const user = userId ? await userById(userId) : undefined;
  if (!user || !(await takeVerifiedResetCode(rc))) throw new BadRequest(WRONG_CODE, 'auth.resetCode');
  await setPoolPassword(user.email, password);
  // Every older token stops working at once (session-gate.ts tells them why); refresh tokens were never kept (refresh-tokens.ts).
  await setSessions(user.id, [], 'reset');
  // The code reached the mailbox: that proves the e-mail as the activation link would.
  if (!user.activated) await markActivated(user.id);
  await forgetSignInFailures(user.id);
}
