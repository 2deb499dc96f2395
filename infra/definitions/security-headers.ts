/**
 * The security headers of every response — pages, API and media — written once. The local gateway
 * sends them (infra/local/gateway.ts); in AWS, CloudFront's response headers policy carries them on
 * every behaviour (infra/stacks/api-stack.ts). test/infra and test/integration compare both with this.
 *
 * The CSP allows no inline script and no eval: the web build loads its scripts from files
 * (web/index.html has none inline; the theme's first-paint script is web/public/preferences.js).
 * Inline styles stay allowed: sweetalert2 and the design library set styles at run time.
 */

export interface CspOptions {
  /** Origins the browser may PUT uploads to besides the site itself: the media bucket's S3 endpoint in AWS. */
  uploadOrigins?: readonly string[];
}

export function cspDirectives(o: CspOptions = {}): Record<string, readonly string[]> {
  return {
    'default-src': ["'self'"],
    'script-src': ["'self'"],
    'style-src': ["'self'", "'unsafe-inline'"],
    'img-src': ["'self'", 'data:', 'blob:'],
    'media-src': ["'self'", 'blob:'],
    'font-src': ["'self'", 'data:'],
    'connect-src': ["'self'", ...(o.uploadOrigins ?? [])],
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    'form-action': ["'self'"],
    'frame-ancestors': ["'none'"],
  };
}

export const contentSecurityPolicy = (o: CspOptions = {}) =>
  Object.entries(cspDirectives(o))
    .map(([name, values]) => `${name} ${values.join(' ')}`)
    .join('; ');

/** The values CloudFront's policy and the gateway both use. */
export const SECURITY_HEADERS = {
  contentTypeOptions: 'nosniff',
  /** The path and query of our pages (lecture ids, reset e-mails) never leave the site. */
  referrerPolicy: 'strict-origin-when-cross-origin',
  /** frame-ancestors 'none' for the browsers that read only the older header. */
  frameOptions: 'DENY',
  /** Sent only over HTTPS (always in AWS; locally when a TLS proxy in front says x-forwarded-proto: https). */
  hsts: { maxAgeSeconds: 2 * 365 * 24 * 60 * 60, includeSubDomains: true },
} as const;

export const hstsValue = () => `max-age=${SECURITY_HEADERS.hsts.maxAgeSeconds}${SECURITY_HEADERS.hsts.includeSubDomains ? '; includeSubDomains' : ''}`;

/** The headers as the local gateway writes them on every response. */
export function securityHeaders(o: CspOptions & { https: boolean }): Record<string, string> {
  return {
    'content-security-policy': contentSecurityPolicy(o),
    'x-content-type-options': SECURITY_HEADERS.contentTypeOptions,
    'referrer-policy': SECURITY_HEADERS.referrerPolicy,
    'x-frame-options': SECURITY_HEADERS.frameOptions,
    ...(o.https ? { 'strict-transport-security': hstsValue() } : {}),
  };
}

/** Errors are answered afresh: a 404 or 500 must not stick in a browser or CDN cache for a day. */
export const ERROR_CACHE_CONTROL = 'no-store';
