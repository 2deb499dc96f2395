/**
 * The first admin in AWS (scripts/admin-create.ts) runs the local seed's seedAdmin with no
 * password: the pool user keeps the random first password Cognito made and never sent, so nobody
 * can sign in with anything until the teacher sets a password with "Forgot password" (the mailed
 * code), and then they are an admin. Here against the local platform's stand-ins.
 */
import { AdminGetUserCommand, AdminListGroupsForUserCommand } from '@aws-sdk/client-cognito-identity-provider';
import { api, cognito, platform, uniq } from '../support/platform';

jest.setTimeout(120_000);

async function lastCode(email: string): Promise<string | undefined> {
  const r = await fetch(`${platform().url}/_local/outbox.json?to=${encodeURIComponent(email)}`);
  return ((await r.json()) as { data: { code?: string }[] }).data.find((m) => m.code)?.code;
}

test('no password anywhere: the teacher sets one through "Forgot password", then signs in as an admin; a second run changes nothing', async () => {
  const p = platform();
  // What the script sets before loading the data layer (read once at import).
  process.env.TABLE_NAME = p.tableName;
  process.env.DYNAMODB_ENDPOINT = p.dynamoEndpoint;
  process.env.AWS_ACCESS_KEY_ID = 'S3RVER';
  process.env.AWS_SECRET_ACCESS_KEY = 'S3RVER';
  process.env.AWS_REGION = 'eu-central-1';
  const { seedAdmin } = await import('../../infra/local/seed');

  const email = `${uniq('teacher')}@test.local`;
  const first = await seedAdmin(cognito(), p.userPoolId, email, undefined, { firstName: 'Mona', lastName: 'Adel' });
  expect(first.created).toBe(true);

  const pooled = await cognito().send(new AdminGetUserCommand({ UserPoolId: p.userPoolId, Username: email }));
  expect(pooled.UserAttributes?.find((a) => a.Name === 'email_verified')?.Value).toBe('true');
  const groups = await cognito().send(new AdminListGroupsForUserCommand({ UserPoolId: p.userPoolId, Username: email }));
  expect(groups.Groups?.map((g) => g.GroupName)).toEqual(['ADMIN']);
  // No password works yet: not an empty one, not a guessable default.
  for (const password of ['', 'Passw0rdOk', 'Admin123', 'Bioscope1']) {
    expect((await api('POST', '/api/auth/login', { json: { identifier: email, password } })).status).toBeGreaterThanOrEqual(400);
  }

  expect((await api('POST', '/api/auth/forget-password', { json: { email } })).status).toBe(200);
  const code = await lastCode(email);
  expect(code).toMatch(/^\d{6}$/);
  expect((await api('POST', '/api/auth/verify-reset-code', { json: { email, code } })).status).toBe(200);
  const chosen = 'Teach3rChoice';
  expect((await api('POST', '/api/auth/reset-password', { json: { email, code, password: chosen, confirm: chosen } })).status).toBe(200);

  const login = await api('POST', '/api/auth/login', { json: { identifier: email, password: chosen } });
  expect(login.status).toBe(200);
  const admin = await api('GET', '/api/admin/contect', { token: login.body.data.token });
  expect(admin.status).toBe(200);

  const again = await seedAdmin(cognito(), p.userPoolId, email, undefined, { firstName: 'Mona', lastName: 'Adel' });
  expect(again).toEqual({ created: false, id: first.id });
  expect((await api('POST', '/api/auth/login', { json: { identifier: email, password: chosen } })).status).toBe(200);
});
