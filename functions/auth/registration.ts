/** Sign-up and the activation link it mails. */
import { randomBytes } from 'node:crypto';
import type { z } from 'zod';
import type { signupBody } from '../../shared/schemas/auth';
import { activationToken, markActivationTokenUsed, putActivationToken } from '../data/activation-repo';
import { createUser, markActivated, userById, userIdByEmail, userIdByPhone } from '../data/user-repo';
import { env } from '../lib/env';
import { Conflict } from '../lib/errors';
import { sendMail } from '../data/mailer';
import { createPoolUser, deletePoolUser, markEmailVerified } from './pool';

export const ACTIVATION_TTL_SECONDS = 48 * 3600;
const EMAIL_TAKEN = 'An account with this e-mail already exists';
const PHONE_TAKEN = 'An account with this mobile number already exists';

export async function signUp(b: z.output<typeof signupBody>): Promise<void> {
  // Fast, clear answers; createUser's guards still decide under a race.
  const [byEmail, byPhone] = await Promise.all([userIdByEmail(b.email), userIdByPhone(b.mobileNumber)]);
  if (byEmail) throw new Conflict(EMAIL_TAKEN, 'auth.emailInUse');
  if (byPhone) throw new Conflict(PHONE_TAKEN, 'auth.phoneInUse');

  const id = await createPoolUser(b);
  try {
    await createUser({
      id,
      email: b.email,
      firstName: b.firstName,
      lastName: b.lastName,
      mobileNumber: b.mobileNumber,
      schooleYear: b.schooleYear,
      role: 'USER',
      block: false,
      activated: false,
      provider: 'cognito',
      createdAt: new Date().toISOString(),
      sessions: [],
    });
  } catch (e) {
    await deletePoolUser(b.email);
    throw e instanceof Conflict ? new Conflict('An account with this e-mail or mobile number already exists', 'auth.accountInUse') : e;
  }

  const token = randomBytes(32).toString('base64url');
  await putActivationToken({ token, userId: id, expiresAt: Math.floor(Date.now() / 1000) + ACTIVATION_TTL_SECONDS });
  const link = `${env.PUBLIC_URL}/api/auth/activate?token=${token}`;
  await sendMail({
    to: b.email,
    subject: 'Activate your Bioscope account',
    text: `Hello ${b.firstName},\n\nOpen this link to activate your account (valid for 48 hours):\n${link}\n\nIf you did not sign up, ignore this mail.`,
    link,
  });
}

/** Why an activation link did not work, as the login page's `reason`. */
export type ActivationFailure = 'missing' | 'invalid' | 'expired';

/** A repeated click (or a mail scanner's prefetch) of a used link still lands as activated. */
export async function activateAccount(token: string | undefined): Promise<'activated' | ActivationFailure> {
  if (!token) return 'missing';
  if (!/^[A-Za-z0-9_-]{20,100}$/.test(token)) return 'invalid';
  const t = await activationToken(token);
  if (!t) return 'invalid';
  if (t.usedAt) return 'activated';
  if (t.expiresAt * 1000 <= Date.now()) return 'expired';
  const user = await userById(t.userId);
  if (!user) return 'invalid';
  await markEmailVerified(user.email);
  await markActivated(user.id);
  await markActivationTokenUsed(token);
  return 'activated';
}
