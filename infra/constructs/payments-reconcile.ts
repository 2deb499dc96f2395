/**
 * The payments reconciliation as a job of its own (functions/payments/reconcile-handler.ts): a Lambda
 * that runs one at a time (reserved concurrency 1) with time for a batch of Paymob inquiries, the
 * EventBridge schedule that runs it, a dead-letter queue for runs EventBridge could not deliver, and
 * two alarms to the operator's topic: a dead letter, and no run finished for RECONCILE_SILENT_RUNS
 * schedule periods (the ReconcileSucceeded metric each finished run writes).
 */
import { Duration, Stack } from 'aws-cdk-lib';
import { Alarm, ComparisonOperator, Metric, Stats, TreatMissingData } from 'aws-cdk-lib/aws-cloudwatch';
import { SnsAction } from 'aws-cdk-lib/aws-cloudwatch-actions';
import { Rule, Schedule } from 'aws-cdk-lib/aws-events';
import { LambdaFunction as LambdaFunctionTarget } from 'aws-cdk-lib/aws-events-targets';
import type { ITopic } from 'aws-cdk-lib/aws-sns';
import type { Queue } from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';
import type { Env } from '../../functions/lib/env';
import { METRICS } from '../../functions/lib/metrics';
import { DeadLetterQueue } from './dead-letter-queue';
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
      grants: ['data', 'paymob', 'mail', 'whatsapp'],
      resources: props.resources,
      environment: props.environment,
      timeout: RECONCILE_TIMEOUT,
      // Two runs at once would inquire about the same orders; a late schedule waits for the next period.
      reservedConcurrency: 1,
    });

    const deadLetters = new DeadLetterQueue(this, 'DeadLetters', { holds: 'reconcile runs EventBridge could not deliver' });
    deadLetters.notify(props.alarmTopic);
    this.deadLetters = deadLetters.queue;
    this.deadLetterAlarm = deadLetters.alarm;
    this.rule = new Rule(this, 'Schedule', {
      description: 'Settle pending Paymob orders whose callback never arrived',
      schedule: Schedule.rate(Duration.minutes(RECONCILE_EVERY_MINUTES)),
      targets: [new LambdaFunctionTarget(this.job.alias, { retryAttempts: 2, deadLetterQueue: this.deadLetters })],
    });

    const notify = new SnsAction(props.alarmTopic);
    const period = Duration.minutes(RECONCILE_EVERY_MINUTES);
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
    this.silenceAlarm.addAlarmAction(notify);
    this.silenceAlarm.addOkAction(notify);
  }
}
