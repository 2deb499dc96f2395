/**
 * Stages and settings (issue 15): every name carries the stage so dev and prod share an account;
 * prod refuses placeholders with one list; bad values fail in any stage; the optional custom domain
 * reaches the distribution, Route 53, the pool's callbacks, the mails' links and the media CORS.
 */
import { App } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import { PLACEHOLDER_MAIL_FROM, readSettings, SettingsError } from '../../infra/stacks/settings';
import { buildApp, synthBioscope } from './bioscope-app';

const CONTACT = JSON.stringify({ location: 'Giza', phone: '01012345678', email: 'teacher@school.eg', chatUrl: '', social: [] });
const CERT = 'arn:aws:acm:us-east-1:123456789012:certificate/0a1b2c3d-1111-2222-3333-444455556666';
/** Everything prod needs (buildApp passes a real public key and a Google client id). */
const PROD = {
  stage: 'prod',
  region: 'eu-west-1',
  googleClientId: 'school.apps.googleusercontent.com',
  mailFrom: 'Bioscope <no-reply@school.eg>',
  paymobSecretName: 'bioscope/prod/paymob',
  googleClientSecretName: 'bioscope/prod/google',
  contactInfo: CONTACT,
  alarmEmail: 'ops@school.eg',
  monthlyBudgetUsd: '150',
};

const settingsOf = (context: Record<string, unknown>) => readSettings(new App({ context }).node);
const problemsOf = (context: Record<string, unknown>): string[] => {
  try {
    buildApp(context);
  } catch (e) {
    if (e instanceof SettingsError) return e.problems;
    throw e;
  }
  return [];
};

describe('names per stage', () => {
  test('dev by default; the stacks, pool, secrets, bucket, hosted UI prefix and web ACL carry the stage', () => {
    const s = settingsOf({});
    expect(s.stage).toBe('dev');
    expect(s.stackIds).toEqual({ edge: 'BioscopeEdge-dev', site: 'BioscopeSite-dev', data: 'BioscopeData-dev', api: 'BioscopeApi-dev', edgeAlarms: 'BioscopeEdgeAlarms-dev' });
    expect(s.userPoolName).toBe('bioscope-users-dev');
    expect([s.paymobSecretName, s.cloudfrontPrivateKeySecretName, s.originSecretName]).toEqual(['bioscope/dev/paymob', 'bioscope/dev/cloudfront-private-key', 'bioscope/dev/origin-verify']);
  });

  test('dev and prod in one account: no explicit name of one stage is a name of the other', () => {
    const namesOf = (context: Record<string, unknown>) => {
      const { edge, site, data, api, edgeAlarms } = buildApp(context);
      const names: string[] = [];
      for (const stack of [edge, site, data, api, edgeAlarms]) {
        names.push(stack.stackName);
        const resources = Template.fromStack(stack).toJSON().Resources as Record<string, { Type: string; Properties?: Record<string, unknown> }>;
        // An authorizer's name is unique within its own API only, a Lambda alias's within its function.
        for (const r of Object.values(resources).filter((x) => x.Type !== 'AWS::ApiGatewayV2::Authorizer' && x.Type !== 'AWS::Lambda::Alias')) {
          const p = r.Properties ?? {};
          for (const key of ['Name', 'UserPoolName', 'BucketName', 'Domain', 'TableName']) if (p[key] !== undefined) names.push(JSON.stringify(p[key]));
          // CloudFront's account-wide names: functions, key groups, public keys, policies.
          for (const cfg of ['KeyGroupConfig', 'PublicKeyConfig', 'ResponseHeadersPolicyConfig', 'OriginAccessControlConfig', 'CachePolicyConfig']) {
            const name = (p[cfg] as { Name?: unknown } | undefined)?.Name;
            if (name !== undefined) names.push(JSON.stringify(name));
          }
        }
      }
      return names;
    };
    const dev = namesOf({});
    const prod = namesOf(PROD);
    expect(dev.length).toBeGreaterThan(15);
    expect(dev.filter((n) => prod.includes(n))).toEqual([]);
    expect(prod).toEqual(expect.arrayContaining(['"bioscope-users-prod"', '"bioscope/prod/origin-verify"', '"bioscope-prod-site"', 'BioscopeData-prod']));
  });
});

