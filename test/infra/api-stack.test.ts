import { Match } from 'aws-cdk-lib/assertions';
import { DOMAINS, ROUTES, type Domain } from '../../shared/routes';
import { USER_POOL } from '../../infra/definitions/user-pool';
import { logicalId, synthBioscope } from './bioscope-app';

const { api, data, apiTemplate, siteTemplate } = synthBioscope();

interface Statement {
  Action: string | string[];
  Resource: unknown;
  Effect: string;
}

/** Every statement of the policies attached to a domain function's role. */
function statementsOf(domain: Domain): Statement[] {
  const roleId = logicalId(api.functions[domain].fn.role!);
  const policies = apiTemplate.findResources('AWS::IAM::Policy', {
    Properties: { Roles: Match.arrayWith([{ Ref: roleId }]) },
  });
  return Object.values(policies).flatMap((p) => p.Properties.PolicyDocument.Statement as Statement[]);
}
const actionsOf = (domain: Domain) => new Set(statementsOf(domain).flatMap((s) => [s.Action].flat()));
/** Actions a domain may take on resources whose template text mentions `needle`. */
const actionsOn = (domain: Domain, needle: string) =>
  new Set(statementsOf(domain).filter((s) => JSON.stringify(s.Resource).includes(needle)).flatMap((s) => [s.Action].flat()));
const domainsWith = (action: string) => DOMAINS.filter((d) => actionsOf(d).has(action));

