import { identifierKey, parseIdentifier } from '../../functions/auth/identifier';
import { codeMatches, hashResetCode, mayIssueResetCode, newResetCode, RESET_CODE_MAX_ATTEMPTS, resetCodeState } from '../../functions/auth/reset-code';
import { MAX_SESSIONS, sessionsAfterSignIn, sessionsAfterSignOut } from '../../functions/auth/session-rules';

describe('parseIdentifier', () => {
  it('reads anything with @ as an e-mail, lower-cased and trimmed', () => {
    expect(parseIdentifier('  Salma.N@Example.COM ')).toEqual({ kind: 'email', email: 'salma.n@example.com' });
  });
  it('reads Egyptian mobiles in every spelling as one +20 number', () => {
    for (const raw of ['01012345678', '+201012345678', '00201012345678', '010 1234 5678', '(010)-1234-5678']) {
      expect(parseIdentifier(raw)).toEqual({ kind: 'phone', phone: '+201012345678' });
    }
  });
  it('keeps anything else as unknown, with a stable key for the failure counter', () => {
    const id = parseIdentifier(' SomeUser ');
    expect(id).toEqual({ kind: 'unknown', raw: 'someuser' });
    expect(identifierKey(id)).toBe('someuser');
    expect(identifierKey(parseIdentifier('010-1234-5678'))).toBe('+201012345678');
  });
});

describe('sessionsAfterSignIn', () => {
  it('leaves a student one session when single-session is on, telling the old one why', () => {
    expect(sessionsAfterSignIn({ role: 'USER', sessions: ['a', 'b'] }, 'c', true)).toEqual({ sessions: ['c'], reason: 'elsewhere' });
  });
  it('adds to a student’s sessions when single-session is off', () => {
    expect(sessionsAfterSignIn({ role: 'USER', sessions: ['a'] }, 'b', false)).toEqual({ sessions: ['a', 'b'] });
  });
  it('lets an admin keep the newest MAX_SESSIONS devices', () => {
    expect(sessionsAfterSignIn({ role: 'ADMIN', sessions: ['a'] }, 'b', true)).toEqual({ sessions: ['a', 'b'] });
    const full = Array.from({ length: MAX_SESSIONS }, (_, i) => `s${i}`);
    const r = sessionsAfterSignIn({ role: 'ADMIN', sessions: full }, 'new', true);
    expect(r.sessions).toHaveLength(MAX_SESSIONS);
    expect(r.sessions[0]).toBe('s1');
    expect(r.sessions.at(-1)).toBe('new');
    expect(r.reason).toBe('elsewhere');
  });
  it('does not list the same jti twice and copes with a record without sessions', () => {
    expect(sessionsAfterSignIn({ role: 'ADMIN', sessions: ['a', 'b'] }, 'a', true).sessions).toEqual(['b', 'a']);
    expect(sessionsAfterSignIn({ role: 'ADMIN' }, 'a', true).sessions).toEqual(['a']);
  });
  it('sign-out removes only that session', () => {
    expect(sessionsAfterSignOut(['a', 'b', 'c'], 'b')).toEqual(['a', 'c']);
    expect(sessionsAfterSignOut(undefined, 'b')).toEqual([]);
  });
});

