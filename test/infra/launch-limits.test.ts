/**
 * Ready for a launch night (issue 38, items 9–12): the limits sized for an exam night (stage
 * throttle, WAF per address, reserved concurrency for auth and payments), what the operator sees
 * (JSON access logs, WAF logs, the CloudFront, SES and concurrency alarms), safe rollouts (a `live`
 * alias per function moved by CodeDeploy, rolled back on its errors). Backups: backups.test.ts.
 */
import { ROLLOUT_THRESHOLDS } from '../../infra/constructs/rollouts';
import { THRESHOLDS } from '../../infra/constructs/monitoring';
import { API_ACCESS_LOG } from '../../infra/stacks/site-stack';
import { DOMAINS, ROUTES } from '../../shared/routes';
import { logicalId, synthBioscope, PROD_SETTINGS } from './bioscope-app';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- template JSON

const PROD = PROD_SETTINGS;

const dev = synthBioscope();
const prod = synthBioscope(PROD);
const props = (r: Record<string, Json>) => Object.values(r).map((x) => x.Properties as Json);

describe('limits for an exam night', () => {
  test('the API stage is throttled at the settings (1,500 req/s, burst 3,000 by default), and -c changes it', () => {
    dev.siteTemplate.hasResourceProperties('AWS::ApiGatewayV2::Stage', { DefaultRouteSettings: { ThrottlingRateLimit: 1500, ThrottlingBurstLimit: 3000 } });
    synthBioscope({ apiRateLimit: '800', apiBurstLimit: '1600' }).siteTemplate.hasResourceProperties('AWS::ApiGatewayV2::Stage', {
      DefaultRouteSettings: { ThrottlingRateLimit: 800, ThrottlingBurstLimit: 1600 },
    });
  });

  test('WAF per address: 1,000 sensitive and 20,000 API requests per 5 minutes (hundreds of students behind one NAT)', () => {
    const [acl] = props(dev.edgeTemplate.findResources('AWS::WAFv2::WebACL'));
    const limits = Object.fromEntries((acl!.Rules as Json[]).filter((r) => r.Statement.RateBasedStatement).map((r) => [r.Name, r.Statement.RateBasedStatement.Limit]));
    expect(limits).toEqual({ RateSensitive: 1000, RateApi: 20_000 });
  });

  test('prod reserves 100 concurrent executions for auth and 30 for payments; no other domain function reserves any', () => {
    const reserved = (built: typeof dev) =>
      Object.fromEntries(DOMAINS.map((d) => [d, built.apiTemplate.toJSON().Resources[logicalId(built.api.functions[d].fn)].Properties.ReservedConcurrentExecutions]));
    expect(reserved(prod)).toEqual({ ...Object.fromEntries(DOMAINS.map((d) => [d, undefined])), auth: 100, payments: 30 });
    // Dev reserves nothing: a new account's quota (often 10) has nothing to spare, and dev shares the pool with prod.
    expect(Object.values(reserved(dev)).filter((v) => v !== undefined)).toEqual([]);
    const set = synthBioscope({ authReservedConcurrency: '40', paymentsReservedConcurrency: '10' });
    expect(reserved(set)).toMatchObject({ auth: 40, payments: 10 });
  });
});

