/**
 * Google sign-in through the local hosted-UI stand-in, followed hop by hop as a browser would,
 * with the browser's cookie jar: /api/auth/google → chooser page → cognito-local issues a code →
 * our callback → /auth/google/callback#code=… → POST /api/auth/google/exchange (issue 13, items
 * 1 and 2; issue 12's pool name of a Google user).
 */
import { AdminGetUserCommand, AdminInitiateAuthCommand } from '@aws-sdk/client-cognito-identity-provider';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { createHash } from 'node:crypto';
import { decodeJwt } from 'jose';
import { cognitoClient } from '../../infra/local/cognito';
import { api, cognito, ddb, makeUser, platform, setUserFields, uniq } from '../support/platform';
import { liveRefreshTokens } from '../support/pool-state';

jest.setTimeout(60_000);

const COOKIE = 'bioscope_google';
const go = (url: string, init: RequestInit = {}) => fetch(url, { redirect: 'manual', ...init });
const hiddenFields = (html: string) => Object.fromEntries([...html.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)">/g)].map((m) => [m[1]!, m[2]!.replace(/&#(\d+);/g, (_, c: string) => String.fromCharCode(Number(c)))]));
/** The `name=value` of the sign-in cookie a response sets. */
const cookieOf = (r: Response) => r.headers.getSetCookie().find((c) => c.startsWith(`${COOKIE}=`))?.split(';')[0];

interface Started {
  /** The browser's cookie (`bioscope_google=…`). */
  cookie: string;
  setCookie: string;
  authorize: URL;
}

/** A browser presses the Google button. */
async function start(): Promise<Started> {
  const r = await go(`${platform().url}/api/auth/google`);
  expect(r.status).toBe(302);
  const setCookie = r.headers.getSetCookie().find((c) => c.startsWith(`${COOKIE}=`))!;
  return { cookie: cookieOf(r)!, setCookie, authorize: new URL(r.headers.get('location')!) };
}

/** The chooser: returns the callback URL the hosted UI sends the browser to. */
async function choose(s: Started, identity: { email: string; given_name?: string; family_name?: string; email_unverified?: string }): Promise<string> {
  const { url } = platform();
  const chooser = await go(s.authorize.toString());
  expect(chooser.status).toBe(200);
  const html = await chooser.text();
  expect(html).toContain('Choose a Google account');
  const form = new URLSearchParams({ ...hiddenFields(html), given_name: '', family_name: '', ...identity });
  const chosen = await go(`${url}/_local/cognito/google/choose`, { method: 'POST', body: form });
  expect(chosen.status).toBe(302);
  const callback = chosen.headers.get('location')!;
  expect(callback).toMatch(new RegExp(`^${url}/api/auth/google/callback\\?code=`));
  return callback;
}

/** The callback, opened by a browser with this cookie (or none): where it lands on the web app. */
async function callback(url: string, cookie?: string): Promise<URL> {
  const landed = await go(url, cookie ? { headers: { cookie } } : {});
  expect(landed.status).toBe(302);
  return new URL(landed.headers.get('location')!);
}

const exchange = (code: string, cookie?: string) => api('POST', '/api/auth/google/exchange', { json: { code }, headers: cookie ? { cookie } : {} });
const codeOf = (landed: URL) => new URLSearchParams(landed.hash.slice(1)).get('code')!;

/** The whole sign-in in one browser: returns where it landed and the session the page collects. */
async function signInWithGoogle(identity: { email: string; given_name?: string; family_name?: string }) {
  const s = await start();
  const landed = await callback(await choose(s, identity), s.cookie);
  if (landed.pathname !== '/auth/google/callback') return { landed, s };
  const r = await exchange(codeOf(landed), s.cookie);
  expect(r.status).toBe(200);
  return { landed, s, session: r.body.data as { id: string; token: string; email: string; firstName: string; lastName: string; role: string; block: boolean } };
}

const profile = (token: string) => api('GET', '/api/user/profile', { token });
const failedWith = (reason: string) => `${platform().url}/auth/login?google=failed&reason=${reason}`;

describe('Google sign-in via the local stand-in', () => {
  it('creates the record on first sign-in, reuses it after, and the token opens protected routes', async () => {
    const email = `${uniq('g')}@gmail.test`;
    const first = await signInWithGoogle({ email, given_name: 'Omar', family_name: 'Fathy' });
    expect(`${first.landed.origin}${first.landed.pathname}`).toBe(`${platform().url}/auth/google/callback`);
    const user = first.session!;
    expect(user).toMatchObject({ email, firstName: 'Omar', lastName: 'Fathy', role: 'USER', block: false });
    expect(decodeJwt(user.token).sub).toBe(user.id);
    expect((await profile(user.token)).status).toBe(200);

    const rec = await ddb().send(new GetCommand({ TableName: platform().tableName, Key: { PK: `USER#${user.id}`, SK: 'PROFILE' } }));
    expect(rec.Item).toMatchObject({ provider: 'google', activated: true, role: 'USER' });

    const second = await signInWithGoogle({ email: email.toUpperCase() });
    expect(second.session!.id).toBe(user.id);
    expect(second.session!.firstName).toBe('Omar');
    // One session per student here too: the first Google token is over.
    expect((await profile(user.token)).status).toBe(401);
    expect((await profile(second.session!.token)).status).toBe(200);
  });

  it('strips bidirectional controls from the names Google gives (a name cannot disguise itself in the teacher’s tables)', async () => {
    const { session } = await signInWithGoogle({ email: `${uniq('g')}@gmail.test`, given_name: '\u202EdammahoM\u202C', family_name: '\u2067Ali\u2069' });
    expect(session).toMatchObject({ firstName: 'dammahoM', lastName: 'Ali' });
    const rec = await ddb().send(new GetCommand({ TableName: platform().tableName, Key: { PK: `USER#${session!.id}`, SK: 'PROFILE' } }));
    expect(rec.Item).toMatchObject({ firstName: 'dammahoM', lastName: 'Ali' });
  });

  it("keeps the Google user's pool name, so the admin's block disables and delete removes their pool user", async () => {
    const { session } = await signInWithGoogle({ email: `${uniq('g')}@gmail.test`, given_name: 'Pool', family_name: 'Name' });
    const { id, token } = session!;
    const poolUsername = decodeJwt(token)['cognito:username'] as string;
    // As the AWS pool names a federated user.
    expect(poolUsername).toMatch(/^Google_\d+$/);
    const rec = await ddb().send(new GetCommand({ TableName: platform().tableName, Key: { PK: `USER#${id}`, SK: 'PROFILE' } }));
    expect(rec.Item?.poolUsername).toBe(poolUsername);

    const poolUser = () => cognito().send(new AdminGetUserCommand({ UserPoolId: platform().userPoolId, Username: poolUsername }));
    // The pool finds a federated user by that name only, not by its e-mail (it is no alias of theirs).
    await expect(cognito().send(new AdminGetUserCommand({ UserPoolId: platform().userPoolId, Username: session!.email }))).rejects.toMatchObject({ name: 'UserNotFoundException' });
    const admin = await makeUser({ admin: true });
    expect((await api('PATCH', `/api/user/blockUser/${id}`, { token: admin.token })).status).toBe(200);
    expect((await poolUser()).Enabled).toBe(false);
    expect((await api('PATCH', `/api/user/blockUser/${id}`, { token: admin.token })).status).toBe(200);
    expect((await poolUser()).Enabled).toBe(true);
    expect((await api('DELETE', `/api/user/deleteUser/${id}`, { token: admin.token })).status).toBe(200);
    await expect(poolUser()).rejects.toMatchObject({ name: 'UserNotFoundException' });
    // cognito-local itself (behind the gate) holds it no more either.
    const raw = cognitoClient(platform().cognitoLocalEndpoint);
    await expect(raw.send(new AdminGetUserCommand({ UserPoolId: platform().userPoolId, Username: id }))).rejects.toMatchObject({ name: 'UserNotFoundException' });
  });

  it('sends a blocked Google user back to the login page', async () => {
    const email = `${uniq('g')}@gmail.test`;
    const { session } = await signInWithGoogle({ email, given_name: 'Blocked', family_name: 'Later' });
    await setUserFields(session!.id, { block: true });
    expect((await signInWithGoogle({ email })).landed.toString()).toBe(failedWith('blocked'));
  });

  it('refuses a Google identity whose e-mail already has a password account', async () => {
    const u = await makeUser();
    const { landed } = await signInWithGoogle({ email: u.email, given_name: 'Same', family_name: 'Mail' });
    expect(landed.toString()).toBe(failedWith('email_in_use'));
    // The password account is untouched and still signs in.
    expect((await api('POST', '/api/auth/login', { json: { identifier: u.email, password: u.password } })).status).toBe(200);
  });

  it('sends a callback with an unknown state, an error or nothing back to the login page', async () => {
    const { url } = platform();
    const s = await start();
    const cases: [string, string][] = [
      ['?code=abc&state=never-issued', 'expired'],
      ['?error=access_denied&state=x', 'cancelled'],
      ['', 'failed'],
    ];
    for (const [query, reason] of cases) expect((await callback(`${url}/api/auth/google/callback${query}`, s.cookie)).toString()).toBe(failedWith(reason));
  });

  it('takes a state once: replaying a callback fails', async () => {
    const s = await start();
    const url = await choose(s, { email: `${uniq('g')}@gmail.test`, given_name: 'Replay', family_name: 'Test' });
    expect((await callback(url, s.cookie)).pathname).toBe('/auth/google/callback');
    expect((await callback(url, s.cookie)).toString()).toBe(failedWith('expired'));
  });

  it('refuses an authorize request for a redirect URI the app client does not know', async () => {
    const r = await go(`${platform().url}/_local/cognito/oauth2/authorize?response_type=code&client_id=${platform().hostedUiClientId}&redirect_uri=${encodeURIComponent('https://evil.test/cb')}&code_challenge=x&code_challenge_method=S256&state=s`);
    expect(r.status).toBe(400);
    expect(await r.text()).toContain('redirect_uri not registered');
  });
});

describe('only a federated Google identity, under the password login rules (issue 13, item 1)', () => {
  it("the hosted UI's client offers Google only: another sign-in choice is refused, and the pool's own sign-in form is not served", async () => {
    const s = await start();
    expect(s.authorize.searchParams.get('client_id')).toBe(platform().hostedUiClientId);
    expect(s.authorize.searchParams.get('identity_provider')).toBe('Google');
    const cognitoChoice = new URL(s.authorize);
    cognitoChoice.searchParams.set('identity_provider', 'COGNITO');
    const refused = await go(cognitoChoice.toString());
    expect(refused.status).toBe(400);
    expect(await refused.text()).toContain('COGNITO is not offered on this app client');
    // The server's client (password sign-in) has no hosted UI at all.
    const server = new URL(s.authorize);
    server.searchParams.set('client_id', platform().clientId);
    expect((await go(server.toString())).status).toBe(400);
    // cognito-local's username/password form (the pool's own) is not on the platform's Cognito endpoint.
    const form = await go(`${platform().cognitoEndpoint}/oauth2/authorize${s.authorize.search}`);
    expect(form.status).toBe(404);
    const post = await go(`${platform().cognitoEndpoint}/oauth2/authorize`, { method: 'POST', body: new URLSearchParams({ ...Object.fromEntries(s.authorize.searchParams), username: 'x@test.local', password: 'Passw0rdOk' }) });
    expect(post.status).toBe(404);
  });

  it('the callback refuses a pool user who is not federated from Google, even one the pool let through, and starts no session', async () => {
    // An account that never activated, as the issue found it: a code for it from cognito-local
    // itself (as a hosted UI offering the pool's password form would have issued it).
    const u = await makeUser();
    await setUserFields(u.id, { activated: false });
    const s = await start();
    const q = s.authorize.searchParams;
    const raw = await go(`${platform().cognitoLocalEndpoint}/oauth2/authorize`, {
      method: 'POST',
      body: new URLSearchParams({
        client_id: q.get('client_id')!,
        redirect_uri: q.get('redirect_uri')!,
        response_type: 'code',
        code_challenge: q.get('code_challenge')!,
        code_challenge_method: 'S256',
        scope: q.get('scope')!,
        state: q.get('state')!,
        username: u.email,
        password: u.password,
      }),
    });
    expect(raw.status).toBe(302);
    const landed = await callback(raw.headers.get('location')!, s.cookie);
    expect(landed.toString()).toBe(failedWith('not_google'));
    expect(landed.toString()).not.toContain('token');
    const rec = await ddb().send(new GetCommand({ TableName: platform().tableName, Key: { PK: `USER#${u.id}`, SK: 'PROFILE' } }));
    expect(rec.Item!.sessions).toEqual([decodeJwt(u.token).jti]);
  });

  it('refuses a Google identity whose e-mail Google has not verified', async () => {
    const s = await start();
    const landed = await callback(await choose(s, { email: `${uniq('g')}@gmail.test`, given_name: 'Not', family_name: 'Verified', email_unverified: '1' }), s.cookie);
    expect(landed.toString()).toBe(failedWith('email_unverified'));
  });

  it('a Google sign-in is held back while the sign-in limits hold the account back (wrong passwords at its e-mail)', async () => {
    const email = `${uniq('g')}@gmail.test`;
    await signInWithGoogle({ email, given_name: 'Held', family_name: 'Back' });
    // Someone guesses passwords at this e-mail until the account must wait a few seconds.
    let waited = 0;
    for (let i = 0; i < 40 && waited < 4; i++) {
      const r = await api('POST', '/api/auth/login', { json: { identifier: email, password: `Wr0ng${i}Guess` } });
      expect([401, 429]).toContain(r.status);
      if (r.status === 429) {
        waited = Number(r.body.retryAfter);
        if (waited < 4) await new Promise((resolve) => setTimeout(resolve, waited * 1000));
      }
    }
    expect(waited).toBeGreaterThanOrEqual(4);
    const { landed } = await signInWithGoogle({ email });
    expect(landed.toString()).toBe(failedWith('held_back'));
  });
});

describe('bound to the starting browser, no token in a URL (issue 13, item 2)', () => {
  it('sets a short-lived HttpOnly SameSite=Lax cookie scoped to the Google routes (Secure on https), and sends a nonce derived from it', async () => {
    const s = await start();
    const attrs = s.setCookie.split(/;\s*/).slice(1).map((a) => a.toLowerCase());
    expect(attrs).toEqual(expect.arrayContaining(['path=/api/auth/google', 'max-age=600', 'httponly', 'samesite=lax']));
    expect(attrs).not.toContain('secure'); // the local site is plain http
    const secret = s.cookie.slice(COOKIE.length + 1);
    const nonce = createHash('sha256').update(`nonce:${secret}`).digest('base64url');
    expect(s.authorize.searchParams.get('nonce')).toBe(nonce);
    // The ID token the browser finally gets carries that nonce.
    const landed = await callback(await choose(s, { email: `${uniq('g')}@gmail.test`, given_name: 'Nonce' }), s.cookie);
    const r = await exchange(codeOf(landed), s.cookie);
    expect(decodeJwt(r.body.data.token).nonce).toBe(nonce);
  });

  it("login CSRF: a callback URL from the attacker's sign-in, opened in the victim's browser, signs no one in", async () => {
    // The victim has a sign-in cookie of their own, or none at all.
    const victim = await start();
    for (const cookie of [victim.cookie, undefined]) {
      const attacker = await start();
      const url = await choose(attacker, { email: `${uniq('attacker')}@gmail.test`, given_name: 'Eve' });
      const landed = await callback(url, cookie);
      expect(landed.toString()).toBe(failedWith('wrong_browser'));
    }
  });

  it('hands a one-time code in the fragment, never the token or the user; the page collects the session by POST', async () => {
    const s = await start();
    const landed = await callback(await choose(s, { email: `${uniq('g')}@gmail.test`, given_name: 'Frag', family_name: 'Ment' }), s.cookie);
    expect(landed.search).toBe('');
    expect(landed.hash).toMatch(/^#code=[A-Za-z0-9_-]{43}$/);
    const code = codeOf(landed);
    const r = await exchange(code, s.cookie);
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ message: 'Signed in successfully', data: { firstName: 'Frag', lastName: 'Ment', role: 'USER', block: false, token: expect.any(String) } });
    expect(Object.keys(r.body.data).sort()).toEqual(['block', 'email', 'firstName', 'id', 'lastName', 'role', 'token']);
    // The exchange ends the browser binding.
    expect(r.headers.getSetCookie().some((c) => c.startsWith(`${COOKIE}=;`) && /max-age=0/i.test(c))).toBe(true);
    // Once only.
    const replay = await exchange(code, s.cookie);
    expect(replay.status).toBe(401);
    expect(replay.body.code).toBe('auth.googleCodeInvalid');
    // The table holds only the code's hash, and not after it was taken.
    const item = await ddb().send(new GetCommand({ TableName: platform().tableName, Key: { PK: `GHANDOFF#${createHash('sha256').update(code).digest('hex')}`, SK: 'GHANDOFF' } }));
    expect(item.Item).toBeUndefined();
  });

  it('the code is of no use to another browser (and is spent by the try); a malformed one is a 400', async () => {
    const s = await start();
    const landed = await callback(await choose(s, { email: `${uniq('g')}@gmail.test`, given_name: 'Other' }), s.cookie);
    const code = codeOf(landed);
    const other = await start();
    for (const cookie of [undefined, other.cookie]) {
      const r = await exchange(code, cookie);
      expect(r.status).toBe(401);
      expect(r.body.code).toBe('auth.googleCodeInvalid');
    }
    expect((await exchange(code, s.cookie)).status).toBe(401);
    expect((await exchange('not a code', s.cookie)).status).toBe(400);
  });

  it('a session collected from a code is a normal one (the pool user is federated: no password sign-in for it; no refresh token left alive)', async () => {
    const email = `${uniq('g')}@gmail.test`;
    const { session } = await signInWithGoogle({ email, given_name: 'Fed' });
    expect((await profile(session!.token)).status).toBe(200);
    // The hosted UI's refresh token was revoked at once, as a password sign-in's is.
    expect(await liveRefreshTokens(email)).toEqual([]);
    const pw = await cognito()
      .send(new AdminInitiateAuthCommand({ UserPoolId: platform().userPoolId, ClientId: platform().clientId, AuthFlow: 'ADMIN_USER_PASSWORD_AUTH', AuthParameters: { USERNAME: email, PASSWORD: 'Passw0rdOk' } }))
      .catch((e: Error) => e);
    expect(pw).toMatchObject({ name: 'NotAuthorizedException' });
  });
});
