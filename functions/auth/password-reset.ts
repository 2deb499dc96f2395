/** The spec's three reset steps: mail a code, check it, set the new password with it. */
import { putResetCode, recordWrongResetCode, type ResetCode, resetCodeOf, markResetCodeVerified, takeVerifiedResetCode } from '../data/reset-code-repo';
import { clearSignInFailures } from '../data/sign-in-failure-repo';
import { markActivated, setSessions, userById, userIdByEmail } from '../data/user-repo';
import { BadRequest, TooManyRequests } from '../lib/errors';
import { sendMail } from '../data/mailer';
import { setPoolPassword } from './pool';
import { codeMatches, mayIssueResetCode, newResetCode, RESET_CODE_MAX_ATTEMPTS, resetCodeState } from './reset-code';

export const WRONG_CODE = 'The code is wrong or has expired';
export const CODE_VOID = 'Too many wrong codes. Please ask for a new code.';

/** Says nothing about whether the e-mail has an account: the caller always answers the same. */
export async function forgetPassword(email: string): Promise<void> {
  const userId = await userIdByEmail(email);
  const user = userId ? await userById(userId) : undefined;
  if (!user) return;
  if (user.provider === 'google') {
    await sendMail({ to: user.email, subject: 'Your Bioscope account', text: 'This account signs in with Google, so it has no password to reset. Use "Sign in with Google" on the log-in page.' });
    return;
  }
  if (!mayIssueResetCode(await resetCodeOf(user.email))) return;
  const { code, item } = newResetCode(user.email);
  await putResetCode(item);
  await sendMail({
    to: user.email,
    subject: 'Your Bioscope password reset code',
    text: `Your password reset code is ${code}. It is valid for 15 minutes. If you did not ask for it, ignore this mail.`,
    code,
  });
}

/** The live code matching `code`; a wrong guess counts against the code. */
async function matchingCode(email: string, code: string): Promise<ResetCode> {
  const rc = await resetCodeOf(email);
  const state = resetCodeState(rc);
  if (state === 'void') throw new TooManyRequests(CODE_VOID, 'auth.resetCodeVoid');
  if (state === 'gone' || !rc) throw new BadRequest(WRONG_CODE, 'auth.resetCode');
  if (!codeMatches(rc, code)) {
    await recordWrongResetCode(rc, RESET_CODE_MAX_ATTEMPTS);
    throw new BadRequest(WRONG_CODE, 'auth.resetCode');
  }
  return rc;
}

export async function verifyResetCode(email: string, code: string): Promise<void> {
  const rc = await matchingCode(email, code);
  if (!(await markResetCodeVerified(rc, RESET_CODE_MAX_ATTEMPTS))) throw new BadRequest(WRONG_CODE, 'auth.resetCode');
}

export async function resetPassword(email: string, code: string, password: string): Promise<void> {
  const rc = await matchingCode(email, code);
  if (!rc.verified) throw new BadRequest('Please verify the code first', 'auth.resetNotVerified');
  const userId = await userIdByEmail(email);
  const user = userId ? await userById(userId) : undefined;
  if (!user || !(await takeVerifiedResetCode(rc))) throw new BadRequest(WRONG_CODE, 'auth.resetCode');
  await setPoolPassword(user.email, password);
  // Every older token stops working at once (session-gate.ts tells them why).
  await setSessions(user.id, [], 'reset');
  // The code reached the mailbox: that proves the e-mail as the activation link would.
  if (!user.activated) await markActivated(user.id);
  await clearSignInFailures(user.email);
}
