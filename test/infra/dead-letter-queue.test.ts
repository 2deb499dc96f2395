/**
 * The DeadLetterQueue construct (issue 38): an SQS queue where async work that failed lands (SSL only,
 * SQS-managed encryption, 14 days), and an alarm that tells the operator's topic as soon as one message is there.
 */
import { App, Stack } from 'aws-cdk-lib';
import { Match, Template } from 'aws-cdk-lib/assertions';
import { Topic } from 'aws-cdk-lib/aws-sns';
import { AwsSolutionsChecks } from 'cdk-nag';
import { DeadLetterQueue, DLQ_RETENTION } from '../../infra/constructs/dead-letter-queue';
import { scratchDir } from '../support/scratch';
import { logicalId } from './bioscope-app';

function dlqStack() {
  const app = new App({ outdir: scratchDir('cdk.out-') });
  const stack = new Stack(app, 'BioscopeApi-test');
  const topic = new Topic(stack, 'Alarms', { enforceSSL: true });
  const dlq = new DeadLetterQueue(stack, 'UploadsDlq', { holds: 'uploads whose transcode could not be started' });
  dlq.notify(topic);
  return { stack, topic, dlq, template: Template.fromStack(stack) };
}

describe('DeadLetterQueue construct', () => {
  const { stack, topic, dlq, template } = dlqStack();

  test('an SQS queue with SQS-managed encryption that keeps a message 14 days', () => {
    expect(DLQ_RETENTION.toDays()).toBe(14);
    template.resourceCountIs('AWS::SQS::Queue', 1);
    expect(template.findResources('AWS::SQS::Queue')[logicalId(dlq.queue)]!.Properties).toEqual({
      SqsManagedSseEnabled: true,
      MessageRetentionPeriod: 14 * 24 * 3600,
    });
  });

  test('refuses requests without TLS', () => {
    template.hasResourceProperties('AWS::SQS::QueuePolicy', {
      Queues: [{ Ref: logicalId(dlq.queue) }],
      PolicyDocument: {
        Statement: Match.arrayWith([
          Match.objectLike({ Effect: 'Deny', Action: 'sqs:*', Principal: { AWS: '*' }, Condition: { Bool: { 'aws:SecureTransport': 'false' } } }),
        ]),
      },
    });
  });

  test('an alarm on one visible message tells the topic when it fires and when the queue is empty again', () => {
    template.resourceCountIs('AWS::CloudWatch::Alarm', 1);
    const alarm = template.findResources('AWS::CloudWatch::Alarm')[logicalId(dlq.alarm)]!.Properties;
    expect(alarm).toMatchObject({
      Namespace: 'AWS/SQS',
      MetricName: 'ApproximateNumberOfMessagesVisible',
      Dimensions: [{ Name: 'QueueName', Value: { 'Fn::GetAtt': [logicalId(dlq.queue), 'QueueName'] } }],
      Statistic: 'Maximum',
      Threshold: 1,
      ComparisonOperator: 'GreaterThanOrEqualToThreshold',
      EvaluationPeriods: 1,
      TreatMissingData: 'notBreaching',
      AlarmActions: [{ Ref: logicalId(topic) }],
      OKActions: [{ Ref: logicalId(topic) }],
    });
    expect(alarm.AlarmDescription).toBe('Bioscope (BioscopeApi-test): uploads whose transcode could not be started are in the dead-letter queue');
  });

  test('cdk-nag passes, SQS3 (a DLQ of its own) acknowledged on the queue with a reason', () => {
    const findings = new AwsSolutionsChecks().validateScope(stack).violations.map((v) => v.ruleName);
    expect(findings).toEqual([]);
    const acks = dlq.queue.node.metadata.filter((m) => m.type === 'aws:cdk:acknowledged-rules').flatMap((m) => Object.keys(m.data as object));
    expect(acks).toEqual([expect.stringMatching(/AwsSolutions-SQS3$/)]);
  });
});
