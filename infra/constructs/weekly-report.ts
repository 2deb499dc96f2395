/**
 * The parents' weekly report as a job of its own (functions/reports/run-weekly-report.ts): a Lambda
 * that runs one at a time (reserved concurrency 1) with Lambda's longest timeout, the EventBridge
 * Scheduler schedule that runs it every Friday at 18:00 Cairo time (the time zone's own rules, no UTC
 * arithmetic), and a dead-letter queue alarmed to the operator for runs the scheduler could not deliver.
 * A run that runs out of time fails on purpose and Lambda's asynchronous retries carry on; the
 * sent-markers keep every message to once (docs/whatsapp.md, "The weekly report").
 */
import { Duration, TimeZone } from 'aws-cdk-lib';
import type { Alarm } from 'aws-cdk-lib/aws-cloudwatch';
import { Schedule, ScheduleExpression } from 'aws-cdk-lib/aws-scheduler';
import { LambdaInvoke } from 'aws-cdk-lib/aws-scheduler-targets';
import type { ITopic } from 'aws-cdk-lib/aws-sns';
import type { Queue } from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';
import type { Env } from '../../functions/lib/env';
import { BUSINESS_TIME_ZONE } from '../../shared/calendar';
import { DeadLetterQueue } from './dead-letter-queue';
import { type DomainResources, DomainFunction } from './domain-function';

/** Lambda's longest: 10,000 parents at eight at a time fit well inside it (scripts/bench-weekly.ts). */
export const WEEKLY_REPORT_TIMEOUT = Duration.minutes(15);

export interface WeeklyReportProps {
  resources: DomainResources;
  environment: Partial<Record<keyof Env, string>>;
  /** Where the dead-letter alarm writes (Monitoring's topic). */
  alarmTopic: ITopic;
}

export class WeeklyReport extends Construct {
  readonly job: DomainFunction;
  readonly schedule: Schedule;
  readonly deadLetters: Queue;
  readonly deadLetterAlarm: Alarm;

  constructor(scope: Construct, id: string, props: WeeklyReportProps) {
    super(scope, id);
    this.job = new DomainFunction(this, 'Job', {
      domain: 'reports',
      handlerFile: 'run-weekly-report',
      description: "Bioscope weekly report: each parent's children's week, by e-mail and WhatsApp",
      grants: ['data', 'mail', 'whatsapp'],
      resources: props.resources,
      environment: props.environment,
      timeout: WEEKLY_REPORT_TIMEOUT,
      // Two runs at once would race for the same sent-markers (harmless) and double the sending rate.
      reservedConcurrency: 1,
    });

    const deadLetters = new DeadLetterQueue(this, 'DeadLetters', { holds: 'weekly report runs the scheduler could not deliver' });
    deadLetters.notify(props.alarmTopic);
    this.deadLetters = deadLetters.queue;
    this.deadLetterAlarm = deadLetters.alarm;
    this.schedule = new Schedule(this, 'Schedule', {
      description: "Send each parent their children's week (Friday 18:00 Cairo)",
      schedule: ScheduleExpression.cron({ minute: '0', hour: '18', weekDay: 'FRI', timeZone: TimeZone.of(BUSINESS_TIME_ZONE) }),
      target: new LambdaInvoke(this.job.alias, { retryAttempts: 2, maxEventAge: Duration.hours(6), deadLetterQueue: this.deadLetters }),
    });
  }
}