describe('reset codes', () => {
  const now = Date.UTC(2026, 0, 1);
  it('are 6 digits, stored only as a salted hash bound to the e-mail', () => {
    const { code, item } = newResetCode('Mona@Example.com', now);
    expect(code).toMatch(/^\d{6}$/);
    expect(item.email).toBe('mona@example.com');
    expect(JSON.stringify(item)).not.toContain(code);
    expect(item).toMatchObject({ attempts: 0, verified: false, expiresAt: now / 1000 + 15 * 60 });
    expect(codeMatches(item, code)).toBe(true);
    expect(codeMatches(item, code === '000000' ? '000001' : '000000')).toBe(false);
    expect(codeMatches({ ...item, email: 'other@example.com' }, code)).toBe(false);
    expect(hashResetCode('a@b.c', '123456', 's1')).not.toBe(hashResetCode('a@b.c', '123456', 's2'));
  });
  it('are live until their time, gone after it, void after too many wrong guesses', () => {
    const { item } = newResetCode('a@b.c', now);
    expect(resetCodeState(item, now)).toBe('live');
    expect(resetCodeState(item, now + 15 * 60 * 1000 - 1)).toBe('live');
    expect(resetCodeState(item, now + 15 * 60 * 1000)).toBe('gone');
    expect(resetCodeState(undefined, now)).toBe('gone');
    expect(resetCodeState({ ...item, attempts: RESET_CODE_MAX_ATTEMPTS - 1 }, now)).toBe('live');
    expect(resetCodeState({ ...item, attempts: RESET_CODE_MAX_ATTEMPTS }, now)).toBe('void');
  });
  it('are not replaced within a minute while live, so asking again brings no fresh guesses', () => {
    const { item } = newResetCode('a@b.c', now);
    expect(mayIssueResetCode(undefined, now)).toBe(true);
    expect(mayIssueResetCode(item, now + 59_000)).toBe(false);
    expect(mayIssueResetCode(item, now + 60_000)).toBe(true);
    expect(mayIssueResetCode({ ...item, attempts: RESET_CODE_MAX_ATTEMPTS }, now + 1000)).toBe(true);
  });
});

describe('device cookies (functions/auth/device-cookie.ts)', () => {
  /** The module as a Lambda with these settings would load it. */
  function deviceCookies(settings: Record<string, string>): typeof import('../../functions/auth/device-cookie') {
    const saved = { ...process.env };
    Object.assign(process.env, settings);
    try {
      let m: typeof import('../../functions/auth/device-cookie') | undefined;
      jest.isolateModules(() => {
        // eslint-disable-next-line @typescript-eslint/no-require-imports -- a fresh module per settings
        m = require('../../functions/auth/device-cookie');
      });
      return m!;
    } finally {
      process.env = saved;
    }
  }
  const pairOf = (setCookie: string) => setCookie.split(';')[0]!;

  it('is Secure when the site is served over https, and signed with DEVICE_COOKIE_SECRET', () => {
    const site = deviceCookies({ PUBLIC_URL: 'https://bioscope.example', DEVICE_COOKIE_SECRET: 'k1' });
    const set = site.deviceCookieFor('user-1');
    expect(set.split('; ').slice(1)).toEqual(['Path=/api/auth', `Max-Age=${180 * 86400}`, 'HttpOnly', 'SameSite=Strict', 'Secure']);
    const nonce = site.trustedDeviceOf([pairOf(set)], 'user-1');
    expect(nonce).toMatch(/^[0-9a-f]{32}$/);
    // Another Lambda with the same key trusts it; one with another key does not.
    expect(deviceCookies({ DEVICE_COOKIE_SECRET: 'k1' }).trustedDeviceOf([pairOf(set)], 'user-1')).toBe(nonce);
    expect(deviceCookies({ DEVICE_COOKIE_SECRET: 'k2' }).trustedDeviceOf([pairOf(set)], 'user-1')).toBeUndefined();
  });

  it('trusts only the named account\'s cookie, among others, from API Gateway\'s cookies or a Cookie header', () => {
    const m = deviceCookies({ DEVICE_COOKIE_SECRET: 'k1' });
    const mine = pairOf(m.deviceCookieFor('user-1'));
    const theirs = pairOf(m.deviceCookieFor('user-2'));
    expect(m.trustedDeviceOf(['a=b', theirs, mine], 'user-1')).toBe(mine.split('.')[1]);
    expect(m.trustedDeviceOf([theirs], 'user-1')).toBeUndefined();
    expect(m.trustedDeviceOf([`${mine.split('=')[0]}=${theirs.split('=')[1]}`], 'user-1')).toBeUndefined();
    expect(m.requestCookies({ cookies: ['a=b'], headers: { cookie: `${mine}; c=d` } })).toEqual(['a=b', mine, 'c=d']);
  });
});