describe('prod refuses placeholders', () => {
  const saved = process.env.CDK_DEFAULT_REGION;
  beforeEach(() => delete process.env.CDK_DEFAULT_REGION);
  afterAll(() => {
    if (saved !== undefined) process.env.CDK_DEFAULT_REGION = saved;
  });

  test('with nothing set: one error naming every missing setting', () => {
    let error: unknown;
    try {
      buildApp({ stage: 'prod', cloudfrontPublicKeyPem: '', googleClientId: 'school.apps.googleusercontent.com' });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(SettingsError);
    const problems = (error as SettingsError).problems;
    const keys = problems.map((p) => p.split(':')[0]).sort();
    expect(keys).toEqual(['alarmEmail', 'cloudfrontPublicKeyPem', 'contactInfo', 'googleClientSecretName', 'mailFrom', 'monthlyBudgetUsd', 'paymobSecretName', 'region'].sort());
    expect((error as Error).message).toMatch(/^Bioscope cannot synthesize stage 'prod' with these settings:\n {2}- /);
    expect((error as Error).message).toContain(PLACEHOLDER_MAIL_FROM);
  });

  test('each setting alone is enough to drop its line, and all of them synthesize (the data stack protected from deletion)', () => {
    // (Without googleClientId there is no Google sign-in, so no secret to name.)
    for (const key of Object.keys(PROD).filter((k) => k !== 'stage' && k !== 'googleClientId')) {
      const { [key]: _left, ...rest } = PROD as Record<string, string>;
      void _left;
      expect([key, problemsOf(rest).map((p) => p.split(':')[0])]).toEqual([key, [key]]);
    }
    const { data, settings } = buildApp(PROD);
    expect(settings).toMatchObject({ stage: 'prod', region: 'eu-west-1', alarmEmail: 'ops@school.eg', monthlyBudgetUsd: 150 });
    expect(data.terminationProtection).toBe(true);
  });

  test('an example.com sender is a placeholder in prod, and dev takes the placeholders with defaults', () => {
    expect(problemsOf({ ...PROD, mailFrom: 'Site <hello@example.com>' }).map((p) => p.split(':')[0])).toEqual(['mailFrom']);
    const dev = settingsOf({});
    expect(dev).toMatchObject({ stage: 'dev', mailFrom: PLACEHOLDER_MAIL_FROM, alarmEmail: undefined, monthlyBudgetUsd: undefined });
  });
});

describe('wrong values fail in any stage', () => {
  test.each([
    [{ stage: 'qa' }, 'stage'],
    [{ alarmEmail: 'not-an-address' }, 'alarmEmail'],
    [{ monthlyBudgetUsd: '-5' }, 'monthlyBudgetUsd'],
    [{ wafAuthLimit: '3' }, 'wafAuthLimit'],
    [{ apiRateLimit: '0' }, 'apiRateLimit'],
    [{ apiRateLimit: '500', apiBurstLimit: '100' }, 'apiBurstLimit'],
    [{ authReservedConcurrency: '-1' }, 'authReservedConcurrency'],
    [{ authReservedConcurrency: '900', paymentsReservedConcurrency: '30' }, 'authReservedConcurrency, paymentsReservedConcurrency'],
    [{ rollout: 'blue-green' }, 'rollout'],
    [{ domainName: 'learn.school.eg' }, 'certificateArn'],
    [{ domainName: 'learn.school.eg', certificateArn: CERT.replace('us-east-1', 'eu-west-1') }, 'certificateArn'],
    [{ domainName: 'learn.school.eg', certificateArn: CERT, hostedZoneId: 'Z123' }, 'hostedZoneId, hostedZoneName'],
    [{ domainName: 'learn.school.eg', certificateArn: CERT, hostedZoneId: 'Z123', hostedZoneName: 'other.eg' }, 'hostedZoneName'],
    [{ contactInfo: '{not json' }, 'contactInfo'],
  ])('%j → %s', (context, key) => {
    expect(problemsOf(context).map((p) => p.split(':')[0])).toEqual([key]);
  });
});

describe('custom domain', () => {
  const DOMAIN = { domainName: 'Learn.School.eg', certificateArn: CERT, hostedZoneId: 'Z0123456789ABC', hostedZoneName: 'school.eg.' };
  const { siteTemplate, dataTemplate, apiTemplate } = synthBioscope({ googleClientId: 'id.apps.googleusercontent.com', ...DOMAIN });
  const config = Object.values(siteTemplate.findResources('AWS::CloudFront::Distribution'))[0]!.Properties.DistributionConfig;

  test('the distribution answers to it with the us-east-1 certificate and TLS 1.2 (2021) at least', () => {
    expect(config.Aliases).toEqual(['learn.school.eg']);
    expect(config.ViewerCertificate).toEqual({ AcmCertificateArn: CERT, SslSupportMethod: 'sni-only', MinimumProtocolVersion: 'TLSv1.2_2021' });
  });

  test('Route 53 alias records (IPv4 and IPv6) in the given zone point at the distribution', () => {
    const records = Object.values(siteTemplate.findResources('AWS::Route53::RecordSet')).map((r) => r.Properties);
    expect(records.map((r) => r.Type).sort()).toEqual(['A', 'AAAA']);
    for (const r of records) {
      expect(r).toMatchObject({ Name: 'learn.school.eg.', HostedZoneId: 'Z0123456789ABC' });
      expect(r.AliasTarget.DNSName).toEqual({ 'Fn::GetAtt': [expect.stringMatching(/^Site/), 'DomainName'] });
    }
  });

  test("the pool's callback and logout URLs, the mails' public URL and the media CORS all use it", () => {
    const web = Object.values(apiTemplate.findResources('AWS::Cognito::UserPoolClient')).find((c) => c.Properties.ClientName === 'bioscope-web')!.Properties;
    expect(web.CallbackURLs).toEqual(['https://learn.school.eg/api/auth/google/callback']);
    expect(web.LogoutURLs).toEqual(['https://learn.school.eg/auth']);
    const fns = Object.values(apiTemplate.findResources('AWS::Lambda::Function')).filter((f) => f.Properties.Environment?.Variables?.PUBLIC_URL);
    expect(fns.length).toBeGreaterThanOrEqual(8);
    for (const f of fns) expect(f.Properties.Environment.Variables.PUBLIC_URL).toBe('https://learn.school.eg');
    const media = Object.entries(dataTemplate.findResources('AWS::S3::Bucket')).find(([id]) => id.startsWith('Media'))![1];
    expect(media.Properties.CorsConfiguration.CorsRules[0].AllowedOrigins).toEqual(['https://learn.school.eg']);
  });

  test('without a hosted zone the operator points DNS themselves: no records, the alias stays', () => {
    const { siteTemplate: noZone } = synthBioscope({ domainName: 'learn.school.eg', certificateArn: CERT });
    noZone.resourceCountIs('AWS::Route53::RecordSet', 0);
    expect(Object.values(noZone.findResources('AWS::CloudFront::Distribution'))[0]!.Properties.DistributionConfig.Aliases).toEqual(['learn.school.eg']);
  });
});
