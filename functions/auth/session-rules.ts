import type { Role } from '../../shared/constants';
import type { SessionEndReason } from '../data/user-repo';

/** Admins (and everyone when single-session is off) keep this many devices signed in at most. */
export const MAX_SESSIONS = 10;

/**
 * The live sessions after a sign-in with the ID token `jti`. A student has one session when
 * single-session is on, so the older device learns it was opened elsewhere; admins are exempt.
 */
export function sessionsAfterSignIn(
  user: { role: Role; sessions?: string[] },
  jti: string,
  singleSession: boolean,
): { sessions: string[]; reason?: SessionEndReason } {
  if (user.role === 'USER' && singleSession) return { sessions: [jti], reason: 'elsewhere' };
  const all = [...(user.sessions ?? []).filter((s) => s !== jti), jti];
  return all.length > MAX_SESSIONS ? { sessions: all.slice(-MAX_SESSIONS), reason: 'elsewhere' } : { sessions: all };
}

export const sessionsAfterSignOut = (sessions: string[] | undefined, jti: string) => (sessions ?? []).filter((s) => s !== jti);
