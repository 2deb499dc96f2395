import { decodeJwt } from 'jose';
import { user as userSchema } from '@shared/schemas/auth';
import { ADMIN_GROUP, SCHOOL_YEARS, type SchoolYear } from '@shared/constants';
import type { StoredSession } from '@/lib/session';

/**
 * Build the session from the query of `/auth/google/callback`: `token` (the ID token),
 * optional `refreshToken` and optional `user` (base64url JSON of the user, preferred when valid).
 * Throws when the token is missing or cannot be decoded.
 */
export function sessionFromCallback(search: URLSearchParams): StoredSession {
  const token = search.get('token');
  if (!token) throw new Error('token missing');
  const claims = decodeJwt(token);
  const refreshToken = search.get('refreshToken') ?? undefined;

  const fromParam = parseUserParam(search.get('user'));
  if (fromParam) return { ...fromParam, token, ...(refreshToken ? { refreshToken } : {}) };

  if (typeof claims.sub !== 'string') throw new Error('token has no subject');
  const groups = claims['cognito:groups'];
  const year = claims['custom:schoolYear'];
  return {
    id: claims.sub,
    email: String(claims.email ?? ''),
    firstName: String(claims.given_name ?? ''),
    lastName: String(claims.family_name ?? ''),
    role: Array.isArray(groups) && groups.includes(ADMIN_GROUP) ? 'ADMIN' : 'USER',
    block: false,
    ...(SCHOOL_YEARS.includes(year as SchoolYear) ? { schooleYear: year as SchoolYear } : {}),
    token,
    ...(refreshToken ? { refreshToken } : {}),
  };
}

function parseUserParam(raw: string | null) {
  if (!raw) return null;
  try {
    const b64 = raw.replace(/-/g, '+').replace(/_/g, '/');
    const bytes = Uint8Array.from(atob(b64.padEnd(Math.ceil(b64.length / 4) * 4, '=')), (c) => c.charCodeAt(0));
    const parsed = userSchema.safeParse(JSON.parse(new TextDecoder().decode(bytes)));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}
