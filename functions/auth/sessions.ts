import { decodeJwt } from 'jose';
import { setSessions, type UserRecord } from '../data/user-repo';
import { env } from '../lib/env';
import { sessionsAfterSignIn, sessionsAfterSignOut } from './session-rules';

/** Makes the ID token's jti a live session of the user (lib/auth.ts refuses any other token). */
export async function startSession(user: UserRecord, idToken: string): Promise<void> {
  const { jti } = decodeJwt(idToken);
  if (typeof jti !== 'string') throw new Error('the ID token has no jti');
  const next = sessionsAfterSignIn(user, jti, env.SINGLE_SESSION);
  await setSessions(user.id, next.sessions, next.reason);
}

export async function endSession(user: UserRecord, jti: unknown): Promise<void> {
  await setSessions(user.id, sessionsAfterSignOut(user.sessions, String(jti)), 'logout');
}