describe('what the operator sees', () => {
  test('API access logs: one JSON object per request with the request id, route, status, latencies, integration error and addresses', () => {
    const [stage] = props(dev.siteTemplate.findResources('AWS::ApiGatewayV2::Stage'));
    const format = JSON.parse(stage!.AccessLogSettings.Format as string) as Record<string, string>;
    expect(format).toEqual(API_ACCESS_LOG);
    expect(format).toMatchObject({
      requestId: '$context.requestId',
      routeKey: '$context.routeKey',
      status: '$context.status',
      responseLatency: '$context.responseLatency',
      integrationLatency: '$context.integrationLatency',
      integrationErrorMessage: '$context.integrationErrorMessage',
      // CloudFront's address (the API's caller), named so nobody reads it as the student's.
      edgeIp: '$context.identity.sourceIp',
    });
  });

  test("the /api behaviour forwards every viewer header but Host and runs the function that writes the viewer's address", () => {
    const [dist] = props(dev.siteTemplate.findResources('AWS::CloudFront::Distribution'));
    const api = (dist!.DistributionConfig.CacheBehaviors as Json[]).find((b) => b.PathPattern === '/api/*')!;
    // Managed-AllViewerExceptHostHeader: API Gateway refuses a Host other than its own.
    expect(api.OriginRequestPolicyId).toBe('b689b0a8-53d0-40ab-baf2-68738e2966ac');
    const [fnAssoc] = api.FunctionAssociations as Json[];
    const fnId = (fnAssoc!.FunctionARN['Fn::GetAtt'] as string[])[0]!;
    expect(dev.siteTemplate.toJSON().Resources[fnId].Properties.FunctionCode).toContain('event.viewer.ip');
  });

  test('WAF logs: a log group named aws-waf-logs-… kept three months, Authorization redacted, blocked and counted requests', () => {
    const groups = dev.edgeTemplate.findResources('AWS::Logs::LogGroup', { Properties: { LogGroupName: 'aws-waf-logs-bioscope-dev-site' } });
    const [groupId] = Object.keys(groups);
    expect(groups[groupId!]!.Properties.RetentionInDays).toBe(90);
    const [logging] = props(dev.edgeTemplate.findResources('AWS::WAFv2::LoggingConfiguration'));
    expect(logging!.ResourceArn).toEqual(dev.edge.resolve(dev.edge.webAcl.attrArn));
    expect(JSON.stringify(logging!.LogDestinationConfigs)).toContain(`{"Ref":"${groupId}"}`);
    expect(JSON.stringify(logging!.LogDestinationConfigs)).not.toContain(':*');
    expect(logging!.RedactedFields).toEqual([{ SingleHeader: { Name: 'authorization' } }]);
    expect(logging!.LoggingFilter).toEqual({
      DefaultBehavior: 'DROP',
      Filters: [{ Behavior: 'KEEP', Requirement: 'MEETS_ANY', Conditions: ['BLOCK', 'COUNT', 'EXCLUDED_AS_COUNT'].map((Action) => ({ ActionCondition: { Action } })) }],
    });
    expect(dev.edge.region).toBe('us-east-1');
  });

  test("CloudFront 5xx rate: alarmed in us-east-1 (where CloudFront's metrics are), on this distribution, to a topic there", () => {
    expect(dev.edgeAlarms.region).toBe('us-east-1');
    expect(dev.edgeAlarms.dependencies).toContain(dev.site);
    const [alarm] = props(dev.edgeAlarmsTemplate.findResources('AWS::CloudWatch::Alarm'));
    expect(alarm).toMatchObject({ Threshold: THRESHOLDS.cloudfront5xxPercent, ComparisonOperator: 'GreaterThanOrEqualToThreshold', TreatMissingData: 'notBreaching' });
    const topic = Object.keys(dev.edgeAlarmsTemplate.findResources('AWS::SNS::Topic'))[0]!;
    expect(alarm!.AlarmActions).toEqual([{ Ref: topic }]);
    const metrics = (alarm!.Metrics as Json[]).filter((m) => m.MetricStat);
    expect(metrics.map((m) => [m.MetricStat.Metric.Namespace, m.MetricStat.Metric.MetricName]).sort()).toEqual([['AWS/CloudFront', '5xxErrorRate'], ['AWS/CloudFront', 'Requests']]);
    for (const m of metrics) {
      const dims = JSON.stringify(m.MetricStat.Metric.Dimensions);
      expect(dims).toContain('{"Name":"Region","Value":"Global"}');
      expect(dims).toContain('DistributionId');
    }
    // The subscription is the same operator's.
    prod.edgeAlarmsTemplate.hasResourceProperties('AWS::SNS::Subscription', { Protocol: 'email', Endpoint: 'ops@school.eg' });
  });

  test('SES complaint rate and the account concurrency headroom are alarmed in the api stack', () => {
    const alarms = dev.api.monitoring.alarms;
    const propsOf = (built: typeof dev, name: string) => built.apiTemplate.toJSON().Resources[logicalId(built.api.monitoring.alarms[name]!)].Properties as Json;
    /** A labelled metric is rendered as a one-query Metrics list. */
    const readsOf = (p: Json) => (p.Metrics as Json[])[0]!.MetricStat as Json;
    expect(Object.keys(alarms)).toEqual(expect.arrayContaining(['MailBounceRate', 'MailComplaintRate', 'ConcurrencyHeadroom']));
    const complaint = propsOf(dev, 'MailComplaintRate');
    expect(complaint.Threshold).toBe(0.0005);
    expect(readsOf(complaint)).toEqual({ Metric: { Namespace: 'AWS/SES', MetricName: 'Reputation.ComplaintRate' }, Period: 3600, Stat: 'Maximum' });
    // Well under SES's review thresholds (0.1 % complaints, 5 % bounces).
    expect(THRESHOLDS.mailComplaintRate).toBeLessThan(0.001);
    expect(propsOf(dev, 'MailBounceRate').Threshold).toBeLessThan(0.05);
    // 80 % of the account's default 1,000, on the account-wide metric (no dimension), per minute.
    const headroom = propsOf(dev, 'ConcurrencyHeadroom');
    expect(headroom.Threshold).toBe(800);
    expect(readsOf(headroom)).toEqual({ Metric: { Namespace: 'AWS/Lambda', MetricName: 'ConcurrentExecutions' }, Period: 60, Stat: 'Maximum' });
    const bigger = synthBioscope({ lambdaAccountConcurrency: '3000' });
    expect(propsOf(bigger, 'ConcurrencyHeadroom').Threshold).toBe(2400);
  });
});

