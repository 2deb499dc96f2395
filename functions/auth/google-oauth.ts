/**
 * Google sign-in: one OAuth2 authorization-code client with PKCE against the pool's domain
 * (COGNITO_DOMAIN: the hosted UI in AWS, the local stand-in on this machine), bound to the
 * browser that started it:
 *
 *   GET /api/auth/google            sets a short-lived HttpOnly SameSite=Lax cookie (a random
 *                                   secret); AP27 keeps its hash with the state; the nonce sent to
 *                                   the hosted UI is derived from it
 *   GET /api/auth/google/callback   takes the state once, requires the same cookie, checks the ID
 *                                   token (signature, issuer, the hosted UI's client, the nonce, a
 *                                   federated Google identity with a verified e-mail) and the same
 *                                   rules as the password login; then leaves the token under a
 *                                   one-time code (AP55, hashed, 60 s) and sends the browser to
 *                                   /auth/google/callback#code=…
 *   POST /api/auth/google/exchange  that page trades the code (and the same cookie) for the
 *                                   session: the token and the user come from the server, never
 *                                   from a URL.
 */
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { createRemoteJWKSet, type JWTPayload, jwtVerify } from 'jose';
import type { LoginResponse } from '../../shared/schemas/auth';
import { stripBidiControls } from '../../shared/schemas/common';
import { putGoogleHandoff, putOAuthState, takeGoogleHandoff, takeOAuthState } from '../data/oauth-state-repo';
import { createUser, setPoolUsername, toUser, type UserRecord, userById, userIdByEmail } from '../data/user-repo';
import { env } from '../lib/env';
import { Blocked, Conflict, HttpError, Unauthorized } from '../lib/errors';
import { signInHeldBack } from './google-rules';
import { poolUserNames } from './pool';
import { revokeRefreshToken } from './refresh-tokens';
import { startSession } from './sessions';
import { settingsOf } from '../data/settings-repo';
import { admitDevice, noteSignIn, type SignInDevice } from './devices';

export const OAUTH_STATE_TTL_SECONDS = 10 * 60;
/** How long the browser has to collect the session after the callback. */
export const HANDOFF_TTL_SECONDS = 60;
/** The cookie that ties a Google sign-in to the browser that started it. */
export const SIGN_IN_COOKIE = 'bioscope_google';
const COOKIE_PATH = '/api/auth/google';

const b64url = (b: Buffer) => b.toString('base64url');
const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');
/** The OIDC nonce of a sign-in: derived from the cookie's secret, so the ID token is bound to that browser too. */
const nonceOf = (secret: string) => b64url(createHash('sha256').update(`nonce:${secret}`).digest());
const sameHash = (a: string, b: string) => a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));
export const googleRedirectUri = () => `${env.PUBLIC_URL}/api/auth/google/callback`;

/** Why a Google sign-in did not finish, as the login page's `reason`. */
export type GoogleFailure =
  | 'cancelled'
  | 'expired'
  | 'wrong_browser'
  | 'not_google'
  | 'email_unverified'
  | 'email_in_use'
  | 'blocked'
  | 'not_activated'
  | 'held_back'
  | 'device_limit'
  | 'failed';
export class GoogleSignInFailed extends Error {
  /** `removalToken`: a device_limit's one-time token to remove a device (the login page reads the devices with it). */
  constructor(readonly reason: GoogleFailure, detail?: string, readonly removalToken?: string) {
    super(detail ?? reason);
  }
}

function cookie(value: string, maxAge: number): string {
  const secure = env.PUBLIC_URL.startsWith('https:') ? '; Secure' : '';
  return `${SIGN_IN_COOKIE}=${value}; Path=${COOKIE_PATH}; Max-Age=${maxAge}; HttpOnly; SameSite=Lax${secure}`;
}
/** Set-Cookie that ends the binding (after the exchange, or a failed callback). */
export const clearSignInCookie = () => cookie('', 0);

/** The sign-in cookie's secret among a request's cookies (API Gateway's `cookies`, or a Cookie header). */
export function signInSecretOf(cookies: string[] | undefined, header?: string): string | undefined {
  const all = [...(cookies ?? []), ...(header ? header.split(/;\s*/) : [])];
  const found = all.map((c) => c.trim()).find((c) => c.startsWith(`${SIGN_IN_COOKIE}=`));
  const value = found?.slice(SIGN_IN_COOKIE.length + 1);
  return value && /^[A-Za-z0-9_-]{43}$/.test(value) ? value : undefined;
}

