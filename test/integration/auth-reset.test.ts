/**
 * The three password-reset steps: forget-password → verify-reset-code → reset-password; and their
 * caps (issue 13): codes and wrong codes per e-mail and per source over an hour, no mail while capped.
 */
import { api, makeUser, platform, type TestUser, uniq } from '../support/platform';
import { liveRefreshTokens } from '../support/pool-state';
import { apiFrom, freshSource } from '../support/source';

jest.setTimeout(120_000);

const NEW_PASSWORD = 'N3wPasswordOk';
const WRONG_CODE = { message: 'The code is wrong or has expired', code: 'auth.resetCode' };

async function mails(email: string): Promise<{ code?: string }[]> {
  const r = await fetch(`${platform().url}/_local/outbox.json?to=${encodeURIComponent(email)}`);
  return ((await r.json()) as { data: { code?: string }[] }).data;
}
async function lastCode(email: string): Promise<string | undefined> {
  return (await mails(email)).find((m) => m.code)?.code;
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

describe('caps per e-mail and per source (an hour)', () => {
  const from = (source: string) => ({
    forget: (email: string) => apiFrom(source, 'POST', '/api/auth/forget-password', { email }),
    verify: (email: string, code: string) => apiFrom(source, 'POST', '/api/auth/verify-reset-code', { email, code }),
    reset: (email: string, code: string) => apiFrom(source, 'POST', '/api/auth/reset-password', { email, code, password: NEW_PASSWORD, confirm: NEW_PASSWORD }),
  });

  it('five rounds of "new code + 5 wrong codes": at most 10 wrong codes are checked and 2 codes mailed; then 429 and no mail', async () => {
    const u = await makeUser();
    const call = from(freshSource());
    const statuses: number[] = [];
    const refusals: { step: string; code: string }[] = [];
    for (let round = 0; round < 5; round++) {
      const asked = await call.forget(u.email);
      if (asked.status !== 200) refusals.push({ step: 'forget', code: asked.body.code });
      for (let i = 0; i < 5; i++) {
        const r = await call.verify(u.email, String(100000 + round * 10 + i));
        statuses.push(r.status);
        if (r.status === 429) refusals.push({ step: 'verify', code: r.body.code });
      }
    }
    const codesMailed = (await mails(u.email)).filter((m) => m.code).length;
    expect(statuses.filter((s) => s === 400)).toHaveLength(10);
    expect(codesMailed).toBe(2);
    expect(refusals.filter((r) => r.step === 'forget')).toEqual([1, 2, 3].map(() => ({ step: 'forget', code: 'auth.resetGuessesCapped' })));
    expect(new Set(refusals.filter((r) => r.step === 'verify').map((r) => r.code))).toEqual(new Set(['auth.resetGuessesCapped']));
    const capped = await call.forget(u.email);
    expect(capped.status).toBe(429);
    expect(capped.body).toEqual({ message: expect.stringMatching(/^Too many wrong codes for this e-mail\. Try again in \d+ min\.$/), code: 'auth.resetGuessesCapped', retryAfter: expect.any(Number) });
    expect(capped.body.retryAfter).toBeLessThanOrEqual(3600);
    // Even the right code is refused while capped (the count is per e-mail, not per code).
    const code = (await lastCode(u.email))!;
    expect((await call.verify(u.email, code)).status).toBe(429);
    expect((await mails(u.email)).filter((m) => m.code)).toHaveLength(2);
  });

  it('mails at most 3 codes an hour to one e-mail: the 4th request is 429 auth.resetCodesCapped and sends nothing', async () => {
    const u = await makeUser();
    const call = from(freshSource());
    for (let i = 0; i < 3; i++) {
      expect((await call.forget(u.email)).status).toBe(200);
      const code = (await lastCode(u.email))!;
      expect((await call.verify(u.email, code)).status).toBe(200);
      expect((await call.reset(u.email, code)).status).toBe(200);
    }
    expect((await mails(u.email)).filter((m) => m.code)).toHaveLength(3);
    const fourth = await call.forget(u.email);
    expect(fourth.status).toBe(429);
    expect(fourth.body).toEqual({ message: expect.stringMatching(/^Too many codes were asked for this e-mail\. Try again in \d+ min\.$/), code: 'auth.resetCodesCapped', retryAfter: expect.any(Number) });
    expect(fourth.headers.get('retry-after')).toBe(String(fourth.body.retryAfter));
    expect((await mails(u.email)).filter((m) => m.code)).toHaveLength(3);
  });

  it('an e-mail without an account goes through the same answers as one with an account (and gets no mail)', async () => {
    const u = await makeUser();
    const ghost = `${uniq('ghost')}@test.local`;
    const rounds = async (email: string) => {
      const call = from(freshSource());
      const answers: string[] = [];
      for (let round = 0; round < 3; round++) {
        const asked = await call.forget(email);
        answers.push(`${asked.status} ${asked.body.code ?? ''}`);
        for (let i = 0; i < 6; i++) {
          const r = await call.verify(email, String(200000 + round * 10 + i));
          answers.push(`${r.status} ${r.body.code}`);
        }
      }
      return answers;
    };
    const [real, none] = await Promise.all([rounds(u.email), rounds(ghost)]);
    expect(none).toEqual(real);
    // A code dies after 5 wrong tries, the e-mail is capped after 10 (a new code brings no fresh guesses).
    expect(real).toEqual([
      '200 ', ...Array(5).fill('400 auth.resetCode'), '429 auth.resetCodeVoid',
      '200 ', ...Array(4).fill('400 auth.resetCode'), '429 auth.resetGuessesCapped', '429 auth.resetGuessesCapped',
      '429 auth.resetGuessesCapped', ...Array(6).fill('429 auth.resetGuessesCapped'),
    ]);
    expect(await mails(ghost)).toEqual([]);
  });

  it('caps one source: 30 codes an hour across e-mails, then 429 auth.tooManyFromNetwork', async () => {
    const call = from(freshSource());
    const emails = Array.from({ length: 30 }, () => `${uniq('many')}@test.local`);
    for (let i = 0; i < emails.length; i += 10) {
      const batch = await Promise.all(emails.slice(i, i + 10).map((e) => call.forget(e)));
      expect(batch.map((r) => r.status)).toEqual(batch.map(() => 200));
    }
    const over = await call.forget(`${uniq('many')}@test.local`);
    expect([over.status, over.body.code]).toEqual([429, 'auth.tooManyFromNetwork']);
    // Another address is not affected.
    expect((await from(freshSource()).forget(`${uniq('many')}@test.local`)).status).toBe(200);
  });

  it('a reset leaves no refresh token of the old password alive', async () => {
    const u = await userWithCode();
    const before = await liveRefreshTokens(u.email);
    expect((await login(u.email, u.password)).status).toBe(200);
    expect((await verify(u.email, u.code)).status).toBe(200);
    expect((await reset(u.email, u.code)).status).toBe(200);
    expect(await liveRefreshTokens(u.email)).toEqual(before);
  });
});
