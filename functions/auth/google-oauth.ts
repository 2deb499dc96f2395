/**
 * Google sign-in: one OAuth2 authorization-code client with PKCE against the pool's domain
 * (COGNITO_DOMAIN: the hosted UI in AWS, the local stand-in on this machine).
 */
import { createHash, randomBytes } from 'node:crypto';
import { createRemoteJWKSet, type JWTPayload, jwtVerify } from 'jose';
import type { User } from '../../shared/schemas/auth';
import { putOAuthState, takeOAuthState } from '../data/oauth-state-repo';
import { createUser, setPoolUsername, toUser, type UserRecord, userById, userIdByEmail } from '../data/user-repo';
import { env } from '../lib/env';
import { Conflict } from '../lib/errors';
import { poolUserNames } from './pool';
import { startSession } from './sessions';

export const OAUTH_STATE_TTL_SECONDS = 10 * 60;
const b64url = (b: Buffer) => b.toString('base64url');
export const googleRedirectUri = () => `${env.PUBLIC_URL}/api/auth/google/callback`;

/** Why a Google sign-in did not finish, as the login page's `reason`. */
export type GoogleFailure = 'cancelled' | 'expired' | 'email_in_use' | 'blocked' | 'failed';
export class GoogleSignInFailed extends Error {
  constructor(readonly reason: GoogleFailure, detail?: string) {
    super(detail ?? reason);
  }
}

export async function startGoogleSignIn(): Promise<string> {
  if (!env.COGNITO_DOMAIN || !env.USER_POOL_CLIENT_ID) throw new GoogleSignInFailed('failed', 'COGNITO_DOMAIN is not configured');
  const state = b64url(randomBytes(32));
  const verifier = b64url(randomBytes(32));
  await putOAuthState(state, verifier, Math.floor(Date.now() / 1000) + OAUTH_STATE_TTL_SECONDS);
  const u = new URL(`${env.COGNITO_DOMAIN}/oauth2/authorize`);
  u.search = new URLSearchParams({
    response_type: 'code',
    client_id: env.USER_POOL_CLIENT_ID,
    redirect_uri: googleRedirectUri(),
    identity_provider: 'Google',
    scope: 'openid email profile',
    state,
    code_challenge: b64url(createHash('sha256').update(verifier).digest()),
    code_challenge_method: 'S256',
  }).toString();
  return u.toString();
}

async function exchangeCode(code: string, codeVerifier: string): Promise<string> {
  const res = await fetch(`${env.COGNITO_DOMAIN}/oauth2/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ grant_type: 'authorization_code', client_id: env.USER_POOL_CLIENT_ID, code, redirect_uri: googleRedirectUri(), code_verifier: codeVerifier }),
  });
  const body = (await res.json().catch(() => ({}))) as { id_token?: string; error?: string };
  if (!res.ok || !body.id_token) throw new GoogleSignInFailed('failed', `token endpoint answered ${res.status} ${body.error ?? ''}`);
  return body.id_token;
}

let jwks: ReturnType<typeof createRemoteJWKSet> | undefined;
async function verifyIdToken(idToken: string): Promise<JWTPayload> {
  jwks ??= createRemoteJWKSet(new URL(`${env.COGNITO_ISSUER}/.well-known/jwks.json`));
  const { payload } = await jwtVerify(idToken, jwks, { issuer: env.COGNITO_ISSUER, audience: env.USER_POOL_CLIENT_ID, algorithms: ['RS256'] });
  if (payload.token_use !== 'id') throw new GoogleSignInFailed('failed', 'not an ID token');
  return payload;
}

/** The record of this Google identity, made on its first sign-in. */
async function recordFor(claims: JWTPayload): Promise<UserRecord> {
  const sub = String(claims.sub ?? '');
  const email = typeof claims.email === 'string' ? claims.email.toLowerCase() : '';
  if (!sub || !email) throw new GoogleSignInFailed('failed', 'the ID token lacks sub or email');
  // The pool names a Google user Google_…, not by the e-mail: block and delete need that name.
  const poolUsername = typeof claims['cognito:username'] === 'string' ? claims['cognito:username'] : undefined;
  const existing = await userById(sub);
  if (existing) {
    if (poolUsername && existing.poolUsername !== poolUsername) {
      await setPoolUsername(existing.id, poolUsername);
      return { ...existing, poolUsername };
    }
    return existing;
  }
  // The e-mail already has a (password) account: we do not merge identities silently.
  if (await userIdByEmail(email)) throw new GoogleSignInFailed('email_in_use');
  const str = (v: unknown) => (typeof v === 'string' && v.trim() ? v.trim() : undefined);
  let givenName = str(claims.given_name);
  let familyName = str(claims.family_name);
  if (!givenName && poolUsername) ({ givenName, familyName } = await poolUserNames(poolUsername));
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
      ...(poolUsername ? { poolUsername } : {}),
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

export async function finishGoogleSignIn(q: { code?: string; state?: string; error?: string }): Promise<{ token: string; user: User }> {
  if (q.error || !q.code || !q.state) throw new GoogleSignInFailed(q.error ? 'cancelled' : 'failed', q.error);
  const verifier = await takeOAuthState(q.state);
  if (!verifier) throw new GoogleSignInFailed('expired');
  const idToken = await exchangeCode(q.code, verifier);
  const claims = await verifyIdToken(idToken);
  const user = await recordFor(claims);
  if (user.block) throw new GoogleSignInFailed('blocked');
  await startSession(user, idToken);
  return { token: idToken, user: toUser(user) };
}
