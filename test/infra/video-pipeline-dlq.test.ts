/**
 * The video pipeline's failures are kept (issue 38): each rule's Lambda target has a dead-letter queue
 * (an event EventBridge could not deliver), each Lambda an on-failure destination (an event it failed on
 * after its retries), one queue per step with an alarm to the operator's topic; and the teacher's retry
 * route (the catalogue) may start the same job as on-upload.
 */
import { Match } from 'aws-cdk-lib/assertions';
import { VIDEO_STUCK_AFTER_MINUTES } from '../../shared/video';
import { logicalId, synthBioscope } from './bioscope-app';

type Json = Record<string, unknown>;
const { api, apiTemplate } = synthBioscope();
const pipeline = api.videoPipeline;
const resources = apiTemplate.toJSON().Resources as Record<string, { Type: string; Properties: Json }>;
const queueOf = (step: 'uploads' | 'jobEvents') => logicalId(pipeline.deadLetterQueues[step].queue);
const arnOf = (step: 'uploads' | 'jobEvents') => ({ 'Fn::GetAtt': [queueOf(step), 'Arn'] });
const steps = [
  { step: 'uploads', rule: () => pipeline.uploads, fn: () => pipeline.onUpload.fn, alias: () => pipeline.onUpload.alias },
  { step: 'jobEvents', rule: () => pipeline.jobEvents, fn: () => pipeline.onTranscodeEvent.fn, alias: () => pipeline.onTranscodeEvent.alias },
] as const;
/** The statements of every policy attached to a role. */
const statementsOf = (roleId: string) =>
  Object.values(apiTemplate.findResources('AWS::IAM::Policy', { Properties: { Roles: Match.arrayWith([{ Ref: roleId }]) } })).flatMap(
    (p) => p.Properties.PolicyDocument.Statement as { Action: string | string[]; Resource: unknown; Condition?: Json }[],
  );

describe.each(steps)('the $step step keeps what failed', ({ step, rule, fn, alias }) => {
  test('the rule target has a dead-letter queue, retries for at most the stuck limit', () => {
    const targets = resources[logicalId(rule())]!.Properties.Targets as Json[];
    expect(targets).toHaveLength(1);
    // The rule invokes the live alias (infra/constructs/rollouts.ts), never $LATEST.
    expect(targets[0]).toMatchObject({
      Arn: { Ref: logicalId(alias()) },
      DeadLetterConfig: { Arn: arnOf(step) },
      RetryPolicy: { MaximumRetryAttempts: 8, MaximumEventAgeInSeconds: VIDEO_STUCK_AFTER_MINUTES * 60 },
    });
    expect(resources[queueOf(step)]!.Type).toBe('AWS::SQS::Queue');
  });

  test('EventBridge may send to the queue, for this rule only', () => {
    apiTemplate.hasResourceProperties('AWS::SQS::QueuePolicy', {
      Queues: [{ Ref: queueOf(step) }],
      PolicyDocument: {
        Statement: Match.arrayWith([
          Match.objectLike({
            Action: 'sqs:SendMessage',
            Effect: 'Allow',
            Principal: { Service: 'events.amazonaws.com' },
            Resource: arnOf(step),
            Condition: { ArnEquals: { 'aws:SourceArn': { 'Fn::GetAtt': [logicalId(rule()), 'Arn'] } } },
          }),
        ]),
      },
    });
  });

  test('the Lambda sends an event it failed on, after two retries, to the same queue (and may)', () => {
    const configs = Object.values(apiTemplate.findResources('AWS::Lambda::EventInvokeConfig', { Properties: { FunctionName: { Ref: logicalId(fn()) } } }));
    expect(configs.map((c) => c.Properties)).toEqual([
      {
        FunctionName: { Ref: logicalId(fn()) },
        // On the alias the rule invokes (its name, `live`, taken from its ARN): a config of $LATEST would not
        // apply to the alias's invocations.
        Qualifier: { 'Fn::Select': [7, { 'Fn::Split': [':', { Ref: logicalId(alias()) }] }] },
        MaximumRetryAttempts: 2,
        MaximumEventAgeInSeconds: VIDEO_STUCK_AFTER_MINUTES * 60,
        DestinationConfig: { OnFailure: { Destination: arnOf(step) } },
      },
    ]);
    const send = statementsOf(logicalId(fn().role!)).filter((s) => JSON.stringify(s.Resource) === JSON.stringify(arnOf(step)));
    expect(send.flatMap((s) => [s.Action].flat())).toEqual(expect.arrayContaining(['sqs:SendMessage']));
  });

  test("an alarm on the queue's first message tells the operator's topic", () => {
    const alarm = resources[logicalId(pipeline.deadLetterQueues[step].alarm)]!.Properties;
    const topic = { Ref: logicalId(api.monitoring.topic) };
    expect(alarm).toMatchObject({
      MetricName: 'ApproximateNumberOfMessagesVisible',
      Dimensions: [{ Name: 'QueueName', Value: { 'Fn::GetAtt': [queueOf(step), 'QueueName'] } }],
      Threshold: 1,
      ComparisonOperator: 'GreaterThanOrEqualToThreshold',
      AlarmActions: [topic],
      OKActions: [topic],
    });
  });
});

