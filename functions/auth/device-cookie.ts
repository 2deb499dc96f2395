/**
 * OWASP's device cookies (docs/auth-limits.md): a browser that signed in to an account is given a
 * cookie naming the account and a random nonce, signed with the server's key (HMAC-SHA256). With
 * it, the account's hold on other devices does not apply (sign-in-throttle.ts), so guesses from
 * elsewhere cannot keep the owner out. One cookie per account, so a shared computer keeps several.
 */
import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { env } from '../lib/env';

export const DEVICE_COOKIE_PREFIX = 'bioscope_device_';
export const DEVICE_COOKIE_DAYS = 180;
const COOKIE_PATH = '/api/auth';

const key = env.DEVICE_COOKIE_SECRET || randomBytes(32).toString('hex');
const signatureOf = (login: string, nonce: string) => createHmac('sha256', key).update(`${login}.${nonce}`).digest('base64url');
const cookieName = (userId: string) => `${DEVICE_COOKIE_PREFIX}${createHash('sha256').update(userId).digest('base64url').slice(0, 12)}`;

/** Set-Cookie for a device that has just signed in to `userId` (a fresh nonce each time). */
export function deviceCookieFor(userId: string): string {
  const nonce = randomBytes(16).toString('hex');
  const secure = env.PUBLIC_URL.startsWith('https:') ? '; Secure' : '';
  return `${cookieName(userId)}=${userId}.${nonce}.${signatureOf(userId, nonce)}; Path=${COOKIE_PATH}; Max-Age=${DEVICE_COOKIE_DAYS * 86400}; HttpOnly; SameSite=Strict${secure}`;
}

/** The request's cookies as name=value pairs (API Gateway's `cookies`, or a Cookie header). */
export const requestCookies = (event: { cookies?: string[]; headers?: Record<string, string | undefined> }): string[] =>
  [...(event.cookies ?? []), ...(event.headers?.cookie ? event.headers.cookie.split(';') : [])].map((c) => c.trim());

/** The nonce of `userId`'s device cookie among `cookies` when its signature holds; undefined for a device without one. */
export function trustedDeviceOf(cookies: readonly string[], userId: string): string | undefined {
  const name = `${cookieName(userId)}=`;
  for (const c of cookies) {
    if (!c.startsWith(name)) continue;
    const [login, nonce, signature, ...rest] = c.slice(name.length).split('.');
    if (rest.length || login !== userId || !nonce || !/^[0-9a-f]{32}$/.test(nonce) || !signature) continue;
    const expected = Buffer.from(signatureOf(login, nonce));
    const given = Buffer.from(signature);
    if (given.length === expected.length && timingSafeEqual(given, expected)) return nonce;
  }
  return undefined;
}
