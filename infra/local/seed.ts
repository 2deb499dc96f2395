import {
  AdminAddUserToGroupCommand,
  AdminCreateUserCommand,
  AdminGetUserCommand,
  AdminSetUserMFAPreferenceCommand,
  AdminSetUserPasswordCommand,
  type CognitoIdentityProviderClient,
} from '@aws-sdk/client-cognito-identity-provider';
import { createUser, userById } from '../../functions/data/user-repo';
import { ADMIN_GROUP } from '../../shared/constants';

/**
 * The admin account of ADMIN_EMAIL / ADMIN_PASSWORD, created once (a later start leaves it as it is).
 * Also the first admin in AWS (scripts/admin-create.ts): there `password` is undefined, so the pool
 * user keeps the random password Cognito made and never sent, and the teacher chooses theirs with
 * "Forgot password" on the site.
 */
export async function seedAdmin(
  c: CognitoIdentityProviderClient,
  userPoolId: string,
  email: string,
  password: string | undefined,
  names: { firstName: string; lastName: string } = { firstName: 'Admin', lastName: 'Bioscope' },
): Promise<{ created: boolean; id: string }> {
  let sub: string | undefined;
  let created = false;
  try {
    const u = await c.send(new AdminGetUserCommand({ UserPoolId: userPoolId, Username: email }));
    sub = u.UserAttributes?.find((a) => a.Name === 'sub')?.Value;
  } catch (e) {
    if ((e as Error).name !== 'UserNotFoundException') throw e;
    const r = await c.send(
      new AdminCreateUserCommand({
        UserPoolId: userPoolId,
        Username: email,
        MessageAction: 'SUPPRESS',
        UserAttributes: [
          { Name: 'email', Value: email },
          { Name: 'email_verified', Value: 'true' },
          { Name: 'given_name', Value: names.firstName },
          { Name: 'family_name', Value: names.lastName },
        ],
      }),
    );
    sub = r.User?.Attributes?.find((a) => a.Name === 'sub')?.Value;
    if (password !== undefined) await c.send(new AdminSetUserPasswordCommand({ UserPoolId: userPoolId, Username: email, Password: password, Permanent: true }));
    await c.send(new AdminAddUserToGroupCommand({ UserPoolId: userPoolId, Username: email, GroupName: ADMIN_GROUP }));
    created = true;
  }
  if (!sub) throw new Error('the admin user has no sub');
  if (!(await userById(sub))) {
    await createUser({
      id: sub,
      email,
      firstName: names.firstName,
      lastName: names.lastName,
      role: 'ADMIN',
      block: false,
      activated: true,
      provider: 'cognito',
      createdAt: new Date().toISOString(),
      sessions: [],
    });
  }
  return { created, id: sub };
}

/**
 * Turns the admin's authenticator app off (a lost phone; docs/admin-mfa.md): the password alone
 * signs in again, and the admin can set up a new phone. True when it was on.
 */
export async function clearAdminMfa(c: CognitoIdentityProviderClient, userPoolId: string, email: string): Promise<boolean> {
  const u = await c.send(new AdminGetUserCommand({ UserPoolId: userPoolId, Username: email }));
  if (!(u.UserMFASettingList ?? []).includes('SOFTWARE_TOKEN_MFA')) return false;
  await c.send(new AdminSetUserMFAPreferenceCommand({ UserPoolId: userPoolId, Username: email, SoftwareTokenMfaSettings: { Enabled: false, PreferredMfa: false } }));
  return true;
}
