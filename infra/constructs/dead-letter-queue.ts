/**
 * Where async work that failed lands, and the alarm that says so: an SQS queue (TLS only, SQS-managed
 * encryption, kept 14 days, SQS's longest) for an EventBridge target's dead letters or a Lambda's
 * on-failure destination, and a CloudWatch alarm as soon as one message is visible in it.
 *
 * Nothing reads the queue: a message is an event that was not handled (the operator looks at it and
 * acts, docs/playback.md), so one is already too many. The alarm goes to the operator's topic
 * (Monitoring's) once the stack has it: `notify(topic)`.
 */
import { Duration, Stack, Validations } from 'aws-cdk-lib';
import { Alarm, ComparisonOperator, Stats, TreatMissingData } from 'aws-cdk-lib/aws-cloudwatch';
import { SnsAction } from 'aws-cdk-lib/aws-cloudwatch-actions';
import type { ITopic } from 'aws-cdk-lib/aws-sns';
import { Queue, QueueEncryption } from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';

/** SQS's longest retention: time for the operator to look after a long weekend. */
export const DLQ_RETENTION = Duration.days(14);

export interface DeadLetterQueueProps {
  /** What a message in it is, as the alarm says it: 'uploads whose transcode could not be started'. */
  holds: string;
}

export class DeadLetterQueue extends Construct {
  readonly queue: Queue;
  readonly alarm: Alarm;

  constructor(scope: Construct, id: string, props: DeadLetterQueueProps) {
    super(scope, id);
    this.queue = new Queue(this, 'Queue', {
      encryption: QueueEncryption.SQS_MANAGED,
      enforceSSL: true,
      retentionPeriod: DLQ_RETENTION,
    });
    Validations.of(this.queue).acknowledge({
      id: 'AwsSolutions-SQS3',
      reason: 'This queue is itself a dead-letter queue (an EventBridge target or Lambda on-failure destination); nothing consumes it, so it has no dead letters of its own.',
    });
    this.alarm = new Alarm(this, 'Alarm', {
      alarmDescription: `Bioscope (${Stack.of(this).stackName}): ${props.holds} are in the dead-letter queue`,
      metric: this.queue.metricApproximateNumberOfMessagesVisible({ period: Duration.minutes(5), statistic: Stats.MAXIMUM }),
      threshold: 1,
      evaluationPeriods: 1,
      comparisonOperator: ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
      // SQS stops sending a queue's metrics after hours without activity: an empty queue.
      treatMissingData: TreatMissingData.NOT_BREACHING,
    });
  }

  /** The alarm tells the topic when a message arrives and when the queue is empty again, as Monitoring's alarms do. */
  notify(topic: ITopic): void {
    const action = new SnsAction(topic);
    this.alarm.addAlarmAction(action);
    this.alarm.addOkAction(action);
  }
}
