/**
 * The admin's second factor (issue 36): an authenticator app (Cognito software-token MFA, TOTP).
 * The admin sets it up with their password and a first code; from then on a password sign-in
 * answers with a challenge and only a right code gives the session. Students are never asked. The
 * operator's `npm run admin:create` (seed.ts clearAdminMfa) turns it off when the phone is lost.
 * Locally the Cognito gate plays Cognito's part (infra/local/cognito-mfa.ts).
 */
import { AdminGetUserCommand } from '@aws-sdk/client-cognito-identity-provider';
import { totpCode } from '../../infra/local/totp';
import { api, cognito, makeUser, platform, type TestUser } from '../support/platform';

jest.setTimeout(120_000);

const login = (identifier: string, password: string) => api('POST', '/api/auth/login', { json: { identifier, password } });
const answer = (json: { identifier: string; session: string; code: string }) => api('POST', '/api/auth/login/mfa', { json });
const status = (token: string) => api('GET', '/api/auth/mfa', { token });
/** A code of `secret` no authenticator shows now (two steps away). */
const staleCode = (secret: string) => totpCode(secret, Date.now() - 5 * 60_000);

/** Sets TOTP up for `admin` through the routes; its secret. */
async function setUp(admin: TestUser): Promise<string> {
  const started = await api('POST', '/api/auth/mfa/setup', { token: admin.token, json: { password: admin.password } });
  expect(started.status).toBe(200);
  const secret = started.body.data.secret as string;
  const confirmed = await api('POST', '/api/auth/mfa/finish', { token: admin.token, json: { password: admin.password, code: totpCode(secret) } });
  expect(confirmed.status).toBe(200);
  return secret;
}

describe('setting up the authenticator (admin)', () => {
  it('gives a secret and an otpauth URI, takes a first code, and is on from then', async () => {
    const admin = await makeUser({ admin: true });
    expect((await status(admin.token)).body).toEqual({ data: { enabled: false } });

    const wrongPassword = await api('POST', '/api/auth/mfa/setup', { token: admin.token, json: { password: 'Wr0ngPassword' } });
    expect(wrongPassword.status).toBe(400);
    expect(wrongPassword.body.code).toBe('profile.wrongPassword');

    const started = await api('POST', '/api/auth/mfa/setup', { token: admin.token, json: { password: admin.password } });
    expect(started.status).toBe(200);
    const { secret, uri } = started.body.data as { secret: string; uri: string };
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(uri).toBe(`otpauth://totp/Bioscope:${encodeURIComponent(admin.email)}?secret=${secret}&issuer=Bioscope&algorithm=SHA1&digits=6&period=30`);

    const wrongCode = await api('POST', '/api/auth/mfa/finish', { token: admin.token, json: { password: admin.password, code: staleCode(secret) } });
    expect(wrongCode.status).toBe(400);
    expect(wrongCode.body).toEqual({ message: 'That code is not the one your authenticator app shows now', code: 'auth.mfaCode' });
    expect((await status(admin.token)).body).toEqual({ data: { enabled: false } });

    const notDigits = await api('POST', '/api/auth/mfa/finish', { token: admin.token, json: { password: admin.password, code: '12ab56' } });
    expect(notDigits.status).toBe(400);
    expect(notDigits.body.code).toBe('validation');

    const confirmed = await api('POST', '/api/auth/mfa/finish', { token: admin.token, json: { password: admin.password, code: totpCode(secret) } });
    expect(confirmed.status).toBe(200);
    expect((await status(admin.token)).body).toEqual({ data: { enabled: true } });
    const pooled = await cognito().send(new AdminGetUserCommand({ UserPoolId: platform().userPoolId, Username: admin.email }));
    expect(pooled.PreferredMfaSetting).toBe('SOFTWARE_TOKEN_MFA');
    expect(pooled.UserMFASettingList).toEqual(['SOFTWARE_TOKEN_MFA']);

    // Once on, setting up again is the operator's recovery's business, not a stolen session's.
    const again = await api('POST', '/api/auth/mfa/setup', { token: admin.token, json: { password: admin.password } });
    expect(again.status).toBe(409);
    expect(again.body.code).toBe('auth.mfaAlreadyOn');
  });

  it('is for admins only: a student gets 403', async () => {
    const student = await makeUser();
    expect((await api('POST', '/api/auth/mfa/setup', { token: student.token, json: { password: student.password } })).status).toBe(403);
    expect((await status(student.token)).status).toBe(403);
  });
});

