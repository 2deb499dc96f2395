/** The three password-reset steps: forget-password → verify-reset-code → reset-password. */
import { api, makeUser, platform, type TestUser, uniq } from '../support/platform';

const NEW_PASSWORD = 'N3wPasswordOk';
const WRONG_CODE = { message: 'The code is wrong or has expired', code: 'auth.resetCode' };

async function lastCode(email: string): Promise<string | undefined> {
  const r = await fetch(`${platform().url}/_local/outbox.json?to=${encodeURIComponent(email)}`);
  return ((await r.json()) as { data: { code?: string }[] }).data.find((m) => m.code)?.code;
}
const otherCode = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');
const forget = (email: string) => api('POST', '/api/auth/forget-password', { json: { email } });
const verify = (email: string, code: string) => api('POST', '/api/auth/verify-reset-code', { json: { email, code } });
const reset = (email: string, code: string, password = NEW_PASSWORD, confirm = password) => api('POST', '/api/auth/reset-password', { json: { email, code, password, confirm } });
const login = (identifier: string, password: string) => api('POST', '/api/auth/login', { json: { identifier, password } });

async function userWithCode(): Promise<TestUser & { code: string }> {
  const u = await makeUser();
  const r = await forget(u.email.toUpperCase());
  expect(r.status).toBe(200);
  const code = await lastCode(u.email);
  expect(code).toMatch(/^\d{6}$/);
  return { ...u, code: code! };
}

describe('POST /api/auth/forget-password', () => {
  it('answers the same whether or not the e-mail has an account, and mails only an account', async () => {
    const u = await makeUser();
    const known = await forget(u.email);
    const unknownEmail = `${uniq('ghost')}@test.local`;
    const unknown = await forget(unknownEmail);
    expect(known.status).toBe(200);
    expect(unknown.status).toBe(200);
    expect(known.body).toEqual({ message: 'Please check your mail for the reset code.' });
    expect(unknown.body).toEqual(known.body);
    expect(await lastCode(u.email)).toMatch(/^\d{6}$/);
    expect(await lastCode(unknownEmail)).toBeUndefined();
  });

  it('keeps a live code for a minute: asking again sends no second code', async () => {
    const u = await userWithCode();
    expect((await forget(u.email)).status).toBe(200);
    const r = await fetch(`${platform().url}/_local/outbox.json?to=${encodeURIComponent(u.email)}`);
    expect(((await r.json()) as { data: { code?: string }[] }).data.filter((m) => m.code)).toHaveLength(1);
    expect((await verify(u.email, u.code)).status).toBe(200);
  });

  it('refuses a malformed e-mail with 400', async () => {
    expect((await forget('not-an-email')).status).toBe(400);
  });
});

describe('POST /api/auth/verify-reset-code', () => {
  it('refuses a wrong code with 400 and voids the code after 5 wrong attempts (429, even for the right code)', async () => {
    const u = await userWithCode();
    for (let i = 0; i < 5; i++) {
      const r = await verify(u.email, otherCode(u.code));
      expect(r.status).toBe(400);
      expect(r.body).toEqual(WRONG_CODE);
    }
    const voided = await verify(u.email, u.code);
    expect(voided.status).toBe(429);
    expect(voided.body.message).toMatch(/new code/);
    // A new code starts afresh.
    await forget(u.email);
    expect((await verify(u.email, (await lastCode(u.email))!)).status).toBe(200);
  });

  it('refuses a code for an e-mail that asked for none, and a code that is not 6 digits', async () => {
    expect((await verify(`${uniq('none')}@test.local`, '123456')).body).toEqual(WRONG_CODE);
    expect((await verify(`${uniq('none')}@test.local`, '12a456')).status).toBe(400);
  });
});

describe('POST /api/auth/reset-password', () => {
  it('sets the new password with a verified code: old password 401, new one works, old tokens 401', async () => {
    const u = await userWithCode();
    const before = (await login(u.email, u.password)).body.data.token as string;

    expect((await reset(u.email, u.code)).body).toEqual({ message: 'Please verify the code first', code: 'auth.resetNotVerified' });
    const ok = await verify(u.email, u.code);
    expect(ok.status).toBe(200);
    expect(ok.body).toEqual({ message: 'Verified Succesfully - forward to code page' });

    const weak = await reset(u.email, u.code, 'weakpass');
    expect(weak.status).toBe(400);
    expect((await reset(u.email, u.code, NEW_PASSWORD, 'Mismatch1A')).status).toBe(400);
    expect((await reset(u.email, otherCode(u.code))).body).toEqual(WRONG_CODE);

    const done = await reset(u.email, u.code);
    expect(done.status).toBe(200);
    expect(done.body).toEqual({ message: 'Password reset successfully - forwarding to sign in' });
    // The code is used up.
    expect((await reset(u.email, u.code)).body).toEqual(WRONG_CODE);

    expect((await login(u.email, u.password)).status).toBe(401);
    const stale = await api('GET', '/api/user/profile', { token: before });
    expect(stale.status).toBe(401);
    expect(stale.body.message).toBe('Your password was reset. Please log in again.');
    const fresh = await login(u.email, NEW_PASSWORD);
    expect(fresh.status).toBe(200);
    expect([200, 501]).toContain((await api('GET', '/api/user/profile', { token: fresh.body.data.token })).status);
  });
});
