/**
 * The payments reconciliation as a job of its own (functions/payments/reconcile-handler.ts): a Lambda
 * that runs one at a time (reserved concurrency 1) with time for a batch of Paymob inquiries, the
 * EventBridge schedule that runs it, a dead-letter queue for runs EventBridge could not deliver, and
 * two alarms to the operator's topic: a dead letter, and no run finished for RECONCILE_SILENT_RUNS
 * schedule periods (the ReconcileSucceeded metric each finished run writes).
 */
import { Duration, Stack, Validations } from 'aws-cdk-lib';
import { Alarm, ComparisonOperator, Metric, Stats, TreatMissingData } from 'aws-cdk-lib/aws-cloudwatch';
import { SnsAction } from 'aws-cdk-lib/aws-cloudwatch-actions';
import { Rule, Schedule } from 'aws-cdk-lib/aws-events';
import { LambdaFunction as LambdaFunctionTarget } from 'aws-cdk-lib/aws-events-targets';
import type { ITopic } from 'aws-cdk-lib/aws-sns';
import { Queue, QueueEncryption } from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';
import type { Env } from '../../functions/lib/env';
import { METRICS } from '../../functions/lib/metrics';
import { type DomainResources, DomainFunction } from './domain-function';
import { metricsNamespace, serviceName } from './monitoring';

/** How often pending orders are checked against Paymob (each is checked once it is PAYMENT_RECONCILE_AFTER_MINUTES old). */
export const RECONCILE_EVERY_MINUTES = 5;
/** A run checks up to RECONCILE_BATCH orders, four at a time, and starts none it cannot finish in this. */
export const RECONCILE_TIMEOUT = Duration.seconds(90);
/** Schedule periods without a finished run before the alarm fires. */
export const RECONCILE_SILENT_RUNS = 3;

export interface PaymentsReconcileProps {
  resources: DomainResources;
  environment: Partial<Record<keyof Env, string>>;
  /** Where the alarms write (Monitoring's topic). */
  alarmTopic: ITopic;
}

export class PaymentsReconcile extends Construct {
  readonly job: DomainFunction;
  readonly rule: Rule;
  readonly deadLetters: Queue;
  readonly deadLetterAlarm: Alarm;
  readonly silenceAlarm: Alarm;

  constructor(scope: Construct, id: string, props: PaymentsReconcileProps) {
    super(scope, id);
    const stackName = Stack.of(this).stackName;
    this.job = new DomainFunction(this, 'Job', {
      domain: 'payments',
      handlerFile: 'reconcile-handler',
      description: 'Bioscope payments: settles pending Paymob orders whose callback never arrived',
      grants: ['data', 'paymob'],
      resources: props.resources,
      environment: props.environment,
      timeout: RECONCILE_TIMEOUT,
      // Two runs at once would inquire about the same orders; a late schedule waits for the next period.
      reservedConcurrency: 1,
    });

    this.deadLetters = new Queue(this, 'DeadLetters', { encryption: QueueEncryption.SQS_MANAGED, enforceSSL: true, retentionPeriod: Duration.days(14) });
    Validations.of(this.deadLetters).acknowledge({
      id: 'AwsSolutions-SQS3',
      reason: 'This queue is itself a dead-letter queue (the reconcile schedule target\'s); nothing consumes it, so it has no dead letters of its own.',
    });
    this.rule = new Rule(this, 'Schedule', {
      description: 'Settle pending Paymob orders whose callback never arrived',
      schedule: Schedule.rate(Duration.minutes(RECONCILE_EVERY_MINUTES)),
      targets: [new LambdaFunctionTarget(this.job.fn, { retryAttempts: 2, deadLetterQueue: this.deadLetters })],
    });

    const notify = new SnsAction(props.alarmTopic);
    const period = Duration.minutes(RECONCILE_EVERY_MINUTES);
    this.deadLetterAlarm = new Alarm(this, 'DeadLetterAlarm', {
      alarmDescription: `Bioscope (${stackName}): reconcile runs EventBridge could not deliver are in the dead-letter queue`,
      metric: this.deadLetters.metricApproximateNumberOfMessagesVisible({ period, statistic: Stats.MAXIMUM }),
      threshold: 1,
      evaluationPeriods: 1,
      comparisonOperator: ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
      // SQS stops sending a queue's metrics after hours without activity: an empty queue.
      treatMissingData: TreatMissingData.NOT_BREACHING,
    });
    this.silenceAlarm = new Alarm(this, 'SilenceAlarm', {
      alarmDescription: `Bioscope (${stackName}): no payments reconcile run has finished for ${RECONCILE_SILENT_RUNS * RECONCILE_EVERY_MINUTES} minutes`,
      metric: new Metric({
        namespace: metricsNamespace(this),
        metricName: METRICS.reconcileSucceeded,
        dimensionsMap: { service: serviceName('payments') },
        period,
        statistic: Stats.SUM,
      }),
      threshold: 1,
      evaluationPeriods: RECONCILE_SILENT_RUNS,
      comparisonOperator: ComparisonOperator.LESS_THAN_THRESHOLD,
      // No point is no finished run: the very thing to alarm on.
      treatMissingData: TreatMissingData.BREACHING,
    });
    for (const a of [this.deadLetterAlarm, this.silenceAlarm]) {
      a.addAlarmAction(notify);
      a.addOkAction(notify);
    }
  }
}
