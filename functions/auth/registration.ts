/** Sign-up and the activation link it mails. */
import { randomBytes } from 'node:crypto';
import type { Locale } from '../../shared/constants';
import type { SignUpRequest } from '../../shared/schemas/auth';
import { activationToken, markActivationTokenUsed, putActivationToken } from '../data/activation-repo';
import { countInWindow, type WindowCount } from '../data/attempt-window-repo';
import { createUser, markActivated, userById, userIdByEmail, userIdByPhone } from '../data/user-repo';
import { env } from '../lib/env';
import type { ErrorCode } from '../../shared/errors';
import { Conflict, TooManyRequests } from '../lib/errors';
import { sendMail } from '../data/mailer';
import { activationMail } from './mail-texts';
import { networkMessage } from './sign-in-throttle';
import { createPoolUser, deletePoolUser, markEmailVerified } from './pool';
import { parentLinkAtSignUp } from '../parents/public';

export const ACTIVATION_TTL_SECONDS = 48 * 3600;
const EMAIL_TAKEN = 'An account with this e-mail already exists';
const PHONE_TAKEN = 'An account with this mobile number already exists';

/** Sign-ups (every try that passes the schema, counted before anything is looked up) per source and per e-mail (AP50). */
export const SIGN_UPS_PER_SOURCE = 5;
export const SIGN_UP_SOURCE_WINDOW_SECONDS = 10 * 60;
export const SIGN_UPS_PER_EMAIL = 3;
export const SIGN_UP_EMAIL_WINDOW_SECONDS = 60 * 60;
const SIGN_UPS_FROM = 'signup-src';
const SIGN_UPS_OF = 'signup-email';
export const signUpsFromNetworkMessage = (minutes: number) => `Too many sign-ups from your network. Try again in ${minutes} min.`;
export const signUpsForEmailMessage = (minutes: number) => `Too many sign-ups with this e-mail. Try again in ${minutes} min.`;

function refuseOver(w: WindowCount, cap: number, now: number, message: (minutes: number) => string, code: ErrorCode) {
  if (w.count <= cap) return;
  const seconds = Math.max(1, (w.endsAt - now) / 1000);
  throw new TooManyRequests(message(Math.ceil(seconds / 60)), code, seconds);
}

/**
 * A student's sign-up, or a parent's with a child's invite code: the code is checked before anything
 * is made (a bad one makes nothing) and used in the transaction that writes the parent's record.
 */
export async function signUp(b: SignUpRequest, source: string, now = Date.now()): Promise<void> {
  const [fromSource, ofEmail] = await Promise.all([
    countInWindow(SIGN_UPS_FROM, source, SIGN_UP_SOURCE_WINDOW_SECONDS, now),
    countInWindow(SIGN_UPS_OF, b.email, SIGN_UP_EMAIL_WINDOW_SECONDS, now),
  ]);
  refuseOver(fromSource, SIGN_UPS_PER_SOURCE, now, signUpsFromNetworkMessage, 'auth.signUpsFromNetwork');
  refuseOver(ofEmail, SIGN_UPS_PER_EMAIL, now, signUpsForEmailMessage, 'auth.signUpsForEmail');

  // Fast, clear answers; createUser's guards still decide under a race.
  const [byEmail, byPhone] = await Promise.all([userIdByEmail(b.email), userIdByPhone(b.mobileNumber)]);
  if (byEmail) throw new Conflict(EMAIL_TAKEN, 'auth.emailInUse');
  if (byPhone) throw new Conflict(PHONE_TAKEN, 'auth.phoneInUse');

  const link = b.role === 'PARENT' ? await parentLinkAtSignUp(b.parentCode, new Date(now)) : undefined;

  const id = await createPoolUser(b);
  const createdAt = new Date().toISOString();
  try {
    await createUser(
      {
        id,
        email: b.email,
        firstName: b.firstName,
        lastName: b.lastName,
        mobileNumber: b.mobileNumber,
        ...(b.role === 'PARENT' ? {} : { schooleYear: b.schooleYear }),
        locale: b.locale,
        role: b.role === 'PARENT' ? 'PARENT' : 'USER',
        block: false,
        activated: false,
        provider: 'cognito',
        createdAt,
        sessions: [],
      },
      link?.(id, createdAt),
    );
  } catch (e) {
    await deletePoolUser(b.email);
    throw e instanceof Conflict && e.code === 'auth.accountInUse' ? new Conflict('An account with this e-mail or mobile number already exists', 'auth.accountInUse') : e;
  }

  await mailActivationLink({ id, email: b.email, firstName: b.firstName, locale: b.locale });
}

/** A new activation link (valid ACTIVATION_TTL_SECONDS), mailed. */
/** In the language the student signed up in (a record from before it: English). */
async function mailActivationLink(user: { id: string; email: string; firstName: string; locale?: Locale }): Promise<void> {
  const token = randomBytes(32).toString('base64url');
  await putActivationToken({ token, userId: user.id, expiresAt: Math.floor(Date.now() / 1000) + ACTIVATION_TTL_SECONDS });
  const link = `${env.PUBLIC_URL}/api/auth/activate?token=${token}`;
  await sendMail({ to: user.email, ...activationMail(user.locale ?? 'en', user.firstName, link, ACTIVATION_TTL_SECONDS / 3600), link });
}

/** Activation mails asked again (every request, counted before anything is looked up) per source and per e-mail (AP50). */
export const ACTIVATION_MAILS_PER_SOURCE = 10;
export const ACTIVATION_MAILS_PER_EMAIL = 3;
export const ACTIVATION_MAIL_WINDOW_SECONDS = 60 * 60;
const ACTIVATION_MAILS_FROM = 'activation-src';
const ACTIVATION_MAILS_OF = 'activation-email';
export const activationMailsCappedMessage = (minutes: number) => `Too many activation mails were asked for this e-mail. Try again in ${minutes} min.`;

/**
 * Mails a new activation link when the e-mail has a password account not activated yet; otherwise
 * nothing. The limits count the e-mail whether or not it has an account, so a 429 tells nothing either.
 */
export async function sendActivationMail(email: string, source: string, now = Date.now()): Promise<void> {
  const [fromSource, ofEmail] = await Promise.all([
    countInWindow(ACTIVATION_MAILS_FROM, source, ACTIVATION_MAIL_WINDOW_SECONDS, now),
    countInWindow(ACTIVATION_MAILS_OF, email, ACTIVATION_MAIL_WINDOW_SECONDS, now),
  ]);
  refuseOver(fromSource, ACTIVATION_MAILS_PER_SOURCE, now, networkMessage, 'auth.tooManyFromNetwork');
  refuseOver(ofEmail, ACTIVATION_MAILS_PER_EMAIL, now, activationMailsCappedMessage, 'auth.activationMailsCapped');
  const id = await userIdByEmail(email);
  const user = id ? await userById(id) : undefined;
  if (!user || user.activated || user.provider !== 'cognito') return;
  await mailActivationLink(user);
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
