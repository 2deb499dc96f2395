/**
 * The edge of issue 15: the pool closed to self sign-up, the us-east-1 web ACL on the distribution
 * with its rules, the origin secret between CloudFront and the API, the viewer address for the
 * per-source limits, and the media bucket open to this stage's distribution and origin only.
 * (The response headers policy: test/infra/security-headers.test.ts.)
 */
import { Match, type Template } from 'aws-cdk-lib/assertions';
import { MANAGED_RULE_GROUPS, SENSITIVE_PATHS } from '../../infra/stacks/edge-stack';
import { ORIGIN_VERIFY_HEADER, VIEWER_ADDRESS_HEADER } from '../../functions/lib/origin-guard';
import { ROUTES } from '../../shared/routes';
import { logicalId, synthBioscope } from './bioscope-app';

/** A template fragment, as loosely typed as the assertions library gives it. */
type Json = ReturnType<Template['findResources']>[string];

const built = synthBioscope();
const { edge, site, settings, edgeTemplate, siteTemplate, dataTemplate, apiTemplate } = built;
const distConfig = () => Object.values(siteTemplate.findResources('AWS::CloudFront::Distribution'))[0]!.Properties.DistributionConfig;
/** A weak reference to an output of `stack` whose name mentions `what`. */
const outputOf = (stack: string, what: string) => ({ 'Fn::GetStackOutput': expect.objectContaining({ StackName: stack, OutputName: expect.stringContaining(what) }) });

describe('identity: the pool is closed', () => {
  test('only admins create users (self sign-up off): our sign-up route uses AdminCreateUser', () => {
    dataTemplate.hasResourceProperties('AWS::Cognito::UserPool', { AdminCreateUserConfig: { AllowAdminCreateUserOnly: true } });
  });
});