describe('HTTP API routes', () => {
  const routes = apiTemplate.findResources('AWS::ApiGatewayV2::Route');
  const integrations = apiTemplate.findResources('AWS::ApiGatewayV2::Integration');
  const byKey = new Map(Object.values(routes).map((r) => [r.Properties.RouteKey as string, r.Properties]));

  test('one route per route-table row, no others', () => {
    expect(Object.keys(routes)).toHaveLength(ROUTES.length);
  });

  test.each(ROUTES.map((r) => [r.id, r] as const))('%s', (_, route) => {
    const props = byKey.get(`${route.method} ${route.path}`);
    expect(props).toBeDefined();
    expect(props.AuthorizationType).toBe(route.access === 'public' ? 'NONE' : 'JWT');
    if (route.access !== 'public') expect(props.AuthorizerId).toBeDefined();
    // integrations/<id> → the integration → the domain's function, by its live alias
    const integrationId = JSON.stringify(props.Target).match(/"Ref":"(\w+)"/)![1]!;
    expect(integrations[integrationId]!.Properties.IntegrationUri).toEqual({ Ref: logicalId(api.functions[route.domain].alias) });
  });

  test("the JWT authorizer trusts the pool and its two app clients (the server's and the hosted UI's)", () => {
    apiTemplate.hasResourceProperties('AWS::ApiGatewayV2::Authorizer', {
      AuthorizerType: 'JWT',
      IdentitySource: ['$request.header.Authorization'],
      JwtConfiguration: { Audience: [{ Ref: Match.stringLikeRegexp('^ServerClient') }, { Ref: Match.stringLikeRegexp('^WebClient') }] },
    });
    const [authorizer] = Object.values(apiTemplate.findResources('AWS::ApiGatewayV2::Authorizer'));
    const issuer = JSON.stringify(authorizer!.Properties.JwtConfiguration.Issuer);
    expect(issuer).toMatch(/https:\/\/cognito-idp\..*amazonaws\.com\//);
    expect(issuer).toContain(logicalId(data.userPool));
  });

  test('the default stage is throttled (1,500 requests/s, bursts of 3,000) and logs access', () => {
    siteTemplate.hasResourceProperties('AWS::ApiGatewayV2::Stage', {
      StageName: '$default',
      AutoDeploy: true,
      DefaultRouteSettings: { ThrottlingRateLimit: 1500, ThrottlingBurstLimit: 3000 },
      AccessLogSettings: Match.objectLike({ DestinationArn: Match.anyValue() }),
    });
  });
});

describe('domain Lambdas', () => {
  test('one per domain, no other Node.js function of ours', () => {
    const ours = apiTemplate.findResources('AWS::Lambda::Function', {
      Properties: { Description: Match.stringLikeRegexp('^Bioscope .* routes$') },
    });
    expect(Object.keys(ours)).toHaveLength(DOMAINS.length);
  });

  test.each(DOMAINS)('%s: arm64, Node 22, 512 MB, own log group, environment (no source maps at run time)', (domain) => {
    const id = logicalId(api.functions[domain].fn);
    const fn = apiTemplate.findResources('AWS::Lambda::Function')[id]!.Properties;
    expect(fn).toMatchObject({
      Architectures: ['arm64'],
      Runtime: 'nodejs22.x',
      MemorySize: 512,
      Handler: 'index.handler',
      Description: `Bioscope ${domain} routes`,
      LoggingConfig: { LogGroup: { Ref: expect.stringMatching(/Logs/) } },
    });
    expect(fn.Timeout).toBeLessThanOrEqual(20);
    expect(fn.Environment.Variables.NODE_OPTIONS).toBeUndefined();
    expect(fn.Environment.Variables).toMatchObject({
      MEDIA_URLS: 'cloudfront',
      MAIL_TRANSPORT: 'ses',
      CLOUDFRONT_PRIVATE_KEY_SECRET: 'bioscope/dev/cloudfront-private-key',
      PAYMOB_SECRET_NAME: 'bioscope/dev/paymob',
      POWERTOOLS_SERVICE_NAME: `bioscope-${domain}`,
      LOG_LEVEL: 'INFO',
    });
    for (const name of ['TABLE_NAME', 'MEDIA_BUCKET', 'USER_POOL_ID', 'USER_POOL_CLIENT_ID', 'HOSTED_UI_CLIENT_ID', 'COGNITO_DOMAIN', 'PUBLIC_URL', 'CLOUDFRONT_KEY_PAIR_ID', 'MAIL_FROM', 'CONTACT_INFO']) {
      expect(fn.Environment.Variables[name]).toBeDefined();
    }
  });

  test('log groups keep a month', () => {
    for (const domain of DOMAINS) {
      const logGroupId = logicalId(api.functions[domain].fn.logGroup);
      expect(apiTemplate.findResources('AWS::Logs::LogGroup')[logGroupId]!.Properties.RetentionInDays).toBe(30);
    }
  });
});

describe('least privilege', () => {
  test('no statement of a domain Lambda has Resource "*" (but X-Ray\'s, which has no resource) or a managed policy', () => {
    for (const domain of DOMAINS) {
      for (const s of statementsOf(domain)) {
        if (s.Resource === '*') expect([s.Action].flat().sort()).toEqual(['xray:PutTelemetryRecords', 'xray:PutTraceSegments']);
      }
      const role = apiTemplate.findResources('AWS::IAM::Role')[logicalId(api.functions[domain].fn.role!)]!;
      expect(role.Properties.ManagedPolicyArns).toBeUndefined();
    }
  });

  test('health only probes: DescribeTable, HeadBucket, DescribeUserPool', () => {
    expect([...actionsOf('health')].sort()).toEqual(
      ['cognito-idp:DescribeUserPool', 'dynamodb:DescribeTable', 'logs:CreateLogStream', 'logs:PutLogEvents', 's3:ListBucket', 'xray:PutTelemetryRecords', 'xray:PutTraceSegments'].sort(),
    );
    expect(actionsOf('health').has('dynamodb:PutItem')).toBe(false);
  });

  test('every other domain reads and writes the table and queries its named indexes only', () => {
    const table = logicalId(data.table);
    for (const domain of DOMAINS.filter((d) => d !== 'health')) {
      for (const a of ['dynamodb:GetItem', 'dynamodb:PutItem', 'dynamodb:Query', 'dynamodb:UpdateItem', 'dynamodb:DeleteItem']) {
        expect(actionsOn(domain, table).has(a)).toBe(true);
      }
      expect(JSON.stringify(statementsOf(domain))).not.toContain('/index/*');
      expect(JSON.stringify(statementsOf(domain))).toContain('/index/byParent');
    }
  });

  test("only auth creates users; only auth and payments (a paid order's receipt) send mail; only users disables them; only auth and users touch the pool", () => {
    expect(domainsWith('cognito-idp:AdminCreateUser')).toEqual(['auth']);
    expect(domainsWith('ses:SendEmail')).toEqual(['auth', 'payments']);
    expect(domainsWith('cognito-idp:AdminDisableUser')).toEqual(['users']);
    expect(domainsWith('cognito-idp:AdminDeleteUser')).toEqual(['auth', 'users']);
    expect(DOMAINS.filter((d) => [...actionsOf(d)].some((a) => a.startsWith('cognito-idp:Admin')))).toEqual(['auth', 'users']);
    for (const domain of ['auth', 'users'] as const) {
      const pool = logicalId(data.userPool);
      const poolActions = statementsOf(domain).filter((s) => [s.Action].flat().some((a) => a.startsWith('cognito-idp:')));
      for (const s of poolActions) expect(JSON.stringify(s.Resource)).toContain(pool);
    }
  });

  test('SES sending is scoped to the sender identities', () => {
    const ses = statementsOf('auth').find((s) => [s.Action].flat().includes('ses:SendEmail'))!;
    expect(JSON.stringify(ses.Resource)).toContain('identity/example.com');
    expect(JSON.stringify(ses.Resource)).toContain('identity/no-reply@example.com');
  });

  test('only payments reads the Paymob keys; only catalogue reads the video signing key', () => {
    const readers = (secret: string) => DOMAINS.filter((d) => actionsOn(d, secret).has('secretsmanager:GetSecretValue'));
    expect(readers(':secret:bioscope/dev/paymob-')).toEqual(['payments']);
    expect(readers(':secret:bioscope/dev/cloudfront-private-key-')).toEqual(['catalogue']);
  });

  test('only catalogue and quizzes write media; quizzes only under images/', () => {
    expect(domainsWith('s3:PutObject')).toEqual(['catalogue', 'quizzes']);
    const put = (domain: Domain) => statementsOf(domain).find((s) => [s.Action].flat().includes('s3:PutObject'))!;
    expect(JSON.stringify(put('catalogue').Resource)).toMatch(/bioscope-dev-media-.*\/\*"\]\]\}$/);
    expect(JSON.stringify(put('quizzes').Resource)).toContain('/images/*');
  });
});

describe('CloudFront', () => {
  const [dist] = Object.values(siteTemplate.findResources('AWS::CloudFront::Distribution'));
  const config = dist!.Properties.DistributionConfig;
  const behavior = (pattern: string) => config.CacheBehaviors.find((b: { PathPattern: string }) => b.PathPattern === pattern);

  test('/api/* goes uncached to the HTTP API with every viewer header but Host, all methods', () => {
    expect(behavior('/api/*')).toMatchObject({
      CachePolicyId: '4135ea2d-6df8-44a3-9df3-4b5a84be39ad', // Managed-CachingDisabled
      OriginRequestPolicyId: 'b689b0a8-53d0-40ab-baf2-68738e2966ac', // Managed-AllViewerExceptHostHeader
      AllowedMethods: expect.arrayContaining(['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']),
      ViewerProtocolPolicy: 'https-only',
    });
    const origin = config.Origins.find((o: { Id: string }) => o.Id === behavior('/api/*').TargetOriginId);
    expect(JSON.stringify(origin.DomainName)).toContain('execute-api');
    expect(origin.CustomOriginConfig.OriginProtocolPolicy).toBe('https-only');
  });

  test('/media/images/* is public, the rest of /media/* needs a signed URL from the key group', () => {
    const patterns = config.CacheBehaviors.map((b: { PathPattern: string }) => b.PathPattern);
    expect(patterns.indexOf('/media/images/*')).toBeLessThan(patterns.indexOf('/media/*'));
    expect(behavior('/media/images/*').TrustedKeyGroups).toBeUndefined();
    expect(behavior('/media/*').TrustedKeyGroups).toEqual([{ Ref: expect.stringMatching(/^VideoKeyGroup/) }]);
    siteTemplate.resourceCountIs('AWS::CloudFront::KeyGroup', 1);
    siteTemplate.resourceCountIs('AWS::CloudFront::PublicKey', 1);
    for (const p of ['/media/images/*', '/media/*']) {
      expect(behavior(p).FunctionAssociations).toEqual([
        expect.objectContaining({ EventType: 'viewer-request', FunctionARN: { 'Fn::GetAtt': [expect.stringMatching(/^StripMediaPrefix/), 'FunctionARN'] } }),
      ]);
    }
  });

  test('media and web origins use Origin Access Control; the web bucket is private', () => {
    const s3Origins = config.Origins.filter((o: { S3OriginConfig?: unknown }) => o.S3OriginConfig);
    expect(s3Origins).toHaveLength(2);
    for (const o of s3Origins) expect(o.OriginAccessControlId).toBeDefined();
    siteTemplate.hasResourceProperties('AWS::S3::Bucket', {
      PublicAccessBlockConfiguration: { BlockPublicAcls: true, BlockPublicPolicy: true, IgnorePublicAcls: true, RestrictPublicBuckets: true },
      LoggingConfiguration: Match.objectLike({ LogFilePrefix: 'web/' }),
    });
  });

  test('the SPA rewrite sends extension-less paths to /index.html and nothing else is an error page', () => {
    // Error responses only set how long an error is kept: no page replaces the API's or a bucket's answer.
    for (const e of config.CustomErrorResponses ?? []) expect(Object.keys(e).sort()).toEqual(['ErrorCachingMinTTL', 'ErrorCode']);
    expect(config.DefaultCacheBehavior.FunctionAssociations).toEqual([
      expect.objectContaining({ EventType: 'viewer-request', FunctionARN: { 'Fn::GetAtt': [expect.stringMatching(/^SpaRewrite/), 'FunctionARN'] } }),
    ]);
    const [, spa] = Object.entries(siteTemplate.findResources('AWS::CloudFront::Function')).find(([id]) => id.startsWith('SpaRewrite'))!;
    expect(spa.Properties.FunctionCode).toContain("'/index.html'");
  });

  test('HTTPS, security headers and logging everywhere', () => {
    expect(config.DefaultCacheBehavior.ViewerProtocolPolicy).toBe('redirect-to-https');
    for (const b of [config.DefaultCacheBehavior, ...config.CacheBehaviors]) {
      expect(b.ResponseHeadersPolicyId).toEqual({ Ref: expect.stringMatching(/^SecurityHeaders/) }); // ours: test/infra/security-headers.test.ts
      expect(b.ViewerProtocolPolicy).not.toBe('allow-all');
    }
    expect(config.Logging).toMatchObject({ Bucket: expect.anything(), Prefix: 'cloudfront/' });
  });
});

describe("the pool's app clients (issue 13, items 1 and 3)", () => {
  const clients = apiTemplate.findResources('AWS::Cognito::UserPoolClient');
  const byName = (name: string) => Object.values(clients).find((c) => c.Properties.ClientName === name)!.Properties;
  const PASSWORD_FLOWS = ['ALLOW_USER_PASSWORD_AUTH', 'ALLOW_USER_SRP_AUTH', 'ALLOW_USER_AUTH', 'ALLOW_CUSTOM_AUTH'];

  test('two clients, neither with a secret: the hosted UI\'s and the server\'s', () => {
    expect(Object.values(clients).map((c) => c.Properties.ClientName).sort()).toEqual(['bioscope-server', 'bioscope-web']);
    for (const c of Object.values(clients)) expect(c.Properties.GenerateSecret).toBe(false);
  });

  test("the hosted UI's client (public id): Google only, the code flow only, no flow that takes a password", () => {
    const web = byName(USER_POOL.clients.hostedUi.name);
    expect(web).toMatchObject({
      ExplicitAuthFlows: ['ALLOW_REFRESH_TOKEN_AUTH'],
      AllowedOAuthFlows: ['code'],
      AllowedOAuthFlowsUserPoolClient: true,
      SupportedIdentityProviders: ['Google'],
    });
    // The site's origin: the site stack's distribution domain (a weak reference: its stack output).
    const [url] = web.CallbackURLs as [{ 'Fn::Join': [string, unknown[]] }];
    expect(url['Fn::Join'][1]).toEqual([
      'https://',
      { 'Fn::GetStackOutput': expect.objectContaining({ StackName: 'BioscopeSite-dev', OutputName: expect.stringContaining(`${logicalId(api.distribution)}DomainName`) }) },
      '/api/auth/google/callback',
    ]);
    expect(web.AllowedOAuthScopes).toEqual(expect.arrayContaining(['openid', 'email', 'profile']));
  });

  test("the server's client: ADMIN_USER_PASSWORD_AUTH (needs IAM) and refresh only, no OAuth, no public password flow", () => {
    const server = byName(USER_POOL.clients.server.name);
    expect(server.ExplicitAuthFlows).toEqual(['ALLOW_ADMIN_USER_PASSWORD_AUTH', 'ALLOW_REFRESH_TOKEN_AUTH']);
    expect(server.AllowedOAuthFlowsUserPoolClient).toBe(false);
    expect(server.AllowedOAuthFlows).toBeUndefined();
    expect(server.SupportedIdentityProviders).toEqual(['COGNITO']);
  });

  test('no client allows a password flow a client id alone can use', () => {
    for (const c of Object.values(clients)) {
      // Unset would mean Cognito's default: SRP and custom auth.
      expect(c.Properties.ExplicitAuthFlows).toBeDefined();
      for (const flow of PASSWORD_FLOWS) expect(c.Properties.ExplicitAuthFlows).not.toContain(flow);
    }
  });

  test('the clients are built from the definition the local Cognito gate enforces', () => {
    for (const def of Object.values(USER_POOL.clients)) expect(byName(def.name).ExplicitAuthFlows).toEqual([...def.explicitAuthFlows]);
  });

  test('the Lambdas sign in with the server client; the Google flow uses the hosted UI client; the authorizer accepts both', () => {
    const ref = (name: string) => ({ Ref: Object.entries(clients).find(([, c]) => c.Properties.ClientName === name)![0] });
    const vars = apiTemplate.findResources('AWS::Lambda::Function', { Properties: { Environment: { Variables: Match.objectLike({ USER_POOL_CLIENT_ID: Match.anyValue() }) } } });
    for (const fn of Object.values(vars)) {
      expect(fn.Properties.Environment.Variables.USER_POOL_CLIENT_ID).toEqual(ref('bioscope-server'));
      expect(fn.Properties.Environment.Variables.HOSTED_UI_CLIENT_ID).toEqual(ref('bioscope-web'));
    }
    const [authorizer] = Object.values(apiTemplate.findResources('AWS::ApiGatewayV2::Authorizer'));
    expect(authorizer!.Properties.JwtConfiguration.Audience).toEqual([ref('bioscope-server'), ref('bioscope-web')]);
  });

  test('only the auth and users Lambdas may check a password (AdminInitiateAuth), on the pool only', () => {
    expect(domainsWith('cognito-idp:AdminInitiateAuth')).toEqual(['auth', 'users']);
    for (const domain of ['auth', 'users'] as const) {
      const s = statementsOf(domain).find((st) => [st.Action].flat().includes('cognito-idp:AdminInitiateAuth'))!;
      expect(JSON.stringify(s.Resource)).toContain(logicalId(data.userPool));
    }
    expect(domainsWith('cognito-idp:InitiateAuth')).toEqual([]);
  });

  test("only the auth Lambda may answer the admin's authenticator challenge (AdminRespondToAuthChallenge)", () => {
    expect(domainsWith('cognito-idp:AdminRespondToAuthChallenge')).toEqual(['auth']);
  });
});

describe('payments', () => {
  test('the Paymob webhook and the browser return are public; intention and sales need a session', () => {
    const routes = apiTemplate.findResources('AWS::ApiGatewayV2::Route');
    const auth = (key: string) => Object.values(routes).find((r) => r.Properties.RouteKey === key)!.Properties.AuthorizationType;
    expect(auth('POST /api/payments/paymob/webhook')).toBe('NONE');
    expect(auth('GET /api/payments/paymob/return')).toBe('NONE');
    expect(auth('POST /api/user/payment-intention/{lectureId}')).toBe('JWT');
    expect(auth('GET /api/payments/sales')).toBe('JWT');
  });
});

describe('the parents domain (docs/parents.md)', () => {
  const PARENT_ROUTES = [
    'POST /api/user/parent-invite',
    'POST /api/parent/children',
    'GET /api/parent/children',
    'GET /api/parent/children/{studentId}/report',
    'GET /api/parent/settings',
    'PATCH /api/parent/settings',
    'GET /api/admin/users/{userId}/parents',
    'DELETE /api/admin/users/{userId}/parents/{parentId}',
  ];

  test('a Lambda of its own that touches the table only: no pool, no mail, no secret, no media', () => {
    const fn = apiTemplate.findResources('AWS::Lambda::Function')[logicalId(api.functions.parents.fn)]!.Properties;
    expect(fn.Description).toBe('Bioscope parents routes');
    expect([...actionsOf('parents')].filter((a) => !/^(dynamodb|logs|xray):/.test(a))).toEqual([]);
    expect([...actionsOn('parents', logicalId(data.table))]).toEqual(expect.arrayContaining(['dynamodb:GetItem', 'dynamodb:Query', 'dynamodb:PutItem', 'dynamodb:UpdateItem', 'dynamodb:DeleteItem']));
  });

  test('its routes need the JWT and reach its alias', () => {
    const integrations = apiTemplate.findResources('AWS::ApiGatewayV2::Integration');
    const alias = { Ref: logicalId(api.functions.parents.alias) };
    const parentIntegrations = Object.entries(integrations).filter(([, i]) => JSON.stringify(i.Properties.IntegrationUri) === JSON.stringify(alias)).map(([id]) => id);
    expect(parentIntegrations).toHaveLength(1);
    const routes = Object.values(apiTemplate.findResources('AWS::ApiGatewayV2::Route')).filter((r) => JSON.stringify(r.Properties.Target).includes(parentIntegrations[0]!));
    expect(routes.map((r) => r.Properties.RouteKey).sort()).toEqual([...PARENT_ROUTES].sort());
    for (const r of routes) expect(r.Properties.AuthorizationType).toBe('JWT');
  });
});
