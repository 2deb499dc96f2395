/**
 * Google sign-in through the local hosted-UI stand-in, followed hop by hop as a browser would:
 * /api/auth/google → chooser page → cognito-local issues a code → our callback → the web app.
 */
import { AdminGetUserCommand } from '@aws-sdk/client-cognito-identity-provider';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { decodeJwt } from 'jose';
import { api, cognito, ddb, makeUser, platform, setUserFields, uniq } from '../support/platform';

const go = (url: string, init: RequestInit = {}) => fetch(url, { redirect: 'manual', ...init });
const hiddenFields = (html: string) => Object.fromEntries([...html.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)">/g)].map((m) => [m[1]!, m[2]!.replace(/&#(\d+);/g, (_, c: string) => String.fromCharCode(Number(c)))]));

/** Returns where the browser finally lands on the web app. */
async function signInWithGoogle(identity: { email: string; given_name?: string; family_name?: string }): Promise<URL> {
  const { url } = platform();
  const start = await go(`${url}/api/auth/google`);
  expect(start.status).toBe(302);
  const authorize = new URL(start.headers.get('location')!);
  expect(`${authorize.origin}${authorize.pathname}`).toBe(`${url}/_local/cognito/oauth2/authorize`);
  expect(Object.fromEntries(authorize.searchParams)).toMatchObject({
    response_type: 'code',
    client_id: platform().clientId,
    redirect_uri: `${url}/api/auth/google/callback`,
    identity_provider: 'Google',
    scope: 'openid email profile',
    code_challenge_method: 'S256',
  });

  const chooser = await go(authorize.toString());
  expect(chooser.status).toBe(200);
  const html = await chooser.text();
  expect(html).toContain('Choose a Google account');
  const form = new URLSearchParams({ ...hiddenFields(html), given_name: '', family_name: '', ...identity });
  const chosen = await go(`${url}/_local/cognito/google/choose`, { method: 'POST', body: form });
  expect(chosen.status).toBe(302);
  const callback = chosen.headers.get('location')!;
  expect(callback).toMatch(new RegExp(`^${url}/api/auth/google/callback\\?code=`));

  const landed = await go(callback);
  expect(landed.status).toBe(302);
  return new URL(landed.headers.get('location')!);
}

const profile = (token: string) => api('GET', '/api/user/profile', { token });

describe('Google sign-in via the local stand-in', () => {
  it('creates the record on first sign-in, reuses it after, and the token opens protected routes', async () => {
    const email = `${uniq('g')}@gmail.test`;
    const first = await signInWithGoogle({ email, given_name: 'Omar', family_name: 'Fathy' });
    expect(`${first.origin}${first.pathname}`).toBe(`${platform().url}/auth/google/callback`);
    const token = first.searchParams.get('token')!;
    const user = JSON.parse(Buffer.from(first.searchParams.get('user')!, 'base64url').toString('utf8'));
    expect(user).toMatchObject({ email, firstName: 'Omar', lastName: 'Fathy', role: 'USER', block: false });
    expect(decodeJwt(token).sub).toBe(user.id);
    expect([200, 501]).toContain((await profile(token)).status);

    const rec = await ddb().send(new GetCommand({ TableName: platform().tableName, Key: { PK: `USER#${user.id}`, SK: 'PROFILE' } }));
    expect(rec.Item).toMatchObject({ provider: 'google', activated: true, role: 'USER' });

    const second = await signInWithGoogle({ email: email.toUpperCase() });
    const again = JSON.parse(Buffer.from(second.searchParams.get('user')!, 'base64url').toString('utf8'));
    expect(again.id).toBe(user.id);
    expect(again.firstName).toBe('Omar');
    // One session per student here too: the first Google token is over.
    expect((await profile(token)).status).toBe(401);
    expect([200, 501]).toContain((await profile(second.searchParams.get('token')!)).status);
  });

  it("keeps the Google user's pool name, so the admin's block disables and delete removes their pool user", async () => {
    const landed = await signInWithGoogle({ email: `${uniq('g')}@gmail.test`, given_name: 'Pool', family_name: 'Name' });
    const { id } = JSON.parse(Buffer.from(landed.searchParams.get('user')!, 'base64url').toString('utf8'));
    const poolUsername = decodeJwt(landed.searchParams.get('token')!)['cognito:username'] as string;
    const rec = await ddb().send(new GetCommand({ TableName: platform().tableName, Key: { PK: `USER#${id}`, SK: 'PROFILE' } }));
    expect(rec.Item?.poolUsername).toBe(poolUsername);

    const poolUser = () => cognito().send(new AdminGetUserCommand({ UserPoolId: platform().userPoolId, Username: poolUsername }));
    const admin = await makeUser({ admin: true });
    expect((await api('PATCH', `/api/user/blockUser/${id}`, { token: admin.token })).status).toBe(200);
    expect((await poolUser()).Enabled).toBe(false);
    expect((await api('PATCH', `/api/user/blockUser/${id}`, { token: admin.token })).status).toBe(200);
    expect((await poolUser()).Enabled).toBe(true);
    expect((await api('DELETE', `/api/user/deleteUser/${id}`, { token: admin.token })).status).toBe(200);
    await expect(poolUser()).rejects.toMatchObject({ name: 'UserNotFoundException' });
  });

  it('sends a blocked Google user back to the login page', async () => {
    const email = `${uniq('g')}@gmail.test`;
    const first = await signInWithGoogle({ email, given_name: 'Blocked', family_name: 'Later' });
    const { id } = JSON.parse(Buffer.from(first.searchParams.get('user')!, 'base64url').toString('utf8'));
    await setUserFields(id, { block: true });
    expect((await signInWithGoogle({ email })).toString()).toBe(`${platform().url}/auth/login?google=failed&reason=blocked`);
  });

  it('refuses a Google identity whose e-mail already has a password account', async () => {
    const u = await makeUser();
    const landed = await signInWithGoogle({ email: u.email, given_name: 'Same', family_name: 'Mail' });
    expect(landed.toString()).toBe(`${platform().url}/auth/login?google=failed&reason=email_in_use`);
    // The password account is untouched and still signs in.
    expect((await api('POST', '/api/auth/login', { json: { identifier: u.email, password: u.password } })).status).toBe(200);
  });

  it('sends a callback with an unknown state, an error or nothing back to the login page', async () => {
    const { url } = platform();
    const cases: [string, string][] = [
      ['?code=abc&state=never-issued', 'expired'],
      ['?error=access_denied&state=x', 'cancelled'],
      ['', 'failed'],
    ];
    for (const [query, reason] of cases) {
      const r = await go(`${url}/api/auth/google/callback${query}`);
      expect(r.status).toBe(302);
      expect(r.headers.get('location')).toBe(`${url}/auth/login?google=failed&reason=${reason}`);
    }
  });

  it('takes a state once: replaying a callback fails', async () => {
    const { url } = platform();
    const start = await go(`${url}/api/auth/google`);
    const chooser = await go(start.headers.get('location')!);
    const form = new URLSearchParams({ ...hiddenFields(await chooser.text()), email: `${uniq('g')}@gmail.test`, given_name: 'Replay', family_name: 'Test' });
    const callback = (await go(`${url}/_local/cognito/google/choose`, { method: 'POST', body: form })).headers.get('location')!;
    expect((await go(callback)).headers.get('location')).toMatch(/\/auth\/google\/callback\?token=/);
    expect((await go(callback)).headers.get('location')).toBe(`${url}/auth/login?google=failed&reason=expired`);
  });

  it('refuses an authorize request for a redirect URI the app client does not know', async () => {
    const r = await go(`${platform().url}/_local/cognito/oauth2/authorize?response_type=code&client_id=${platform().clientId}&redirect_uri=${encodeURIComponent('https://evil.test/cb')}&code_challenge=x&code_challenge_method=S256&state=s`);
    expect(r.status).toBe(400);
    expect(await r.text()).toContain('redirect_uri not registered');
  });
});
