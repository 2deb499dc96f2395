/**
 * Watching it (issue 15): X-Ray on every domain Lambda, the Monitoring construct's alarms on their
 * metrics with the SNS topic as action, the operator's e-mail subscription, the dashboard and the
 * budget; and least privilege: no action wildcard (no Scan at all: test/infra/no-scan.test.ts).
 */
import { App, Stack } from 'aws-cdk-lib';
import { HttpApi } from 'aws-cdk-lib/aws-apigatewayv2';
import { Match, Template } from 'aws-cdk-lib/assertions';
import { AttributeType, TableV2 } from 'aws-cdk-lib/aws-dynamodb';
import { Code, Function as LambdaFunction, Runtime } from 'aws-cdk-lib/aws-lambda';
import { AwsSolutionsChecks } from 'cdk-nag';
import { Monitoring, THRESHOLDS } from '../../infra/constructs/monitoring';
import { DOMAINS, type Domain } from '../../shared/routes';
import { scratchDir } from '../support/scratch';
import { logicalId, synthBioscope } from './bioscope-app';

type Resource = { Properties: Record<string, any> }; // eslint-disable-line @typescript-eslint/no-explicit-any -- template JSON

/** The construct on a small stack of its own: an HTTP API, a table, two functions. */
function monitoringStack(props: { alarmEmail?: string; monthlyBudgetUsd?: number } = { alarmEmail: 'ops@school.example', monthlyBudgetUsd: 75 }) {
  const app = new App({ outdir: scratchDir('cdk.out-') });
  const stack = new Stack(app, 'BioscopeApi-test');
  const api = new HttpApi(stack, 'Api');
  const table = new TableV2(stack, 'Table', { partitionKey: { name: 'PK', type: AttributeType.STRING } });
  const fn = (id: string) => new LambdaFunction(stack, id, { runtime: Runtime.NODEJS_22_X, handler: 'index.handler', code: Code.fromInline('exports.handler=()=>1') });
  const functions = { payments: fn('Payments'), users: fn('Users') };
  const monitoring = new Monitoring(stack, 'Monitoring', { api, table, functions, ...props });
  return { stack, api, table, functions, monitoring, template: Template.fromStack(stack) };
}