/** `device`: the handle of the web's device id, carried through the state to the callback. */
export async function startGoogleSignIn(device?: string): Promise<{ url: string; cookie: string }> {
  if (!env.COGNITO_DOMAIN || !env.HOSTED_UI_CLIENT_ID) throw new GoogleSignInFailed('failed', 'COGNITO_DOMAIN or HOSTED_UI_CLIENT_ID is not configured');
  const secret = b64url(randomBytes(32));
  const state = b64url(randomBytes(32));
  const verifier = b64url(randomBytes(32));
  await putOAuthState(state, { codeVerifier: verifier, browser: sha256(secret), ...(device ? { device } : {}) }, Math.floor(Date.now() / 1000) + OAUTH_STATE_TTL_SECONDS);
  const u = new URL(`${env.COGNITO_DOMAIN}/oauth2/authorize`);
  u.search = new URLSearchParams({
    response_type: 'code',
    client_id: env.HOSTED_UI_CLIENT_ID,
    redirect_uri: googleRedirectUri(),
    identity_provider: 'Google',
    scope: 'openid email profile',
    state,
    nonce: nonceOf(secret),
    code_challenge: b64url(createHash('sha256').update(verifier).digest()),
    code_challenge_method: 'S256',
  }).toString();
  return { url: u.toString(), cookie: cookie(secret, OAUTH_STATE_TTL_SECONDS) };
}

