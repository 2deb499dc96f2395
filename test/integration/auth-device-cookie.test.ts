/**
 * OWASP's device cookies (docs/auth-limits.md): a browser that signed in to an account carries a
 * signed cookie naming it; guesses from elsewhere slow down only devices without one, so an attacker
 * cannot keep the owner out. The owner's device with the right password gets in while the account
 * is under attack; its own wrong passwords count against that cookie only; a forged or tampered
 * cookie is no cookie; a device without one is never refused for more than a minute.
 */
import { createHmac } from 'node:crypto';
import { makeUser, userWithPhone } from '../support/platform';
import { apiFrom, freshSource } from '../support/source';

jest.setTimeout(120_000);

const WRONG = { message: 'Incorrect e-mail/phone or password', code: 'auth.badCredentials' };

/** A sign-in from `source`, with the cookies a browser would send (name=value pairs). */
const login = (source: string, identifier: string, password: string, cookies: string[] = []) =>
  apiFrom(source, 'POST', '/api/auth/login', { identifier, password }, cookies.length ? { cookie: cookies.join('; ') } : {});

/** The device cookie a response sets: its name=value pair and its attributes. */
function deviceCookieOf(r: { headers: Headers }): { pair: string; attributes: string[] } {
  const set = r.headers.getSetCookie().filter((c) => c.startsWith('bioscope_device_'));
  expect(set).toHaveLength(1);
  const [pair = '', ...attributes] = set[0]!.split(/;\s*/);
  return { pair, attributes };
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * Wrong guesses from fresh addresses, each hold waited out, until the account holds devices without
 * a cookie for 8 s or more (1, 2, 4, 8 s: a hold long enough for the checks after it on a slow
 * machine); every 429 asks ≤ 60 s.
 */
async function attack(identifier: string): Promise<number[]> {
  const waits: number[] = [];
  for (let i = 0; i < 20 && (waits.at(-1) ?? 0) < 8; i++) {
    const r = await login(freshSource(), identifier, `Wr0ng${i}Guess`);
    if (r.status !== 429) expect(r.body).toEqual(WRONG);
    else {
      waits.push(r.body.retryAfter);
      if (r.body.retryAfter < 8) await sleep(r.body.retryAfter * 1000);
    }
  }
  expect(waits.at(-1)).toBeGreaterThanOrEqual(8);
  for (const w of waits) expect(w).toBeLessThanOrEqual(60);
  return waits;
}

describe('the device cookie', () => {
  it('is set on a successful sign-in: the account and a nonce, HMAC-signed, HttpOnly, SameSite=Strict, for /api/auth, 180 days', async () => {
    const u = await makeUser();
    const r = await login(freshSource(), u.email, u.password);
    expect(r.status).toBe(200);
    const { pair, attributes } = deviceCookieOf(r);
    expect(pair).toMatch(new RegExp(`^bioscope_device_[A-Za-z0-9_-]{12}=${u.id}\\.[0-9a-f]{32}\\.[A-Za-z0-9_-]{43}$`));
    // Secure is added when the site is served over https (PUBLIC_URL); the local platform is http.
    expect(attributes).toEqual(['Path=/api/auth', `Max-Age=${180 * 86400}`, 'HttpOnly', 'SameSite=Strict']);
    // A failed sign-in sets none.
    expect((await login(freshSource(), u.email, 'Wr0ngGuess')).headers.getSetCookie()).toEqual([]);
  });

  it.each(['email', 'phone'] as const)('lets the owner in with the right password while the account is under attack (by %s); devices without it stay refused', async (by) => {
    const u = await userWithPhone();
    const identifier = by === 'email' ? u.email : u.phone;
    const home = freshSource();
    const { pair } = deviceCookieOf(await login(home, identifier, u.password));

    await attack(identifier);
    // The owner's device, even from another address, gets in at once …
    const owner = await login(freshSource(), identifier, u.password, [pair]);
    expect(owner.status).toBe(200);
    expect(owner.body.data.id).toBe(u.id);
    // … and is given a fresh cookie for the same account.
    const renewed = deviceCookieOf(owner).pair;
    expect(renewed.split('=')[0]).toBe(pair.split('=')[0]);
    expect(renewed).not.toBe(pair);
    // The owner's sign-in did not lift the attack's hold on other devices: the right password without the cookie waits.
    const stranger = await login(freshSource(), identifier, u.password);
    expect([stranger.status, stranger.body.code]).toEqual([429, 'auth.tooManyAttempts']);
    expect(stranger.body.retryAfter).toBeLessThanOrEqual(60);
    // The attacker is still held back.
    expect((await login(freshSource(), identifier, 'Wr0ngGuessX')).status).toBe(429);
  });

  it('is no cookie when forged, tampered with, or another account\'s', async () => {
    const u = await makeUser();
    const other = await makeUser();
    const { pair } = deviceCookieOf(await login(freshSource(), u.email, u.password));
    const othersPair = deviceCookieOf(await login(freshSource(), other.email, other.password)).pair;
    await attack(u.email);

    const [name, value] = pair.split('=') as [string, string];
    const [login_, nonce, sig] = value.split('.') as [string, string, string];
    const flip = (s: string, i: number) => s.slice(0, i) + (s[i] === 'A' ? 'B' : 'A') + s.slice(i + 1);
    const forged = createHmac('sha256', 'a guessed secret').update(`${login_}.${nonce}`).digest('base64url');
    const untrusted = [
      `${name}=${login_}.${nonce}.${flip(sig, 5)}`, // signature changed
      `${name}=${login_}.${nonce[0] === '0' ? '1' : '0'}${nonce.slice(1)}.${sig}`, // nonce changed
      `${name}=${login_}.${nonce}.${forged}`, // signed with another key
      `${name}=${othersPair.split('=')[1]}`, // another account's cookie under this account's name
      othersPair, // another account's cookie as it is
      `${name}=${value}.extra`,
    ];
    for (const cookie of untrusted) {
      const r = await login(freshSource(), u.email, u.password, [cookie]);
      expect([cookie, r.status, r.body.code]).toEqual([cookie, 429, 'auth.tooManyAttempts']);
    }
    expect((await login(freshSource(), u.email, u.password, [pair])).status).toBe(200);
  });

  it('counts a trusted device\'s wrong passwords against that cookie only, and treats it as untrusted after 10', async () => {
    const u = await makeUser();
    const { pair } = deviceCookieOf(await login(freshSource(), u.email, u.password));
    const device = freshSource();
    for (let i = 0; i < 10; i++) expect((await login(device, u.email, `Wr0ng${i}Guess`, [pair])).body).toEqual(WRONG);
    // The account is untouched by them: a device without the cookie still has its 5 free tries.
    for (let i = 0; i < 5; i++) expect((await login(freshSource(), u.email, `Wr0ng${i}Other`)).body).toEqual(WRONG);
    expect((await login(freshSource(), u.email, u.password)).status).toBe(429);
    // The 11th from the cookie is an untrusted device's: the account's hold applies, never more than a minute.
    const locked = await login(device, u.email, u.password, [pair]);
    expect([locked.status, locked.body.code]).toEqual([429, 'auth.tooManyAttempts']);
    expect(locked.body.retryAfter).toBeLessThanOrEqual(60);
  });
});