describe('safe rollouts', () => {
  const aliasesOf = (built: typeof dev) => built.apiTemplate.findResources('AWS::Lambda::Alias');
  const groupsOf = (built: typeof dev) => built.apiTemplate.findResources('AWS::CodeDeploy::DeploymentGroup');
  const allFunctions = (built: typeof dev) => [...DOMAINS.map((d) => built.api.functions[d]), built.api.videoPipeline.onUpload, built.api.videoPipeline.onTranscodeEvent, built.api.reconcile.job, built.api.weeklyReport.job];

  test('every function has a `live` alias on a published version, updated by CodeDeploy', () => {
    const aliases = aliasesOf(dev);
    expect(Object.keys(aliases)).toHaveLength(allFunctions(dev).length);
    for (const f of allFunctions(dev)) {
      const alias = aliases[logicalId(f.alias)]!;
      expect(alias.Properties).toMatchObject({ Name: 'live', FunctionName: { Ref: logicalId(f.fn) } });
      expect(alias.Properties.FunctionVersion['Fn::GetAtt'][1]).toBe('Version');
      expect(alias.UpdatePolicy.CodeDeployLambdaAliasUpdate).toMatchObject({ ApplicationName: { Ref: expect.any(String) }, DeploymentGroupName: { Ref: expect.any(String) } });
    }
  });

  test('prod: a deployment group per function, canary 10 % for 5 minutes, rolled back on failure and on its alias error alarm', () => {
    const groups = groupsOf(prod);
    expect(Object.keys(groups)).toHaveLength(allFunctions(dev).length);
    const alarms = prod.apiTemplate.toJSON().Resources as Json;
    for (const g of props(groups)) {
      expect(g).toMatchObject({
        DeploymentConfigName: 'CodeDeployDefault.LambdaCanary10Percent5Minutes',
        DeploymentStyle: { DeploymentType: 'BLUE_GREEN', DeploymentOption: 'WITH_TRAFFIC_CONTROL' },
        AutoRollbackConfiguration: { Enabled: true, Events: expect.arrayContaining(['DEPLOYMENT_FAILURE', 'DEPLOYMENT_STOP_ON_ALARM']) },
        AlarmConfiguration: { Enabled: true },
      });
      const [alarmRef] = g.AlarmConfiguration.Alarms as Json[];
      const alarm = alarms[alarmRef!.Name.Ref].Properties as Json;
      expect(alarm).toMatchObject({ MetricName: 'Errors', Namespace: 'AWS/Lambda', Threshold: ROLLOUT_THRESHOLDS.aliasErrors, Period: 60 });
      expect(JSON.stringify(alarm.Dimensions)).toContain('"Name":"Resource"');
    }
    const alarmNames = props(groups).map((g) => g.AlarmConfiguration.Alarms[0].Name.Ref as string);
    expect(new Set(alarmNames).size).toBe(allFunctions(dev).length);
  });

  test('dev goes all at once (a deploy in seconds; 10 % of a few requests proves nothing), and -c rollout=canary changes it', () => {
    for (const g of props(groupsOf(dev))) expect(g.DeploymentConfigName).toBe('CodeDeployDefault.LambdaAllAtOnce');
    for (const g of props(groupsOf(synthBioscope({ rollout: 'canary' })))) expect(g.DeploymentConfigName).toBe('CodeDeployDefault.LambdaCanary10Percent5Minutes');
  });

  test('routes integrate the alias, never $LATEST', () => {
    const integrations = props(dev.apiTemplate.findResources('AWS::ApiGatewayV2::Integration'));
    const domainsUsed = new Set(ROUTES.map((r) => r.domain));
    expect(integrations).toHaveLength(domainsUsed.size);
    const aliasIds = new Set(DOMAINS.map((d) => logicalId(dev.api.functions[d].alias)));
    for (const i of integrations) expect(aliasIds).toContain(i.IntegrationUri.Ref);
  });

  test('event targets (reconcile schedule, uploads, job events) invoke the alias', () => {
    const rules = props(dev.apiTemplate.findResources('AWS::Events::Rule'));
    const aliasIds = new Set(allFunctions(dev).map((f) => logicalId(f.alias)));
    const targets = rules.flatMap((r) => r.Targets as Json[]);
    expect(targets.length).toBeGreaterThanOrEqual(3);
    for (const t of targets.filter((x) => JSON.stringify(x.Arn).includes('Function') || x.Arn.Ref)) expect(aliasIds).toContain(t.Arn.Ref);
    const permissions = props(dev.apiTemplate.findResources('AWS::Lambda::Permission', { Properties: { Principal: 'events.amazonaws.com' } }));
    expect(permissions.length).toBeGreaterThanOrEqual(3);
    for (const p of permissions) expect(aliasIds).toContain(p.FunctionName.Ref);
  });
});
