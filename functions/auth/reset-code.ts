import { createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import { RESET_CODE_LENGTH } from '../../shared/constants';
import type { ResetCode } from '../data/reset-code-repo';

export const RESET_CODE_TTL_SECONDS = 15 * 60;
/** A live code is not replaced sooner than this: each new code would bring fresh guesses. */
export const RESET_CODE_RESEND_SECONDS = 60;
/** Wrong guesses a code survives; the next attempt is refused with 429 and a new code is needed. */
export const RESET_CODE_MAX_ATTEMPTS = 5;
/** Per e-mail in an hour (whether or not it has an account): codes issued, and wrong codes tried across all its codes. */
export const RESET_CODES_PER_HOUR = 3;
export const RESET_GUESSES_PER_HOUR = 10;
/** Per source address in an hour: a school's shared address stays well below. */
export const RESET_CODES_PER_SOURCE_HOUR = 30;
export const RESET_GUESSES_PER_SOURCE_HOUR = 60;
export const RESET_WINDOW_SECONDS = 60 * 60;

/** The code is bound to its e-mail and salted, so the stored hash matches nothing else. */
export function hashResetCode(email: string, code: string, salt: string): string {
  return createHmac('sha256', salt).update(`${email.toLowerCase()}:${code}`).digest('base64url');
}

export function newResetCode(email: string, now = Date.now()): { code: string; item: ResetCode } {
  const code = String(randomInt(0, 10 ** RESET_CODE_LENGTH)).padStart(RESET_CODE_LENGTH, '0');
  const salt = randomBytes(16).toString('base64url');
  return {
    code,
    item: { email: email.toLowerCase(), codeHash: hashResetCode(email, code, salt), salt, expiresAt: Math.floor(now / 1000) + RESET_CODE_TTL_SECONDS, attempts: 0, verified: false },
  };
}

export function codeMatches(rc: ResetCode, code: string): boolean {
  const a = Buffer.from(hashResetCode(rc.email, code, rc.salt));
  const b = Buffer.from(rc.codeHash);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** live: may be checked; gone: absent or past its time (400); void: too many wrong guesses (429). */
export function resetCodeState(rc: ResetCode | undefined, now = Date.now()): 'live' | 'gone' | 'void' {
  if (!rc || rc.expiresAt * 1000 <= now) return 'gone';
  return rc.attempts >= RESET_CODE_MAX_ATTEMPTS ? 'void' : 'live';
}

/** Whether forget-password may replace the current code (the old one stays valid in the mailbox otherwise). */
export function mayIssueResetCode(current: ResetCode | undefined, now = Date.now()): boolean {
  if (resetCodeState(current, now) !== 'live' || !current) return true;
  const issuedAt = (current.expiresAt - RESET_CODE_TTL_SECONDS) * 1000;
  return now - issuedAt >= RESET_CODE_RESEND_SECONDS * 1000;
}
