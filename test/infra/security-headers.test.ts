/**
 * CloudFront sends the security headers of infra/definitions/security-headers.ts on every
 * behaviour (the local gateway sends the same: test/integration/gateway.test.ts), keeps no error
 * for long, and never lets a bucket's XML error reach a browser.
 */
import { BUCKET_ERROR_CODES } from '../../infra/stacks/site-stack';
import { contentSecurityPolicy } from '../../infra/definitions/security-headers';
import { synthBioscope } from './bioscope-app';

const { siteTemplate } = synthBioscope();
const [dist] = Object.values(siteTemplate.findResources('AWS::CloudFront::Distribution'));
const config = dist!.Properties.DistributionConfig;
const behaviours = [config.DefaultCacheBehavior, ...config.CacheBehaviors];
const policies = siteTemplate.findResources('AWS::CloudFront::ResponseHeadersPolicy');

/** A CloudFormation string that may be an Fn::Join of tokens, as text with the tokens named. */
const text = (v: unknown): string =>
  typeof v === 'string' ? v : (v as { 'Fn::Join': [string, unknown[]] })['Fn::Join'][1].map((p) => (typeof p === 'string' ? p : `<${JSON.stringify(p)}>`)).join('');

describe('the response headers policy', () => {
  const [[policyId, policy]] = Object.entries(policies) as [[string, { Properties: { ResponseHeadersPolicyConfig: { SecurityHeadersConfig: Record<string, Record<string, unknown>> } } }]];
  const sec = policy.Properties.ResponseHeadersPolicyConfig.SecurityHeadersConfig;

  test('is one policy, on every behaviour: pages, /api/* and /media/*', () => {
    expect(Object.keys(policies)).toHaveLength(1);
    expect(behaviours.map((b) => b.PathPattern ?? 'default').sort()).toEqual(['/api/*', '/media/*', '/media/hls/*', '/media/hls/*.m3u8', '/media/images/*', 'default']);
    for (const b of behaviours) expect(b.ResponseHeadersPolicyId).toEqual({ Ref: policyId });
  });

  test('its CSP, whole: no inline script or eval, frame-ancestors none, uploads to the media bucket only', () => {
    expect(sec.ContentSecurityPolicy!.Override).toBe(true);
    expect(text(sec.ContentSecurityPolicy!.ContentSecurityPolicy)).toBe(
      [
        "default-src 'self'",
        "script-src 'self'",
        "style-src 'self' 'unsafe-inline'",
        "img-src 'self' data: blob:",
        "media-src 'self' blob:",
        "font-src 'self' data:",
        `connect-src 'self' https://bioscope-dev-media-<{"Ref":"AWS::AccountId"}>-eu-central-1.s3.eu-central-1.<{"Ref":"AWS::URLSuffix"}>`,
        "object-src 'none'",
        "base-uri 'self'",
        "form-action 'self'",
        "frame-ancestors 'none'",
      ].join('; '),
    );
  });

  test('the local gateway sends the same CSP, with no upload origin beside the site', () => {
    expect(contentSecurityPolicy()).toBe(
      "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data: blob:; media-src 'self' blob:; font-src 'self' data:; connect-src 'self'; object-src 'none'; base-uri 'self'; form-action 'self'; frame-ancestors 'none'",
    );
  });

  test('nosniff, the referrer policy, DENY framing and HSTS with subdomains, each overriding the origin', () => {
    expect(sec.ContentTypeOptions).toEqual({ Override: true });
    expect(sec.ReferrerPolicy).toEqual({ ReferrerPolicy: 'strict-origin-when-cross-origin', Override: true });
    expect(sec.FrameOptions).toEqual({ FrameOption: 'DENY', Override: true });
    // Two years.
    expect(sec.StrictTransportSecurity).toEqual({ AccessControlMaxAgeSec: 63_072_000, IncludeSubdomains: true, Override: true });
  });
});

describe('errors', () => {
  test('no error is kept at the edge, and none is replaced by a page (the API keeps its 403 and 404 bodies)', () => {
    const codes = (config.CustomErrorResponses as { ErrorCode: number; ErrorCachingMinTTL: number; ResponsePagePath?: string }[]).map((e) => {
      expect(e.ResponsePagePath).toBeUndefined();
      expect(e.ErrorCachingMinTTL).toBe(0);
      return e.ErrorCode;
    });
    expect(codes).toEqual(expect.arrayContaining([403, 404, 500, 503]));
  });

  test("a bucket's error (web or media) is answered by the API domain's plain 404, not S3's XML", () => {
    const groups = config.OriginGroups.Items as { Id: string; FailoverCriteria: { StatusCodes: { Items: number[] } }; Members: { Items: { OriginId: string }[] } }[];
    const origin = (id: string) => config.Origins.find((o: { Id: string }) => o.Id === id);
    for (const pattern of ['default', '/media/images/*', '/media/*']) {
      const b = behaviours.find((x) => (x.PathPattern ?? 'default') === pattern);
      const group = groups.find((g) => g.Id === b.TargetOriginId);
      expect(group).toBeDefined();
      expect([...group!.FailoverCriteria.StatusCodes.Items].sort()).toEqual([...BUCKET_ERROR_CODES].sort());
      const [primary, fallback] = group!.Members.Items.map((m) => origin(m.OriginId));
      expect(primary.S3OriginConfig).toBeDefined();
      expect(JSON.stringify(fallback.DomainName)).toContain('execute-api');
      // A path no route of the HTTP API has: API Gateway itself answers 404 {"message":"Not Found"}.
      expect(fallback.OriginPath).toBe('/bucket-error');
    }
  });
});
