/**
 * The payments reconciliation as a job of its own (issue 38 item 7): its Lambda (90 s, one run at a
 * time, only the table and the Paymob keys), the 5-minute schedule that targets it with a dead-letter
 * queue, the alarms on a dead letter and on runs that stop finishing, and the sparse index of pending
 * orders it reads, in the table.
 */
import { Match } from 'aws-cdk-lib/assertions';
import { TABLE_DEFINITION } from '../../functions/data/table-def';
import { logicalId, synthBioscope } from './bioscope-app';

const { api, apiTemplate, dataTemplate } = synthBioscope();
type Resource = { Properties: Record<string, any> }; // eslint-disable-line @typescript-eslint/no-explicit-any -- template JSON

const job = () => api.reconcile.job.fn;
const fnResource = () => (apiTemplate.findResources('AWS::Lambda::Function') as Record<string, Resource>)[logicalId(job())]!.Properties;

describe('the reconcile job', () => {
  test('is a function of its own: 90 s, reserved concurrency 1, the reconcile handler bundle', () => {
    expect(logicalId(job())).not.toBe(logicalId(api.functions.payments.fn));
    expect(fnResource()).toMatchObject({ Timeout: 90, ReservedConcurrentExecutions: 1, Handler: 'index.handler', Runtime: 'nodejs22.x' });
    expect(fnResource().Timeout).toBeGreaterThanOrEqual(60);
    expect(fnResource().Timeout).toBeLessThanOrEqual(120);
    const env = fnResource().Environment.Variables as Record<string, unknown>;
    // It settles orders as the callback does: the student's receipt mail (SES) and WhatsApp message go from here too.
    expect(env).toMatchObject({ POWERTOOLS_SERVICE_NAME: 'bioscope-payments', PAYMOB_SECRET_NAME: 'bioscope/dev/paymob', MAIL_TRANSPORT: 'ses', WHATSAPP_SECRET_NAME: 'bioscope/dev/whatsapp' });
    expect(Object.keys(env)).toContain('MAIL_FROM');
    expect(Object.keys(env)).toEqual(expect.arrayContaining(['TABLE_NAME', 'PUBLIC_URL', 'POWERTOOLS_METRICS_NAMESPACE']));
  });

  test('may touch the table (no Scan), read the Paymob and WhatsApp secrets and send mail, nothing else', () => {
    const roleId = logicalId(job().role!);
    const policies = apiTemplate.findResources('AWS::IAM::Policy', { Properties: { Roles: Match.arrayWith([{ Ref: roleId }]) } }) as Record<string, Resource>;
    const actions = new Set(Object.values(policies).flatMap((p) => (p.Properties.PolicyDocument.Statement as { Action: string | string[] }[]).flatMap((s) => [s.Action].flat())));
    expect([...actions].filter((a) => !a.startsWith('dynamodb:') && !a.startsWith('logs:') && !a.startsWith('xray:')).sort()).toEqual(['secretsmanager:DescribeSecret', 'secretsmanager:GetSecretValue', 'ses:SendEmail']);
    const secrets = Object.values(policies).flatMap((p) => (p.Properties.PolicyDocument.Statement as { Action: string | string[]; Resource: unknown }[]).filter((st) => [st.Action].flat().includes('secretsmanager:GetSecretValue')));
    expect(JSON.stringify(secrets)).toContain(':secret:bioscope/dev/paymob-');
    expect(JSON.stringify(secrets)).toContain(':secret:bioscope/dev/whatsapp-');
    expect(actions.has('dynamodb:Query')).toBe(true);
    expect(actions.has('dynamodb:Scan')).toBe(false);
  });

  test('the payments route Lambda keeps its 20 s and is no schedule target', () => {
    const payments = (apiTemplate.findResources('AWS::Lambda::Function') as Record<string, Resource>)[logicalId(api.functions.payments.fn)]!.Properties;
    expect(payments.Timeout).toBe(20);
    const targets = Object.values(apiTemplate.findResources('AWS::Events::Rule') as Record<string, Resource>).flatMap((r) => r.Properties.Targets as { Arn: unknown }[]);
    expect(targets.map((t) => JSON.stringify(t.Arn))).not.toContain(JSON.stringify({ 'Fn::GetAtt': [logicalId(api.functions.payments.fn), 'Arn'] }));
  });

  test('a schedule every 5 minutes targets it, retrying twice, with a dead-letter queue', () => {
    const queueArn = { 'Fn::GetAtt': [logicalId(api.reconcile.deadLetters), 'Arn'] };
    apiTemplate.hasResourceProperties('AWS::Events::Rule', {
      ScheduleExpression: 'rate(5 minutes)',
      State: 'ENABLED',
      Targets: [Match.objectLike({ Arn: { Ref: logicalId(api.reconcile.job.alias) }, RetryPolicy: { MaximumRetryAttempts: 2 }, DeadLetterConfig: { Arn: queueArn } })],
    });
    apiTemplate.hasResourceProperties('AWS::Lambda::Permission', {
      Action: 'lambda:InvokeFunction',
      Principal: 'events.amazonaws.com',
      FunctionName: { Ref: logicalId(api.reconcile.job.alias) },
    });
    // The only schedule (the video pipeline's two rules match events: test/infra/video-pipeline.test.ts).
    expect(Object.values(apiTemplate.findResources('AWS::Events::Rule')).filter((r) => r.Properties.ScheduleExpression)).toHaveLength(1);
  });

  test('the dead-letter queue: SQS-managed encryption, 14 days, TLS only, and EventBridge may send to it', () => {
    const queueId = logicalId(api.reconcile.deadLetters);
    expect((apiTemplate.findResources('AWS::SQS::Queue') as Record<string, Resource>)[queueId]!.Properties).toMatchObject({ SqsManagedSseEnabled: true, MessageRetentionPeriod: 14 * 86_400 });
    const policy = Object.values(apiTemplate.findResources('AWS::SQS::QueuePolicy') as Record<string, Resource>).find((p) => JSON.stringify(p.Properties.Queues).includes(queueId))!;
    const statements = policy.Properties.PolicyDocument.Statement as Record<string, any>[]; // eslint-disable-line @typescript-eslint/no-explicit-any -- template JSON
    expect(statements).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ Effect: 'Deny', Action: 'sqs:*', Condition: { Bool: { 'aws:SecureTransport': 'false' } } }),
        expect.objectContaining({ Effect: 'Allow', Action: 'sqs:SendMessage', Principal: { Service: 'events.amazonaws.com' } }),
      ]),
    );
  });

  test('alarms to the operator: one dead letter; no finished run (ReconcileSucceeded) for 3 periods, missing data breaching', () => {
    const alarms = apiTemplate.findResources('AWS::CloudWatch::Alarm') as Record<string, Resource>;
    const topic = { Ref: logicalId(api.monitoring.topic) };
    const dlq = alarms[logicalId(api.reconcile.deadLetterAlarm)]!.Properties;
    expect(dlq).toMatchObject({
      MetricName: 'ApproximateNumberOfMessagesVisible',
      Namespace: 'AWS/SQS',
      Dimensions: [{ Name: 'QueueName', Value: { 'Fn::GetAtt': [logicalId(api.reconcile.deadLetters), 'QueueName'] } }],
      Threshold: 1,
      ComparisonOperator: 'GreaterThanOrEqualToThreshold',
      AlarmActions: [topic],
      OKActions: [topic],
    });
    const silence = alarms[logicalId(api.reconcile.silenceAlarm)]!.Properties;
    expect(silence).toMatchObject({
      Namespace: `Bioscope/${api.stackName}`,
      MetricName: 'ReconcileSucceeded',
      Dimensions: [{ Name: 'service', Value: 'bioscope-payments' }],
      Statistic: 'Sum',
      Period: 300,
      EvaluationPeriods: 3,
      Threshold: 1,
      ComparisonOperator: 'LessThanThreshold',
      TreatMissingData: 'breaching',
      AlarmActions: [topic],
      OKActions: [topic],
    });
  });
});

describe('the index of pending orders', () => {
  test('the table has the sparse byLookup index (GSI3PK, GSI3SK), all attributes projected', () => {
    expect(TABLE_DEFINITION.indexes.map((i) => i.name)).toContain('byLookup');
    dataTemplate.hasResourceProperties('AWS::DynamoDB::GlobalTable', {
      GlobalSecondaryIndexes: Match.arrayWith([
        {
          IndexName: 'byLookup',
          KeySchema: [
            { AttributeName: 'GSI3PK', KeyType: 'HASH' },
            { AttributeName: 'GSI3SK', KeyType: 'RANGE' },
          ],
          Projection: { ProjectionType: 'ALL' },
        },
      ]),
      AttributeDefinitions: Match.arrayWith([
        { AttributeName: 'GSI3PK', AttributeType: 'S' },
        { AttributeName: 'GSI3SK', AttributeType: 'S' },
      ]),
    });
  });
});
