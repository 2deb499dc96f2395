/**
 * The session gate every domain's stack runs (lib/http.ts calls it; auth/public.ts offers it).
 * API Gateway's JWT authorizer (or the local gateway) has already verified signature, issuer,
 * audience and expiry; here the claims are re-checked and the user's record decides the rest at
 * once: blocked, logged out, password changed, signed in elsewhere.
 */
import { ADMIN_GROUP } from '../../shared/constants';
import type { ErrorCode } from '../../shared/errors';
import type { Access } from '../../shared/routes';
import { type SessionEndReason, type UserRecord, userById, userWithItems, userWithRange } from '../data/user-repo';
import { Blocked, Forbidden, Unauthorized } from '../lib/errors';
import type { Along, AuthContext, ReadAlong, SessionGate } from '../lib/http';

const SESSION_ENDED_CODE: Record<SessionEndReason, ErrorCode> = {
  logout: 'session.loggedOut',
  elsewhere: 'session.otherDevice',
  password: 'session.passwordChanged',
  reset: 'session.passwordReset',
  deleted: 'session.accountDeleted',
  blocked: 'session.blocked',
  deviceRemoved: 'session.deviceRemoved',
};
const SESSION_ENDED: Record<SessionEndReason, string> = {
  logout: 'You have logged out. Please log in again.',
  elsewhere: 'Your account was opened on another device, so this session has ended. Please log in again.',
  password: 'Your password was changed. Please log in again.',
  reset: 'Your password was reset. Please log in again.',
  deleted: 'This account no longer exists.',
  blocked: 'Your account was blocked, so this session has ended. Please log in again.',
  deviceRemoved: 'This device was removed from your account, so this session has ended. Please log in again.',
};

/** API Gateway flattens array claims to "[a b]"; the local gateway passes arrays. Accept both. */
export function parseGroups(raw: unknown): string[] {
  if (Array.isArray(raw)) return raw.map(String);
  if (typeof raw !== 'string' || raw === '') return [];
  return raw.replace(/^\[|\]$/g, '').split(/[\s,]+/).filter(Boolean);
}

type JwtEvent = { requestContext?: unknown };

export function claimsOf(event: JwtEvent): Record<string, unknown> | undefined {
  return (event.requestContext as { authorizer?: { jwt?: { claims?: Record<string, unknown> } } } | undefined)?.authorizer?.jwt?.claims;
}

/**
 * `along` names the route's own items of the caller (lib/http.ts readsAlong): a student's are read in
 * the same request as their record and returned in readAlong only once the session holds. An admin's
 * token reads the record alone (an admin's handlers read afresh).
 */
export async function authenticate(event: JwtEvent, access: Access, now = Date.now(), along?: (userId: string) => Promise<Along>): Promise<AuthContext | undefined> {
  if (access === 'public') return undefined;
  const claims = claimsOf(event);
  const sub = claims?.sub;
  if (!claims || typeof sub !== 'string') throw new Unauthorized('Please log in first', 'session.required');
  if (claims.token_use !== undefined && claims.token_use !== 'id') throw new Unauthorized('Use the ID token of your session', 'session.wrongToken');
  if (Number(claims.exp) * 1000 <= now) throw new Unauthorized('Your session has expired. Please log in again.', 'session.expired');

  const groups = parseGroups(claims['cognito:groups']);
  const also = along && !groups.includes(ADMIN_GROUP) ? await along(sub) : undefined;
  let user: UserRecord | undefined;
  let readAlong: ReadAlong | undefined;
  if (also?.range) ({ user, also: readAlong } = await userWithRange(sub, also.range, also.keys, also.consistent));
  else if (also?.keys.length) ({ user, also: readAlong } = await userWithItems(sub, also.keys, also.consistent));
  else user = await userById(sub);
  if (!user) throw new Unauthorized(SESSION_ENDED.deleted, SESSION_ENDED_CODE.deleted);
  if (user.block) throw new Blocked();
  if (typeof claims.jti !== 'string' || !user.sessions?.includes(claims.jti)) {
    throw new Unauthorized(SESSION_ENDED[user.sessionEndReason ?? 'logout'], SESSION_ENDED_CODE[user.sessionEndReason ?? 'logout']);
  }
  const isAdmin = user.role === 'ADMIN' && groups.includes(ADMIN_GROUP);
  if (access === 'admin' && !isAdmin) throw new Forbidden('This action is for admins only', 'admin.only');
  // A parent reaches their own routes and their own account (signedIn), nothing of a student's; no one else reaches a parent's.
  const isParent = user.role === 'PARENT';
  if (access === 'parent' && !isParent) throw new Forbidden('This is for parents', 'parent.only');
  if (access === 'user' && isParent) throw new Forbidden('This is for students', 'parent.notStudent');
  // A record written by hand or before a field existed may lack one: the billing data must still be text.
  const contact = { firstName: user.firstName ?? '', lastName: user.lastName ?? '', email: user.email ?? '', phone: user.mobileNumber ?? '' };
  // A password sign-up cannot lack them (its schema requires both); a Google one has neither until asked.
  const profileIncomplete = user.provider === 'google' && !(user.mobileNumber && user.schooleYear);
  return { userId: sub, claims, groups, isAdmin, contact, ...(profileIncomplete ? { profileIncomplete: true as const } : {}), ...(readAlong ? { readAlong } : {}) };
}

/** The gate as lib/http.ts takes it. */
export const sessionGate: SessionGate = (event, access, along) => authenticate(event, access, Date.now(), along);