describe('WAF', () => {
  const [[aclId, acl]] = Object.entries(edgeTemplate.findResources('AWS::WAFv2::WebACL')) as [[string, Json]];
  const rules = acl.Properties.Rules as { Name: string; Priority: number; Statement: Json; Action?: Json; OverrideAction?: Json }[];
  const rule = (name: string) => rules.find((r) => r.Name === name)!;

  test('one web ACL of scope CLOUDFRONT, in a stack pinned to us-east-1, allowing by default', () => {
    expect(edge.region).toBe('us-east-1');
    expect(acl.Properties).toMatchObject({ Scope: 'CLOUDFRONT', DefaultAction: { Allow: {} }, Name: 'bioscope-dev-site' });
  });

  test('the distribution uses it (the ARN read across regions from the edge stack)', () => {
    expect(distConfig().WebACLId).toEqual({
      'Fn::GetStackOutput': expect.objectContaining({ StackName: edge.stackName, Region: 'us-east-1', OutputName: expect.stringContaining(`${aclId}Arn`) }),
    });
  });

  test('a tight per-IP rate rule on /api/auth/*, the coupon check and the contact message; a looser one on /api/*; both answer 429', () => {
    const tight = rule('RateSensitive');
    const loose = rule('RateApi');
    expect(tight.Priority).toBeLessThan(loose.Priority);
    expect(tight.Statement.RateBasedStatement).toMatchObject({ AggregateKeyType: 'IP', Limit: settings.waf.authLimit, EvaluationWindowSec: 300 });
    expect(loose.Statement.RateBasedStatement).toMatchObject({ AggregateKeyType: 'IP', Limit: settings.waf.apiLimit, EvaluationWindowSec: 300 });
    expect(settings.waf.authLimit).toBeLessThan(settings.waf.apiLimit);
    const matches = (tight.Statement.RateBasedStatement.ScopeDownStatement.OrStatement.Statements as { ByteMatchStatement: Json }[]).map((s) => s.ByteMatchStatement);
    for (const m of matches) expect(m.TextTransformations).toEqual([{ Priority: 0, Type: 'LOWERCASE' }]);
    const covered = (path: string) => matches.some((m) => (m.PositionalConstraint === 'STARTS_WITH' ? path.toLowerCase().startsWith(m.SearchString) : path.toLowerCase() === m.SearchString));
    // Every auth route, the coupon check and the contact message, as the route table writes them.
    const sensitive = ROUTES.filter((r) => r.domain === 'auth' || r.op === 'validateCoupon' || r.op === 'sendMessage');
    expect(sensitive.length).toBeGreaterThan(10);
    for (const r of sensitive) expect([r.op, covered(r.path.replace(/\{[^}]+\}/g, 'X1'))]).toEqual([r.op, true]);
    // …and not the rest of the API (course lists, lectures): those have the looser limit only.
    for (const r of ROUTES.filter((x) => !sensitive.includes(x))) expect([r.op, covered(r.path.replace(/\{[^}]+\}/g, 'X1'))]).toEqual([r.op, false]);
    expect(SENSITIVE_PATHS.startsWith).toContain('/api/auth/');
    expect(loose.Statement.RateBasedStatement.ScopeDownStatement.ByteMatchStatement).toMatchObject({ SearchString: '/api/', PositionalConstraint: 'STARTS_WITH' });
    for (const r of [tight, loose]) {
      expect(r.Action!.Block.CustomResponse).toMatchObject({ ResponseCode: 429, CustomResponseBodyKey: 'TooManyRequests' });
    }
    expect(JSON.parse(acl.Properties.CustomResponseBodies.TooManyRequests.Content)).toEqual({ message: expect.any(String), code: 'tooManyRequests' });
  });

  test('AWS managed groups: IP reputation, known bad inputs, the common set (its body-size rule only counts: image uploads)', () => {
    const managed = rules.filter((r) => r.Statement.ManagedRuleGroupStatement).sort((a, b) => a.Priority - b.Priority);
    expect(managed.map((r) => r.Statement.ManagedRuleGroupStatement.Name)).toEqual([...MANAGED_RULE_GROUPS]);
    for (const r of managed) {
      expect(r.Statement.ManagedRuleGroupStatement.VendorName).toBe('AWS');
      expect(r.OverrideAction).toEqual({ None: {} });
    }
    expect(rule('AWSManagedRulesCommonRuleSet').Statement.ManagedRuleGroupStatement.RuleActionOverrides).toEqual([{ Name: 'SizeRestrictions_BODY', ActionToUse: { Count: {} } }]);
  });

  test('the limits are settings', () => {
    const { edgeTemplate: custom } = synthBioscope({ wafAuthLimit: '50', wafApiLimit: '900' });
    const r = Object.values(custom.findResources('AWS::WAFv2::WebACL'))[0]!.Properties.Rules as { Name: string; Statement: Json }[];
    expect(r.find((x) => x.Name === 'RateSensitive')!.Statement.RateBasedStatement.Limit).toBe(50);
    expect(r.find((x) => x.Name === 'RateApi')!.Statement.RateBasedStatement.Limit).toBe(900);
  });
});