async function exchangeCode(code: string, codeVerifier: string): Promise<{ idToken: string; refreshToken?: string }> {
  const res = await fetch(`${env.COGNITO_DOMAIN}/oauth2/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ grant_type: 'authorization_code', client_id: env.HOSTED_UI_CLIENT_ID, code, redirect_uri: googleRedirectUri(), code_verifier: codeVerifier }),
  });
  const body = (await res.json().catch(() => ({}))) as { id_token?: string; refresh_token?: string; error?: string };
  if (!res.ok || !body.id_token) throw new GoogleSignInFailed('failed', `token endpoint answered ${res.status} ${body.error ?? ''}`);
  return { idToken: body.id_token, refreshToken: body.refresh_token };
}

let jwks: ReturnType<typeof createRemoteJWKSet> | undefined;
async function verifyIdToken(idToken: string): Promise<JWTPayload> {
  jwks ??= createRemoteJWKSet(new URL(`${env.COGNITO_ISSUER}/.well-known/jwks.json`));
  const { payload } = await jwtVerify(idToken, jwks, { issuer: env.COGNITO_ISSUER, audience: env.HOSTED_UI_CLIENT_ID, algorithms: ['RS256'] });
  if (payload.token_use !== 'id') throw new GoogleSignInFailed('failed', 'not an ID token');
  return payload;
}

interface Identity {
  providerName?: unknown;
  providerType?: unknown;
  userId?: unknown;
}

/**
 * A user federated from Google, as the pool issues them: the `identities` claim names Google, and
 * the pool's username is the provider's (Google_<Google id>). A pool user signing in with a
 * password (a UUID username, no identities) is not one, whatever its e-mail.
 */
export function isGoogleIdentity(claims: JWTPayload): boolean {
  let identities: unknown = claims.identities;
  if (typeof identities === 'string') {
    try {
      identities = JSON.parse(identities);
    } catch {
      return false;
    }
  }
  if (!Array.isArray(identities)) return false;
  const google = (identities as Identity[]).find((i) => i?.providerName === 'Google' && i?.providerType === 'Google' && typeof i.userId === 'string' && i.userId !== '');
  const username = claims['cognito:username'];
  return !!google && typeof username === 'string' && username.toLowerCase() === `google_${String(google.userId).toLowerCase()}`;
}

/** Federated users' attributes come mapped as strings; both forms mean verified. */
const emailVerified = (claims: JWTPayload) => claims.email_verified === true || claims.email_verified === 'true';

/** The record of this Google identity, made on its first sign-in. */
async function recordFor(claims: JWTPayload): Promise<UserRecord> {
  const sub = String(claims.sub ?? '');
  const email = typeof claims.email === 'string' ? claims.email.toLowerCase() : '';
  if (!sub || !email) throw new GoogleSignInFailed('failed', 'the ID token lacks sub or email');
  // The pool names a Google user Google_…, not by the e-mail: block and delete need that name.
  const poolUsername = String(claims['cognito:username']);
  const existing = await userById(sub);
  if (existing) {
    // A federated identity has its own sub: a record of another kind under it is not this person's.
    if (existing.provider !== 'google') throw new GoogleSignInFailed('not_google', 'a non-Google record has this sub');
    if (existing.poolUsername !== poolUsername) {
      await setPoolUsername(existing.id, poolUsername);
      return { ...existing, poolUsername };
    }
    return existing;
  }
  // The e-mail already has a (password) account: we do not merge identities silently.
  if (await userIdByEmail(email)) throw new GoogleSignInFailed('email_in_use');
  // A name from Google is a short text like any other: no bidirectional controls (shared/schemas/common.ts).
  const str = (v: unknown) => (typeof v === 'string' && stripBidiControls(v).trim() ? stripBidiControls(v).trim().slice(0, 100) : undefined);
  let givenName = str(claims.given_name);
  let familyName = str(claims.family_name);
  if (!givenName) {
    const names = await poolUserNames(poolUsername);
    givenName = str(names.givenName);
    familyName = str(names.familyName);
  }
  try {
    return await createUser({
      id: sub,
      email,
      firstName: givenName ?? email.split('@')[0]!,
      lastName: familyName ?? '',
      role: 'USER',
      block: false,
      activated: true,
      provider: 'google',
      poolUsername,
      createdAt: new Date().toISOString(),
      sessions: [],
    });
  } catch (e) {
    // Two callbacks of the same person at once: the other one made the record.
    const made = e instanceof Conflict ? await userById(sub) : undefined;
    if (made) return made;
    throw e instanceof Conflict ? new GoogleSignInFailed('email_in_use') : e;
  }
}

/** The password login's rules, for a Google identity too: not blocked, activated, not held back by the sign-in limits. */
async function checkMayEnter(user: UserRecord, source: string): Promise<void> {
  if (user.block) throw new GoogleSignInFailed('blocked');
  if (!user.activated) throw new GoogleSignInFailed('not_activated');
  if (await signInHeldBack(user, source)) throw new GoogleSignInFailed('held_back');
}

/**
 * The callback: returns the one-time code the browser collects the session with. Every failure is
 * a GoogleSignInFailed (the handler sends the browser to the login page with its reason).
 */
export async function finishGoogleSignIn(
  q: { code?: string; state?: string; error?: string },
  secret: string | undefined,
  source: string,
  seen: Omit<SignInDevice, 'handle'> & { handle: (started?: string) => string },
): Promise<string> {
  if (q.error || !q.code || !q.state) throw new GoogleSignInFailed(q.error ? 'cancelled' : 'failed', q.error);
  const started = await takeOAuthState(q.state);
  if (!started) throw new GoogleSignInFailed('expired');
  // Login CSRF: a callback URL from another browser's sign-in (the attacker's) is refused here.
  if (!secret || !sameHash(sha256(secret), started.browser)) throw new GoogleSignInFailed('wrong_browser', 'the sign-in cookie is missing or not this sign-in\'s');
  const { idToken, refreshToken } = await exchangeCode(q.code, started.codeVerifier);
  // As after a password sign-in: no refresh token outlives the moment (refresh-tokens.ts).
  await revokeRefreshToken(refreshToken, env.HOSTED_UI_CLIENT_ID);
  const claims = await verifyIdToken(idToken);
  if (!isGoogleIdentity(claims)) throw new GoogleSignInFailed('not_google', `pool user ${String(claims['cognito:username'])} is not federated from Google`);
  if (!emailVerified(claims)) throw new GoogleSignInFailed('email_unverified');
  // The ID token was issued to the sign-in this browser started (PKCE binds the code as well).
  if (typeof claims.nonce !== 'string' || !sameHash(claims.nonce, nonceOf(secret))) throw new GoogleSignInFailed('wrong_browser', 'the ID token was not issued to this sign-in (nonce)');
  const user = await recordFor(claims);
  await checkMayEnter(user, source);
  // The device, as a password sign-in's: a student's further one is refused (the login page offers to remove one).
  const device: SignInDevice = { handle: seen.handle(started.device), label: seen.label, ip: seen.ip };
  try {
    await admitDevice(user, device, String(claims.jti), await settingsOf());
  } catch (e) {
    if (e instanceof HttpError && e.code === 'auth.deviceLimit') throw new GoogleSignInFailed('device_limit', 'a further device', e.extra.removalToken);
    if (e instanceof HttpError && e.code === 'user.blocked') throw new GoogleSignInFailed('blocked');
    throw e;
  }

  const code = b64url(randomBytes(32));
  await putGoogleHandoff(sha256(code), { userId: user.id, token: idToken, browser: started.browser, device }, Math.floor(Date.now() / 1000) + HANDOFF_TTL_SECONDS);
  return code;
}

const INVALID_CODE = 'This Google sign-in has expired or was already used. Please sign in again.';

/** POST /api/auth/google/exchange: the session for the one-time code, to the browser that started the sign-in only. */
export async function collectGoogleSession(code: string, secret: string | undefined): Promise<LoginResponse['data']> {
  const handoff = await takeGoogleHandoff(sha256(code));
  if (!handoff || !secret || !sameHash(sha256(secret), handoff.browser)) throw new Unauthorized(INVALID_CODE, 'auth.googleCodeInvalid');
  const user = await userById(handoff.userId);
  if (!user) throw new Unauthorized(INVALID_CODE, 'auth.googleCodeInvalid');
  if (user.block) throw new Blocked();
  await startSession(user, handoff.token);
  if (handoff.device) await noteSignIn(user.id, handoff.device);
  return { ...toUser(user), token: handoff.token };
}
