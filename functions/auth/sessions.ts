import { decodeJwt } from 'jose';
import { setSessions, type UserRecord, userById } from '../data/user-repo';
import type { Settings } from '../../shared/schemas/devices';
import { settingsOf } from '../data/settings-repo';
import { Blocked, isConditionFailed } from '../lib/errors';
import { sessionsAfterSignIn, sessionsAfterSignOut } from './session-rules';

/**
 * Makes the ID token's jti a live session of the user (session-gate.ts refuses any other token)
 * and records the sign-in time; a block written since the user was read wins (403). One session per
 * student or not is the teacher's setting (`settings`, read when not given).
 */
export async function startSession(user: UserRecord, idToken: string, settings?: Pick<Settings, 'singleSession'>): Promise<void> {
  const { jti } = decodeJwt(idToken);
  if (typeof jti !== 'string') throw new Error('the ID token has no jti');
  const next = sessionsAfterSignIn(user, jti, (settings ?? (await settingsOf())).singleSession);
  try {
    await setSessions(user.id, next.sessions, next.reason, new Date().toISOString());
  } catch (e) {
    throw isConditionFailed(e) ? new Blocked() : e;
  }
}

/** Ends the session of this token (the gate has checked it is live); the others stay. */
export async function logOut(userId: string, jti: unknown): Promise<void> {
  const user = await userById(userId);
  if (!user) return;
  await setSessions(user.id, sessionsAfterSignOut(user.sessions, String(jti)), 'logout');
}

/** After a password change: only the caller's session stays; the others get 401 session.passwordChanged at their next call. */
export async function keepOnlySession(userId: string, jti: unknown): Promise<void> {
  await setSessions(userId, typeof jti === 'string' ? [jti] : [], 'password');
}