describe('Monitoring construct', () => {
  const { stack, api, table, functions, monitoring, template } = monitoringStack();
  const alarms = template.findResources('AWS::CloudWatch::Alarm') as Record<string, Resource>;
  const alarm = (name: keyof typeof monitoring.alarms) => alarms[logicalId(monitoring.alarms[name]!)]!.Properties;
  const topic = { Ref: logicalId(monitoring.topic) };
  type MetricStat = { Metric: { Namespace: string; MetricName: string; Dimensions?: { Name: string; Value: unknown }[] }; Period: number; Stat: string };
  /** What an alarm reads: its metrics by id (a labelled metric is rendered as a one-metric query), and its expression. */
  const readsOf = (name: keyof typeof monitoring.alarms) => {
    const a = alarm(name);
    const queries = a.Metrics as { Id: string; Expression?: string; MetricStat?: MetricStat }[];
    const stats = queries.filter((q) => q.MetricStat).map((q) => [q.Id, q.MetricStat!] as const);
    return { byId: Object.fromEntries(stats), stats: stats.map(([, st]) => st), expression: queries.find((q) => q.Expression)?.Expression };
  };

  test('nine alarms, each telling the topic when it fires and when it is OK again, quiet without traffic', () => {
    expect(Object.keys(monitoring.alarms).sort()).toEqual(
      ['Api5xxRate', 'ApiLatencyP99', 'LambdaErrors', 'LambdaThrottles', 'MailBounceRate', 'MailComplaintRate', 'PaymentCallbacksRefused', 'TableSystemErrors', 'TableThrottles'].sort(),
    );
    expect(Object.keys(alarms)).toHaveLength(9);
    for (const a of Object.values(alarms)) {
      expect(a.Properties.AlarmActions).toEqual([topic]);
      expect(a.Properties.OKActions).toEqual([topic]);
      expect(a.Properties.TreatMissingData).toBe('notBreaching');
      expect(a.Properties.ComparisonOperator).toBe('GreaterThanOrEqualToThreshold');
    }
  });

  test("API 5xx rate: 5xx ÷ requests of this HTTP API, judged from 20 requests", () => {
    expect(alarm('Api5xxRate').Threshold).toBe(THRESHOLDS.api5xxPercent);
    const { expression, byId } = readsOf('Api5xxRate');
    expect(expression).toBe('IF(requests >= 20, 100 * FILL(errors, 0) / requests, 0)');
    const apiDim = [{ Name: 'ApiId', Value: { Ref: logicalId(api) } }];
    expect(byId.errors).toMatchObject({ Metric: { Namespace: 'AWS/ApiGateway', MetricName: '5xx', Dimensions: apiDim }, Stat: 'Sum' });
    expect(byId.requests).toMatchObject({ Metric: { Namespace: 'AWS/ApiGateway', MetricName: 'Count', Dimensions: apiDim }, Stat: 'Sum' });
  });

  test('API p99 latency over three periods', () => {
    expect(alarm('ApiLatencyP99')).toMatchObject({ Threshold: 3000, EvaluationPeriods: 3 });
    expect(readsOf('ApiLatencyP99').stats).toEqual([
      { Metric: { Namespace: 'AWS/ApiGateway', MetricName: 'Latency', Dimensions: [{ Name: 'ApiId', Value: { Ref: logicalId(api) } }] }, Period: 300, Stat: 'p99' },
    ]);
  });

  test.each([['LambdaErrors', 'Errors'], ['LambdaThrottles', 'Throttles']] as const)('%s: the SUM of every function\'s %s', (name, metricName) => {
    const { expression, stats } = readsOf(name);
    expect(expression).toBe('SUM(FILL(METRICS(), 0))');
    for (const st of stats) expect(st).toMatchObject({ Metric: { Namespace: 'AWS/Lambda', MetricName: metricName }, Stat: 'Sum' });
    expect(stats.map((st) => st.Metric.Dimensions)).toEqual(Object.values(functions).map((f) => [{ Name: 'FunctionName', Value: { Ref: logicalId(f) } }]));
  });

  test.each([['TableThrottles', 'ThrottledRequests'], ['TableSystemErrors', 'SystemErrors']] as const)('%s: the table\'s %s over the operations the Lambdas send', (name, metricName) => {
    const { expression, stats } = readsOf(name);
    expect(expression).toBe('SUM(FILL(METRICS(), 0))');
    expect(stats.length).toBeGreaterThanOrEqual(8);
    expect(stats.length).toBeLessThanOrEqual(10); // CloudWatch's limit for an alarm's math
    for (const st of stats) {
      expect(st).toMatchObject({ Metric: { Namespace: 'AWS/DynamoDB', MetricName: metricName }, Stat: 'Sum' });
      expect(st.Metric.Dimensions).toEqual(expect.arrayContaining([{ Name: 'TableName', Value: { Ref: logicalId(table) } }]));
    }
    const ops = stats.map((st) => st.Metric.Dimensions!.find((d) => d.Name === 'Operation')!.Value);
    expect(ops).toEqual(expect.arrayContaining(['GetItem', 'Query', 'PutItem', 'UpdateItem', 'TransactWriteItems', 'Scan']));
  });

  test('payment callbacks refused: our EMF metric, in the namespace and service the payments Lambda writes', () => {
    expect(alarm('PaymentCallbacksRefused').Threshold).toBe(THRESHOLDS.paymentCallbacksRefused);
    expect(readsOf('PaymentCallbacksRefused').stats).toEqual([
      { Metric: { Namespace: `Bioscope/${stack.stackName}`, MetricName: 'PaymentCallbacksRefused', Dimensions: [{ Name: 'service', Value: 'bioscope-payments' }] }, Period: 900, Stat: 'Sum' },
    ]);
  });

  test("mail bounces: SES's account bounce rate, before SES's 5 % review", () => {
    expect(readsOf('MailBounceRate').stats).toEqual([{ Metric: { Namespace: 'AWS/SES', MetricName: 'Reputation.BounceRate' }, Period: 3600, Stat: 'Maximum' }]);
    expect(alarm('MailBounceRate').Threshold).toBeLessThan(0.05);
  });

  test('the topic mails the operator and takes only TLS', () => {
    template.hasResourceProperties('AWS::SNS::Subscription', { Protocol: 'email', Endpoint: 'ops@school.example', TopicArn: topic });
    template.hasResourceProperties('AWS::SNS::TopicPolicy', {
      PolicyDocument: { Statement: Match.arrayWith([Match.objectLike({ Effect: 'Deny', Condition: { Bool: { 'aws:SecureTransport': 'false' } } })]) },
    });
  });

  test('the dashboard shows every alarm and the same figures', () => {
    const [dash] = Object.values(template.findResources('AWS::CloudWatch::Dashboard'));
    const body = JSON.stringify(stack.resolve(dash!.Properties.DashboardBody));
    for (const a of Object.values(monitoring.alarms)) expect(body).toContain(logicalId(a));
    for (const metric of ['5xx', 'Latency', 'Errors', 'Throttles', 'ThrottledRequests', 'SystemErrors', 'PaymentCallbacksRefused', 'Reputation.BounceRate']) {
      expect(body).toMatch(new RegExp(`[^\\w.]${metric.replace('.', '\\.')}\\\\`));
    }
  });

  test('a monthly cost budget at the amount, telling the same e-mail at 80 % spent and 100 % forecast', () => {
    template.hasResourceProperties('AWS::Budgets::Budget', {
      Budget: { BudgetType: 'COST', TimeUnit: 'MONTHLY', BudgetLimit: { Amount: 75, Unit: 'USD' }, BudgetName: 'BioscopeApi-test-monthly' },
      NotificationsWithSubscribers: [
        { Notification: { NotificationType: 'ACTUAL', ComparisonOperator: 'GREATER_THAN', Threshold: 80, ThresholdType: 'PERCENTAGE' }, Subscribers: [{ SubscriptionType: 'EMAIL', Address: 'ops@school.example' }] },
        { Notification: { NotificationType: 'FORECASTED', ComparisonOperator: 'GREATER_THAN', Threshold: 100, ThresholdType: 'PERCENTAGE' }, Subscribers: [{ SubscriptionType: 'EMAIL', Address: 'ops@school.example' }] },
      ],
    });
  });

  test('without an e-mail or an amount: alarms and dashboard, no subscriber, no budget', () => {
    const bare = monitoringStack({}).template;
    bare.resourceCountIs('AWS::CloudWatch::Alarm', 9);
    bare.resourceCountIs('AWS::SNS::Subscription', 0);
    bare.resourceCountIs('AWS::Budgets::Budget', 0);
  });

  test('cdk-nag finds nothing unacknowledged', () => {
    const violations = new AwsSolutionsChecks().validateScope(stack).violations.filter((v) => v.violatingResources.some((r) => String((r as { constructPath?: string }).constructPath).includes('/Monitoring/')));
    expect(violations.map((v) => v.ruleName)).toEqual([]);
  });
});

