/**
 * The Cognito user pool as the auth domain uses it. Users are made with the Admin API and
 * MessageAction SUPPRESS, so Cognito itself never mails: activation and reset mails are ours.
 */
import {
  AdminCreateUserCommand,
  AdminDeleteUserCommand,
  AdminGetUserCommand,
  AdminInitiateAuthCommand,
  AdminSetUserPasswordCommand,
  AdminUpdateUserAttributesCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { cognito } from '../lib/aws';
import { env } from '../lib/env';
import { Conflict, Unauthorized } from '../lib/errors';

export const WRONG_CREDENTIALS = 'Incorrect e-mail/phone or password';

const named = (e: unknown, ...names: string[]) => e instanceof Error && names.includes(e.name);

export async function createPoolUser(u: { email: string; password: string; firstName: string; lastName: string; mobileNumber: string; schooleYear?: string }): Promise<string> {
  let sub: string | undefined;
  try {
    const r = await cognito.send(
      new AdminCreateUserCommand({
        UserPoolId: env.USER_POOL_ID,
        Username: u.email,
        MessageAction: 'SUPPRESS',
        UserAttributes: [
          { Name: 'email', Value: u.email },
          { Name: 'given_name', Value: u.firstName },
          { Name: 'family_name', Value: u.lastName },
          { Name: 'phone_number', Value: u.mobileNumber },
          // A parent has none.
          ...(u.schooleYear ? [{ Name: 'custom:schoolYear', Value: u.schooleYear }] : []),
        ],
      }),
    );
    sub = r.User?.Attributes?.find((a) => a.Name === 'sub')?.Value;
  } catch (e) {
    if (named(e, 'UsernameExistsException', 'AliasExistsException')) throw new Conflict('An account with this e-mail already exists', 'auth.emailInUse');
    throw e;
  }
  try {
    if (!sub) throw new Error('Cognito returned a user without a sub');
    await setPoolPassword(u.email, u.password);
  } catch (e) {
    await deletePoolUser(u.email);
    throw e;
  }
  return sub;
}

/** Undoes createPoolUser when our record could not be written; removes a deleted user (by e-mail, or a Google user's pool name). */
export async function deletePoolUser(username: string): Promise<void> {
  await cognito.send(new AdminDeleteUserCommand({ UserPoolId: env.USER_POOL_ID, Username: username }));
}

export async function setPoolPassword(email: string, password: string): Promise<void> {
  await cognito.send(new AdminSetUserPasswordCommand({ UserPoolId: env.USER_POOL_ID, Username: email, Password: password, Permanent: true }));
}

/** The e-mail goes along (unchanged): cognito-local refuses email_verified alone; AWS accepts both. */
export async function markEmailVerified(email: string): Promise<void> {
  await cognito.send(
    new AdminUpdateUserAttributesCommand({
      UserPoolId: env.USER_POOL_ID,
      Username: email,
      UserAttributes: [
        { Name: 'email', Value: email },
        { Name: 'email_verified', Value: 'true' },
      ],
    }),
  );
}

/** Given and family name of a pool user, for ID tokens that lack them (cognito-local's do). */
export async function poolUserNames(username: string): Promise<{ givenName?: string; familyName?: string }> {
  const r = await cognito.send(new AdminGetUserCommand({ UserPoolId: env.USER_POOL_ID, Username: username }));
  const attr = (n: string) => r.UserAttributes?.find((a) => a.Name === n)?.Value;
  return { givenName: attr('given_name'), familyName: attr('family_name') };
}

/**
 * ADMIN_USER_PASSWORD_AUTH with the server's app client: the Lambda's IAM role is what allows it,
 * so nobody can try passwords against the pool around our counters (no app client allows the
 * public InitiateAuth password flows). Wrong password or unknown user → 401 with one message for
 * both. `disabled` tells the caller Cognito refused a disabled user (AWS only; cognito-local ignores it).
 * `mfa`: the password is right and the account's authenticator code is asked for (mfa.ts).
 */
export async function passwordSignIn(
  email: string,
  password: string,
): Promise<{ idToken: string; accessToken?: string; refreshToken?: string } | { disabled: true } | { mfa: { session: string } }> {
  try {
    const r = await cognito.send(
      new AdminInitiateAuthCommand({
        UserPoolId: env.USER_POOL_ID,
        ClientId: env.USER_POOL_CLIENT_ID,
        AuthFlow: 'ADMIN_USER_PASSWORD_AUTH',
        AuthParameters: { USERNAME: email, PASSWORD: password },
      }),
    );
    if (r.ChallengeName === 'SOFTWARE_TOKEN_MFA' && r.Session) return { mfa: { session: r.Session } };
    const idToken = r.AuthenticationResult?.IdToken;
    // Another challenge (e.g. NEW_PASSWORD_REQUIRED) has no tokens: our users never get one, refuse it.
    if (!idToken) throw new Unauthorized(WRONG_CREDENTIALS, 'auth.badCredentials');
    return { idToken, accessToken: r.AuthenticationResult?.AccessToken, refreshToken: r.AuthenticationResult?.RefreshToken };
  } catch (e) {
    if (named(e, 'NotAuthorizedException') && /disabled/i.test((e as Error).message)) return { disabled: true };
    // cognito-local says InvalidPasswordException where AWS says NotAuthorizedException.
    if (named(e, 'NotAuthorizedException', 'InvalidPasswordException', 'UserNotFoundException', 'PasswordResetRequiredException', 'UserNotConfirmedException')) {
      throw new Unauthorized(WRONG_CREDENTIALS, 'auth.badCredentials');
    }
    throw e;
  }
}
