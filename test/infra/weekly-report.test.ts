/**
 * The weekly report's AWS resources (issue 43 item 4): its own Lambda (15 minutes, one run at a time,
 * the table, SES and the WhatsApp secret only), an EventBridge Scheduler schedule every Friday 18:00
 * Cairo time that targets it with retries and a dead-letter queue alarmed to the operator, and the
 * WhatsApp secret the operator makes (read by name, made by no stack; of the route Lambdas only payments
 * reads it, for a student's payment confirmed).
 */
import { Match } from 'aws-cdk-lib/assertions';
import { DOMAINS } from '../../shared/routes';
import { logicalId, synthBioscope } from './bioscope-app';

const built = synthBioscope();
const { api, apiTemplate } = built;
type Resource = { Properties: Record<string, any> }; // eslint-disable-line @typescript-eslint/no-explicit-any -- template JSON

const job = () => api.weeklyReport.job.fn;
const fnResource = () => (apiTemplate.findResources('AWS::Lambda::Function') as Record<string, Resource>)[logicalId(job())]!.Properties;
const actionsOf = (roleId: string) => {
  const policies = apiTemplate.findResources('AWS::IAM::Policy', { Properties: { Roles: Match.arrayWith([{ Ref: roleId }]) } }) as Record<string, Resource>;
  return Object.values(policies).flatMap((p) => p.Properties.PolicyDocument.Statement as { Action: string | string[]; Resource: unknown }[]);
};

describe('the weekly report job', () => {
  test('is a function of its own: 15 minutes, reserved concurrency 1, the run-weekly-report bundle, the WhatsApp secret by name', () => {
    expect(fnResource()).toMatchObject({ Timeout: 900, ReservedConcurrentExecutions: 1, Handler: 'index.handler' });
    const env = fnResource().Environment.Variables as Record<string, unknown>;
    expect(env).toMatchObject({ POWERTOOLS_SERVICE_NAME: 'bioscope-reports', WHATSAPP_SECRET_NAME: 'bioscope/dev/whatsapp', MAIL_TRANSPORT: 'ses' });
    expect(Object.keys(env)).toEqual(expect.arrayContaining(['TABLE_NAME', 'PUBLIC_URL', 'MAIL_FROM', 'DEVICE_COOKIE_SECRET']));
  });

  test('may touch the table (no Scan), send mail and read the WhatsApp secret, nothing else', () => {
    const statements = actionsOf(logicalId(job().role!));
    const actions = new Set(statements.flatMap((s) => [s.Action].flat()));
    expect([...actions].filter((a) => !a.startsWith('dynamodb:') && !a.startsWith('logs:') && !a.startsWith('xray:')).sort()).toEqual([
      'secretsmanager:DescribeSecret',
      'secretsmanager:GetSecretValue',
      'ses:SendEmail',
    ]);
    expect(actions.has('dynamodb:Scan')).toBe(false);
    const secretRead = statements.find((s) => [s.Action].flat().includes('secretsmanager:GetSecretValue'))!;
    expect(JSON.stringify(secretRead.Resource)).toContain(':secret:bioscope/dev/whatsapp-??????');
  });

  test('a schedule every Friday at 18:00 Africa/Cairo targets its alias, retrying twice, with a dead-letter queue', () => {
    apiTemplate.hasResourceProperties('AWS::Scheduler::Schedule', {
      ScheduleExpression: 'cron(0 18 ? * FRI *)',
      ScheduleExpressionTimezone: 'Africa/Cairo',
      State: 'ENABLED',
      FlexibleTimeWindow: { Mode: 'OFF' },
      Target: Match.objectLike({
        Arn: { Ref: logicalId(api.weeklyReport.job.alias) },
        RetryPolicy: Match.objectLike({ MaximumRetryAttempts: 2 }),
        DeadLetterConfig: { Arn: { 'Fn::GetAtt': [logicalId(api.weeklyReport.deadLetters), 'Arn'] } },
      }),
    });
    expect(Object.keys(apiTemplate.findResources('AWS::Scheduler::Schedule'))).toHaveLength(1);
  });

  test('the dead-letter queue: SQS-managed encryption, 14 days, and its alarm writes to the operator topic', () => {
    const queue = (apiTemplate.findResources('AWS::SQS::Queue') as Record<string, Resource>)[logicalId(api.weeklyReport.deadLetters)]!.Properties;
    expect(queue).toMatchObject({ SqsManagedSseEnabled: true, MessageRetentionPeriod: 14 * 86_400 });
    const alarm = (apiTemplate.findResources('AWS::CloudWatch::Alarm') as Record<string, Resource>)[logicalId(api.weeklyReport.deadLetterAlarm)]!.Properties;
    expect(alarm).toMatchObject({ MetricName: 'ApproximateNumberOfMessagesVisible', Threshold: 1, AlarmActions: [{ Ref: logicalId(api.monitoring.topic) }] });
  });
});

describe('the WhatsApp secret', () => {
  test('no stack makes it; the operator names it (default bioscope/<stage>/whatsapp); of the route Lambdas only payments reads it (a payment confirmed)', () => {
    for (const t of [built.dataTemplate, apiTemplate]) {
      expect(Object.values(t.findResources('AWS::SecretsManager::Secret')).map((r) => r.Properties.Name as string)).not.toContain('bioscope/dev/whatsapp');
    }
    for (const domain of DOMAINS) {
      const reads = actionsOf(logicalId(api.functions[domain].fn.role!)).some((s) => JSON.stringify(s.Resource).includes('whatsapp'));
      expect({ domain, reads }).toEqual({ domain, reads: domain === 'payments' });
    }
    const payments = (apiTemplate.findResources('AWS::Lambda::Function') as Record<string, Resource>)[logicalId(api.functions.payments.fn)]!.Properties.Environment.Variables;
    expect(payments.WHATSAPP_SECRET_NAME).toBe('bioscope/dev/whatsapp');
    const custom = synthBioscope({ whatsappSecretName: 'school/whatsapp' });
    const env = (custom.apiTemplate.findResources('AWS::Lambda::Function') as Record<string, Resource>)[logicalId(custom.api.weeklyReport.job.fn)]!.Properties.Environment.Variables;
    expect(env.WHATSAPP_SECRET_NAME).toBe('school/whatsapp');
  });
});
