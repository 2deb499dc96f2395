/**
 * The admin's second factor (docs/admin-mfa.md): an authenticator app, Cognito's software-token
 * MFA (TOTP). Setting it up takes the password again (for a one-off access token: our clients
 * hold only ID tokens) and a first code; then SetUserMFAPreference makes Cognito answer every
 * password sign-in of the account with the SOFTWARE_TOKEN_MFA challenge, which finishMfaSignIn
 * finishes. Only ADMIN routes set it up, so a student is never asked. The operator's
 * `npm run admin:create` turns it off (infra/local/seed.ts clearAdminMfa).
 */
import {
  AdminGetUserCommand,
  AdminRespondToAuthChallengeCommand,
  AssociateSoftwareTokenCommand,
  SetUserMFAPreferenceCommand,
  VerifySoftwareTokenCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import type { LoginResponse, MfaChallengeResponse } from '../../shared/schemas/auth';
import { toUser, userById, userIdByEmail, userIdByPhone } from '../data/user-repo';
import { cognito } from '../lib/aws';
import { env } from '../lib/env';
import { BadRequest, Blocked, Conflict, Forbidden, Unauthorized } from '../lib/errors';
import { parseIdentifier } from './identifier';
import { NOT_ACTIVATED } from './password-sign-in';
import { passwordSignIn } from './pool';
import { revokeRefreshToken } from './refresh-tokens';
import { accountOfIdentifier, accountOfUser, beginSignIn } from './sign-in-throttle';
import { startSession } from './sessions';

const TOTP = 'SOFTWARE_TOKEN_MFA';
export const MFA_NEEDED = 'Enter the code from your authenticator app';
export const WRONG_MFA_CODE = 'That code is not the one your authenticator app shows now';
export const MFA_SESSION_OVER = 'This sign-in has expired. Enter your password again.';
export const MFA_ALREADY_ON = 'Your authenticator app is already set up. To move to a new phone, ask the operator to turn it off first.';
const WRONG_PASSWORD = 'The current password is not right';
/** The name authenticator apps list the account under. */
export const MFA_ISSUER = 'Bioscope';

const named = (e: unknown, ...names: string[]) => e instanceof Error && names.includes(e.name);

/** What POST /api/auth/login answers when Cognito asks for the code. */
export const mfaChallenge = (session: string): MfaChallengeResponse => ({ message: MFA_NEEDED, challenge: TOTP, session });

export async function mfaEnabled(email: string): Promise<boolean> {
  const r = await cognito.send(new AdminGetUserCommand({ UserPoolId: env.USER_POOL_ID, Username: email }));
  return (r.UserMFASettingList ?? []).includes(TOTP);
}

/**
 * Runs `use` with an access token from a fresh password sign-in (counted as a sign-in is), then
 * revokes that sign-in's refresh token, and with it the access token.
 */
async function withAccessToken<T>(user: { id: string; email: string }, password: string, source: string, use: (accessToken: string) => Promise<T>): Promise<T> {
  const attempt = await beginSignIn(accountOfUser(user.id), source);
  let result: Awaited<ReturnType<typeof passwordSignIn>>;
  try {
    result = await passwordSignIn(user.email, password);
  } catch (e) {
    if (!(e instanceof Unauthorized)) throw e;
    await attempt.failed();
    throw new BadRequest(WRONG_PASSWORD, 'profile.wrongPassword');
  }
  await attempt.succeeded();
  if ('mfa' in result) throw new Conflict(MFA_ALREADY_ON, 'auth.mfaAlreadyOn');
  if ('disabled' in result || !result.accessToken) throw new Blocked();
  try {
    return await use(result.accessToken);
  } finally {
    await revokeRefreshToken(result.refreshToken);
  }
}

/** The key URI authenticator apps read (Google's Key Uri Format), as text or a QR code. */
export const otpauthUri = (email: string, secret: string) =>
  `otpauth://totp/${MFA_ISSUER}:${encodeURIComponent(email)}?secret=${secret}&issuer=${MFA_ISSUER}&algorithm=SHA1&digits=6&period=30`;

export async function startMfaSetup(user: { id: string; email: string }, password: string, source: string): Promise<{ secret: string; uri: string }> {
  const secret = await withAccessToken(user, password, source, async (AccessToken) => (await cognito.send(new AssociateSoftwareTokenCommand({ AccessToken }))).SecretCode);
  if (!secret) throw new Error('Cognito returned no secret');
  return { secret, uri: otpauthUri(user.email, secret) };
}

export async function finishMfaSetup(user: { id: string; email: string }, password: string, code: string, source: string): Promise<void> {
  await withAccessToken(user, password, source, async (AccessToken) => {
    try {
      await cognito.send(new VerifySoftwareTokenCommand({ AccessToken, UserCode: code, FriendlyDeviceName: 'Bioscope admin' }));
    } catch (e) {
      // A wrong code, or no secret started (AWS: InvalidParameterException): set up again either way.
      if (named(e, 'EnableSoftwareTokenMFAException', 'CodeMismatchException', 'InvalidParameterException')) throw new BadRequest(WRONG_MFA_CODE, 'auth.mfaCode');
      throw e;
    }
    await cognito.send(new SetUserMFAPreferenceCommand({ AccessToken, SoftwareTokenMfaSettings: { Enabled: true, PreferredMfa: true } }));
  });
}

/**
 * The second step of a password sign-in: Cognito checks the code against the session it gave.
 * Wrong codes are counted apart from passwords (a right password clears those), slowed as they are.
 */
export async function finishMfaSignIn(identifier: string, session: string, code: string, source: string): Promise<LoginResponse['data']> {
  const id = parseIdentifier(identifier);
  const userId = id.kind === 'email' ? await userIdByEmail(id.email) : id.kind === 'phone' ? await userIdByPhone(id.phone) : undefined;
  const user = userId ? await userById(userId) : undefined;
  if (!user) throw new Unauthorized(MFA_SESSION_OVER, 'auth.mfaSessionExpired');
  const attempt = await beginSignIn(accountOfIdentifier(`mfa:${user.id}`), source);
  let idToken: string | undefined;
  let refreshToken: string | undefined;
  try {
    const r = await cognito.send(
      new AdminRespondToAuthChallengeCommand({
        UserPoolId: env.USER_POOL_ID,
        ClientId: env.USER_POOL_CLIENT_ID,
        ChallengeName: TOTP,
        Session: session,
        // The pool's own name of the user (its sub: e-mail is a username attribute), as the challenge's USER_ID_FOR_SRP names it.
        ChallengeResponses: { USERNAME: user.id, SOFTWARE_TOKEN_MFA_CODE: code },
      }),
    );
    idToken = r.AuthenticationResult?.IdToken;
    refreshToken = r.AuthenticationResult?.RefreshToken;
  } catch (e) {
    // ExpiredCodeException: AWS refuses a code already used once.
    if (named(e, 'CodeMismatchException', 'ExpiredCodeException')) {
      await attempt.failed();
      throw new BadRequest(WRONG_MFA_CODE, 'auth.mfaCode');
    }
    if (named(e, 'NotAuthorizedException', 'UserNotFoundException')) throw new Unauthorized(MFA_SESSION_OVER, 'auth.mfaSessionExpired');
    throw e;
  }
  await attempt.succeeded();
  if (!idToken) throw new Unauthorized(MFA_SESSION_OVER, 'auth.mfaSessionExpired');
  if (user.block) throw new Blocked();
  if (!user.activated) throw new Forbidden(NOT_ACTIVATED, 'auth.notActivated');
  await Promise.all([startSession(user, idToken), revokeRefreshToken(refreshToken)]);
  return { ...toUser(user), token: idToken };
}
