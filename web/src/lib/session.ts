import { createAction } from '@reduxjs/toolkit';
import { decodeJwt } from 'jose';
import type { User } from '@shared/schemas/auth';
import type { RequestStatus } from '@/lib/request-status';
import { readJson, STORAGE_KEYS } from '@/lib/storage';

/** What the auth store area holds; other features read it through the selectors below. */
export interface AuthState {
  user: User | null;
  token: string | null;
  status: RequestStatus;
  /** The server's response body (or `{ msgError }` when there was no response). */
  error: unknown;
}

/** The session as stored under localStorage `user`: the user plus its tokens. */
export type StoredSession = User & { token: string; refreshToken?: string };

export function readStoredSession(): StoredSession | null {
  const s = readJson<StoredSession>(STORAGE_KEYS.user);
  return s && typeof s === 'object' && typeof s.token === 'string' ? s : null;
}

export type TokenStatus = 'none' | 'invalid' | 'expired' | 'valid';

/** Spec 4: an undecodable token is invalid; expired means exp (seconds) earlier than now. */
export function tokenStatus(token: string | null | undefined, nowMs = Date.now()): TokenStatus {
  if (!token) return 'none';
  let exp: unknown;
  try {
    exp = decodeJwt(token).exp;
  } catch {
    return 'invalid';
  }
  if (typeof exp !== 'number') return 'invalid';
  return exp < Math.floor(nowMs / 1000) ? 'expired' : 'valid';
}

type WithAuth = { auth: AuthState };
export const selectUser = (s: WithAuth) => s.auth.user;
export const selectToken = (s: WithAuth) => s.auth.token;
export const selectIsAdmin = (s: WithAuth) => s.auth.user?.role === 'ADMIN';
export const selectIsParent = (s: WithAuth) => s.auth.user?.role === 'PARENT';
/** Where a signed-in person starts: the teacher's dashboard, a parent's /parent (issue 43), a student's home. */
export const homePathOf = (role: User['role'] | undefined) => (role === 'ADMIN' ? '/dashboard' : role === 'PARENT' ? '/parent' : '/');
export const selectHasValidToken = (s: WithAuth) => tokenStatus(s.auth.token) === 'valid';
export const selectAuthStatus = (s: WithAuth) => s.auth.status;

/**
 * The signed-in user's names changed (the profile edit): the auth area updates the user it holds and
 * the stored session, so the top bar and the admin menu greet the new name without a new sign-in.
 */
export const sessionUserRenamed = createAction<Pick<User, 'firstName' | 'lastName'>>('auth/sessionUserRenamed');
