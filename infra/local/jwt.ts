import { createRemoteJWKSet, jwtVerify, type JWTPayload } from 'jose';

/**
 * Verifies a bearer token exactly as API Gateway's JWT authorizer does: RS256 signature against
 * the pool's JWKS, the issuer, expiry/not-before, and `aud` or `client_id` one of the audiences (the pool's app clients).
 * Returns the claims, or a reason for the 401.
 */
export function jwtAuthorizer(opts: { issuer: string; audience: string[]; jwksUrl: string }) {
  const jwks = createRemoteJWKSet(new URL(opts.jwksUrl), { cacheMaxAge: 10 * 60_000 });
  // A token whose signature, issuer and audience passed stays valid until its exp: the RS256 check
  // (~6 % of the platform's CPU under a class's load) is made once per token, not once per request.
  const verified = new Map<string, JWTPayload>();
  return async (authorization: string | undefined): Promise<{ claims: JWTPayload } | { error: string }> => {
    if (!authorization) return { error: 'Unauthorized' };
    // API Gateway takes the token with or without the Bearer prefix; the spec's course list sends it raw.
    const token = authorization.replace(/^Bearer\s+/i, '').trim();
    if (!token) return { error: 'Unauthorized' };
    const known = verified.get(token);
    if (known) {
      if (Number(known.exp) * 1000 > Date.now()) return { claims: { ...known } };
      verified.delete(token);
    }
    try {
      const { payload } = await jwtVerify(token, jwks, { issuer: opts.issuer, algorithms: ['RS256'] });
      const aud = Array.isArray(payload.aud) ? payload.aud : payload.aud ? [payload.aud] : [];
      if (!aud.some((a) => opts.audience.includes(a)) && !opts.audience.includes(String(payload.client_id))) return { error: 'Unauthorized' };
      if (typeof payload.exp === 'number') {
        if (verified.size >= 10_000) verified.delete(verified.keys().next().value!);
        verified.set(token, payload);
      }
      return { claims: payload };
    } catch {
      return { error: 'Unauthorized' };
    }
  };
}