describe('in the app', () => {
  test("the api stack's Monitoring watches its HttpApi, its eight functions and the data stack's table, for the settings' e-mail and amount", () => {
    const { api, data, apiTemplate } = synthBioscope({ alarmEmail: 'teacher@school.example', monthlyBudgetUsd: '120' });
    const m = api.monitoring;
    apiTemplate.hasResourceProperties('AWS::SNS::Subscription', { Protocol: 'email', Endpoint: 'teacher@school.example', TopicArn: { Ref: logicalId(m.topic) } });
    apiTemplate.hasResourceProperties('AWS::Budgets::Budget', { Budget: Match.objectLike({ BudgetLimit: { Amount: 120, Unit: 'USD' }, BudgetName: `${api.stackName}-monthly` }) });
    apiTemplate.resourceCountIs('AWS::CloudWatch::Dashboard', 1);
    const props = (name: string) => apiTemplate.findResources('AWS::CloudWatch::Alarm')[logicalId(m.alarms[name]!)]!.Properties;
    const text = (name: string) => JSON.stringify(props(name));
    expect(JSON.parse(text('LambdaErrors')).Metrics.filter((q: { MetricStat?: unknown }) => q.MetricStat)).toHaveLength(DOMAINS.length);
    for (const domain of DOMAINS) expect(text('LambdaErrors')).toContain(logicalId(api.functions[domain].fn));
    // The table and the API live in other stacks (weak references: their names arrive as stack outputs).
    expect(text('TableThrottles')).toContain(data.stackName);
    expect(text('Api5xxRate')).toContain('ApiId');
    expect(text('PaymentCallbacksRefused')).toContain(`Bioscope/${api.stackName}`);
  });
});

describe('the domain Lambdas', () => {
  const { api, apiTemplate } = synthBioscope();
  const fnOf = (domain: Domain) => apiTemplate.findResources('AWS::Lambda::Function')[logicalId(api.functions[domain].fn)]!.Properties;
  const statements = (domain: Domain) => {
    const roleId = logicalId(api.functions[domain].fn.role!);
    const policies = apiTemplate.findResources('AWS::IAM::Policy', { Properties: { Roles: Match.arrayWith([{ Ref: roleId }]) } });
    return Object.values(policies).flatMap((p) => p.Properties.PolicyDocument.Statement as { Action: string | string[]; Resource: unknown }[]);
  };
  const actions = (domain: Domain) => new Set(statements(domain).flatMap((s) => [s.Action].flat()));

  test.each(DOMAINS)('%s: X-Ray active tracing, and the metrics namespace of this stack', (domain) => {
    expect(fnOf(domain).TracingConfig).toEqual({ Mode: 'Active' });
    expect(fnOf(domain).Environment.Variables.POWERTOOLS_METRICS_NAMESPACE).toBe(`Bioscope/${api.stackName}`);
    expect([...actions(domain)]).toEqual(expect.arrayContaining(['xray:PutTraceSegments', 'xray:PutTelemetryRecords']));
  });

  test('no action of any domain role is a wildcard', () => {
    for (const domain of DOMAINS) for (const a of actions(domain)) expect(a).not.toMatch(/\*/);
  });

  test('the pool actions of users are the ones its code sends; catalogue writes media but deletes none', () => {
    const pool = (d: Domain) => [...actions(d)].filter((a) => a.startsWith('cognito-idp:')).sort();
    expect(pool('users')).toEqual(['cognito-idp:AdminDeleteUser', 'cognito-idp:AdminDisableUser', 'cognito-idp:AdminEnableUser', 'cognito-idp:AdminInitiateAuth', 'cognito-idp:AdminSetUserPassword']);
    expect(actions('catalogue').has('s3:PutObject')).toBe(true);
    expect(actions('catalogue').has('s3:DeleteObject')).toBe(false);
    expect(actions('quizzes').has('s3:DeleteObject')).toBe(true);
  });
});