describe('the API only through CloudFront', () => {
  const apiBehavior = () => distConfig().CacheBehaviors.find((b: { PathPattern: string }) => b.PathPattern === '/api/*');
  const apiOrigin = () => distConfig().Origins.find((o: { Id: string }) => o.Id === apiBehavior().TargetOriginId);

  test('the secret is generated by Secrets Manager under the stage\'s name, never written in the template', () => {
    siteTemplate.hasResourceProperties('AWS::SecretsManager::Secret', {
      Name: settings.originSecretName,
      GenerateSecretString: Match.objectLike({ PasswordLength: 48, ExcludePunctuation: true }),
    });
    expect(settings.originSecretName).toBe('bioscope/dev/origin-verify');
  });

  test('CloudFront adds it to every /api request as the origin header (a dynamic reference to that secret)', () => {
    const [secretId] = Object.keys(siteTemplate.findResources('AWS::SecretsManager::Secret'));
    expect(apiOrigin().OriginCustomHeaders).toEqual([
      { HeaderName: ORIGIN_VERIFY_HEADER, HeaderValue: { 'Fn::Join': ['', ['{{resolve:secretsmanager:', { Ref: secretId }, ':SecretString:::}}']] } },
    ]);
  });

  /** The route Lambdas (the video pipeline's Lambdas take events, not requests: no origin secret to check). */
  const routeFns = (t: Template) => Object.values(t.findResources('AWS::Lambda::Function')).filter((f) => / routes$/.test(f.Properties.Description ?? ''));

  test('every Lambda checks the same secret (ORIGIN_VERIFY, by name)', () => {
    const fns = routeFns(apiTemplate);
    expect(fns.length).toBeGreaterThanOrEqual(8);
    for (const f of fns) expect(f.Properties.Environment.Variables.ORIGIN_VERIFY).toBe(`{{resolve:secretsmanager:${settings.originSecretName}:SecretString:::}}`);
  });

  test('device cookies are signed with a generated key the data stack keeps (DEVICE_COOKIE_SECRET, by name, in every route Lambda)', () => {
    dataTemplate.hasResource('AWS::SecretsManager::Secret', {
      Properties: { Name: 'bioscope/dev/device-cookie', GenerateSecretString: Match.objectLike({ PasswordLength: 64, ExcludePunctuation: true }) },
      DeletionPolicy: 'Retain',
    });
    for (const f of routeFns(apiTemplate)) expect(f.Properties.Environment.Variables.DEVICE_COOKIE_SECRET).toBe('{{resolve:secretsmanager:bioscope/dev/device-cookie:SecretString:::}}');
  });

  test('a new originSecretRotation updates the distribution and every Lambda, so both read the rotated value', () => {
    const rotated = synthBioscope({ originSecretRotation: '2' });
    const comment = (t: Template) => Object.values(t.findResources('AWS::CloudFront::Distribution'))[0]!.Properties.DistributionConfig.Comment as string;
    const rotations = (t: Template) =>
      routeFns(t).map((f) => f.Properties.Environment.Variables.ORIGIN_VERIFY_ROTATION as string);
    expect(comment(siteTemplate)).toContain('rotation 1');
    expect(comment(rotated.siteTemplate)).toContain('rotation 2');
    expect(new Set(rotations(apiTemplate))).toEqual(new Set(['1']));
    expect(new Set(rotations(rotated.apiTemplate))).toEqual(new Set(['2']));
  });

  test("a viewer-request function on /api/* writes the viewer's IP over any header of that name; the policy forwards it (all viewer headers but Host)", () => {
    const [assoc] = apiBehavior().FunctionAssociations;
    expect(assoc).toMatchObject({ EventType: 'viewer-request', FunctionARN: { 'Fn::GetAtt': [expect.stringMatching(/^ViewerAddress/), 'FunctionARN'] } });
    const [, fn] = Object.entries(siteTemplate.findResources('AWS::CloudFront::Function')).find(([id]) => id.startsWith('ViewerAddress'))!;
    expect(fn.Properties.FunctionCode).toContain(`r.headers['${VIEWER_ADDRESS_HEADER}'] = { value: event.viewer.ip }`);
    expect(apiBehavior().OriginRequestPolicyId).toBe('b689b0a8-53d0-40ab-baf2-68738e2966ac'); // Managed-AllViewerExceptHostHeader
  });
});

describe('the media bucket', () => {
  const mediaId = () => Object.keys(dataTemplate.findResources('AWS::S3::Bucket')).find((id) => id.startsWith('Media'))!;

  test("admits this stage's distribution only: AWS:SourceArn equals its ARN, no wildcard", () => {
    const [policy] = Object.values(dataTemplate.findResources('AWS::S3::BucketPolicy', { Properties: { Bucket: { Ref: mediaId() } } }));
    const allows = (policy!.Properties.PolicyDocument.Statement as { Effect: string; Condition?: Json; Principal?: Json }[]).filter((s) => s.Effect === 'Allow');
    expect(allows).toHaveLength(1);
    expect(allows[0]!.Principal).toEqual({ Service: 'cloudfront.amazonaws.com' });
    expect(allows[0]!.Condition).toEqual({
      StringEquals: {
        'AWS:SourceArn': {
          'Fn::Join': ['', ['arn:aws:cloudfront::', { Ref: 'AWS::AccountId' }, ':distribution/', outputOf(site.stackName, `Ref${logicalId(site.distribution)}`)]],
        },
      },
    });
    expect(JSON.stringify(policy)).not.toContain('distribution/*');
  });

  test("CORS names the site's own origin, not *.cloudfront.net", () => {
    const cors = dataTemplate.findResources('AWS::S3::Bucket')[mediaId()]!.Properties.CorsConfiguration.CorsRules;
    expect(cors).toHaveLength(1);
    expect(cors[0].AllowedOrigins).toEqual([{ 'Fn::Join': ['', ['https://', outputOf(site.stackName, `${logicalId(site.distribution)}DomainName`)]] }]);
  });
});