describe('signing in with the authenticator on', () => {
  it('answers the password with a challenge; a wrong code is refused, the right one gives what a login gives', async () => {
    const admin = await makeUser({ admin: true });
    const secret = await setUp(admin);

    const first = await login(admin.email, admin.password);
    expect(first.status).toBe(200);
    expect(first.body).toEqual({ message: 'Enter the code from your authenticator app', challenge: 'SOFTWARE_TOKEN_MFA', session: expect.any(String) });
    const session = first.body.session as string;

    const wrong = await answer({ identifier: admin.email, session, code: staleCode(secret) });
    expect(wrong.status).toBe(400);
    expect(wrong.body).toEqual({ message: 'That code is not the one your authenticator app shows now', code: 'auth.mfaCode' });

    // The wrong code leaves the challenge standing: the right one still signs in.
    const right = await answer({ identifier: admin.email, session, code: totpCode(secret) });
    expect(right.status).toBe(200);
    expect(right.body.message).toBe('Signed in successfully');
    expect(right.body.data).toMatchObject({ id: admin.id, email: admin.email, role: 'ADMIN', block: false, token: expect.any(String) });
    expect((await api('GET', '/api/admin/contect', { token: right.body.data.token })).status).toBe(200);

    // A session is good for one sign-in.
    const reused = await answer({ identifier: admin.email, session, code: totpCode(secret) });
    expect(reused.status).toBe(401);
    expect(reused.body).toEqual({ message: 'This sign-in has expired. Enter your password again.', code: 'auth.mfaSessionExpired' });
  });

  it('refuses an unknown or expired session, and a session answered for another account', async () => {
    const admin = await makeUser({ admin: true });
    const other = await makeUser({ admin: true });
    const secret = await setUp(admin);
    const bogus = await answer({ identifier: admin.email, session: 'x'.repeat(64), code: totpCode(secret) });
    expect(bogus.status).toBe(401);
    expect(bogus.body.code).toBe('auth.mfaSessionExpired');

    const { session } = (await login(admin.email, admin.password)).body as { session: string };
    const elsewhere = await answer({ identifier: other.email, session, code: totpCode(secret) });
    expect(elsewhere.status).toBe(401);
    expect(elsewhere.body.code).toBe('auth.mfaSessionExpired');
  });

  it('never asks a student, and the password change still checks the current password', async () => {
    const student = await makeUser();
    const r = await login(student.email, student.password);
    expect(r.status).toBe(200);
    expect(r.body.data.token).toEqual(expect.any(String));
    expect(r.body.challenge).toBeUndefined();

    const admin = await makeUser({ admin: true });
    await setUp(admin);
    const changed = await api('PATCH', '/api/user/update', {
      token: admin.token,
      json: { firstName: 'Test', lastName: 'User', Password: admin.password, newPassword: 'N3wPassword', confirmNPassword: 'N3wPassword' },
    });
    expect(changed.status).toBe(200);
    expect((await login(admin.email, 'N3wPassword')).body.challenge).toBe('SOFTWARE_TOKEN_MFA');
  });
});

describe('recovery: the operator turns it off (npm run admin:create)', () => {
  it('clearAdminMfa lets the admin sign in with the password alone, and set up a new phone', async () => {
    const admin = await makeUser({ admin: true });
    await setUp(admin);
    expect((await login(admin.email, admin.password)).body.challenge).toBe('SOFTWARE_TOKEN_MFA');

    // What the script sets before loading the data layer (read once at import), as first-admin.test.ts.
    Object.assign(process.env, { TABLE_NAME: platform().tableName, DYNAMODB_ENDPOINT: platform().dynamoEndpoint, AWS_ACCESS_KEY_ID: 'S3RVER', AWS_SECRET_ACCESS_KEY: 'S3RVER', AWS_REGION: 'eu-central-1' });
    const { clearAdminMfa } = await import('../../infra/local/seed');
    expect(await clearAdminMfa(cognito(), platform().userPoolId, admin.email)).toBe(true);
    const r = await login(admin.email, admin.password);
    expect(r.status).toBe(200);
    expect(r.body.data.role).toBe('ADMIN');
    expect((await status(r.body.data.token)).body).toEqual({ data: { enabled: false } });
    // Nothing was on: nothing to clear.
    expect(await clearAdminMfa(cognito(), platform().userPoolId, admin.email)).toBe(false);

    const secret = await setUp({ ...admin, token: r.body.data.token });
    const { session } = (await login(admin.email, admin.password)).body as { session: string };
    expect((await answer({ identifier: admin.email, session, code: totpCode(secret) })).status).toBe(200);
  });
});

describe('guessing codes', () => {
  it('wrong codes are slowed as wrong passwords are, and a right password does not clear them', async () => {
    const admin = await makeUser({ admin: true });
    const secret = await setUp(admin);
    const { session } = (await login(admin.email, admin.password)).body as { session: string };
    for (let i = 0; i < 5; i++) expect((await answer({ identifier: admin.email, session, code: staleCode(secret) })).status).toBe(400);
    expect((await login(admin.email, admin.password)).status).toBe(200);
    const slowed = await answer({ identifier: admin.email, session, code: totpCode(secret) });
    expect(slowed.status).toBe(429);
    expect(slowed.body.code).toBe('auth.tooManyAttempts');
  });
});