test('two dead-letter queues, one per step, each with its alarm (the stack\'s queues are all dead-letter queues, each alarmed)', () => {
  const queues = Object.keys(apiTemplate.findResources('AWS::SQS::Queue'));
  // The others are the payments reconcile schedule's and the weekly report's (their own tests).
  expect(queues.sort()).toEqual([queueOf('uploads'), queueOf('jobEvents'), logicalId(api.reconcile.deadLetters), logicalId(api.weeklyReport.deadLetters)].sort());
  const alarmed = Object.values(apiTemplate.findResources('AWS::CloudWatch::Alarm'))
    .filter((a) => a.Properties.MetricName === 'ApproximateNumberOfMessagesVisible')
    .map((a) => (a.Properties.Dimensions as { Value: { 'Fn::GetAtt': string[] } }[])[0]!.Value['Fn::GetAtt'][0]);
  expect(alarmed.sort()).toEqual(queues.sort());
});

describe("the teacher's retry (catalogue) starts the same job as on-upload", () => {
  const catalogue = () => api.functions.catalogue.fn;
  const jobRoleId = () => logicalId(pipeline.jobRole);

  test('the catalogue may CreateJob on this stage\'s queue and pass the job role, to MediaConvert only', () => {
    const statements = statementsOf(logicalId(catalogue().role!));
    expect(statements.filter((s) => [s.Action].flat().includes('mediaconvert:CreateJob'))).toEqual([
      { Action: 'mediaconvert:CreateJob', Effect: 'Allow', Resource: { 'Fn::GetAtt': [api.getLogicalId(pipeline.queue), 'Arn'] } },
    ]);
    expect(statements.filter((s) => [s.Action].flat().includes('iam:PassRole'))).toEqual([
      {
        Action: 'iam:PassRole',
        Effect: 'Allow',
        Resource: { 'Fn::GetAtt': [jobRoleId(), 'Arn'] },
        Condition: { StringEquals: { 'iam:PassedToService': 'mediaconvert.amazonaws.com' } },
      },
    ]);
  });

  test("the catalogue's environment names MediaConvert, the job role, the queue and the ladder, as on-upload's does", () => {
    const envOf = (f: ReturnType<typeof catalogue>) => (resources[logicalId(f)]!.Properties.Environment as { Variables: Json }).Variables;
    const names = ['TRANSCODER', 'MEDIACONVERT_ROLE_ARN', 'MEDIACONVERT_QUEUE_ARN', 'HLS_LADDER', 'HLS_AES'];
    const pick = (v: Json) => Object.fromEntries(names.map((n) => [n, v[n]]));
    expect(pick(envOf(catalogue()))).toEqual(pick(envOf(pipeline.onUpload.fn)));
    expect(envOf(catalogue()).TRANSCODER).toBe('mediaconvert');
  });
});
