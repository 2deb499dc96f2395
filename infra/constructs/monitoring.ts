/**
 * Watching the site: alarms on what goes wrong, one SNS topic that mails the operator, a
 * dashboard with the same figures, and an AWS Budgets budget on the monthly amount.
 *
 *   alarm                      metric                                              fires when (5-minute periods unless said)
 *   Api5xxRate                 AWS/ApiGateway 5xx ÷ Count (HTTP API)              > 5 % of at least 20 requests
 *   ApiLatencyP99              AWS/ApiGateway Latency p99                          > 3 s, 3 periods running
 *   LambdaErrors               AWS/Lambda Errors, summed over the domain functions ≥ 3 (a crash or a timeout: a handled
 *                                                                                  error is an HTTP answer, not an Error)
 *   LambdaThrottles            AWS/Lambda Throttles, summed                        ≥ 1 (the account's concurrency is used up)
 *   TableThrottles             AWS/DynamoDB ThrottledRequests per operation, summed ≥ 1 (on-demand tables throttle too)
 *   TableSystemErrors          AWS/DynamoDB SystemErrors per operation, summed     ≥ 1
 *   PaymentCallbacksRefused    <namespace>/PaymentCallbacksRefused (ours, EMF)     ≥ 3 in 15 minutes (forged notices, or the
 *                                                                                  HMAC secret no longer Paymob's)
 *   MailBounceRate             AWS/SES Reputation.BounceRate (the account's)       ≥ 4 %, an hour (SES reviews an account at 5 %)
 *   MailComplaintRate          AWS/SES Reputation.ComplaintRate (the account's)    ≥ 0.05 %, an hour (SES reviews at 0.1 %)
 *   ConcurrencyHeadroom        AWS/Lambda ConcurrentExecutions, the region's       ≥ 80 % of the account's quota (settings
 *                              maximum (every function of the account)             lambdaAccountConcurrency), 1-minute periods
 *   VideoPipelineFailures      AWS/MediaConvert JobsErroredCount of this stage's   ≥ 1 (a video the students will not see:
 *                              queue + the pipeline Lambdas' AWS/Lambda Errors       the editor shows why it failed)
 *
 * Mail bounces: SES's account-wide Reputation.BounceRate, not a configuration set with a
 * CloudWatch event destination. It needs no change to how mail is sent, it is the very figure SES
 * judges the account by (review at 5 %, sending paused at 10 %), and it costs nothing; a
 * configuration set would count bounces per mail but every SendEmail would have to name it
 * (and the grant its ARN). Its limits: it covers every sender of the account and region, and SES
 * computes it over a representative window, so it moves hours after the bounces.
 *
 * Elsewhere, in the same style: CloudFront5xxRate in us-east-1 (infra/stacks/edge-alarms-stack.ts, where
 * CloudFront's metrics are) and an error alarm per function's live alias (infra/constructs/rollouts.ts).
 *
 * Every alarm also tells the topic when it is OK again. Missing data (no traffic) is not breaching.
 * Names are CloudFormation's (stack name + id), so two stages in one account do not collide.
 */
import { Duration, Stack } from 'aws-cdk-lib';
import type { IHttpApi } from 'aws-cdk-lib/aws-apigatewayv2';
import { CfnBudget } from 'aws-cdk-lib/aws-budgets';
import {
  Alarm, AlarmStatusWidget, ComparisonOperator, Dashboard, GraphWidget, type IMetric, MathExpression, Metric,
  SingleValueWidget, Stats, TreatMissingData,
} from 'aws-cdk-lib/aws-cloudwatch';
import { SnsAction } from 'aws-cdk-lib/aws-cloudwatch-actions';
import { Operation, type ITableV2 } from 'aws-cdk-lib/aws-dynamodb';
import type { IFunction } from 'aws-cdk-lib/aws-lambda';
import { Topic } from 'aws-cdk-lib/aws-sns';
import { EmailSubscription } from 'aws-cdk-lib/aws-sns-subscriptions';
import { Construct } from 'constructs';
import { METRICS } from '../../functions/lib/metrics';

/** The CloudWatch namespace of our own metrics (functions/lib/metrics.ts): one per api stack, so per stage. */
export const metricsNamespace = (scope: Construct) => `Bioscope/${Stack.of(scope).stackName}`;

/** The service dimension functions/lib/log.ts and metrics.ts write for a domain (POWERTOOLS_SERVICE_NAME). */
export const serviceName = (domain: string) => `bioscope-${domain}`;

/** DynamoDB operations the Lambdas send (a CloudWatch alarm's math may read at most 10 metrics). */
export const TABLE_OPERATIONS = [
  Operation.GET_ITEM, Operation.BATCH_GET_ITEM, Operation.QUERY, Operation.SCAN, Operation.PUT_ITEM,
  Operation.UPDATE_ITEM, Operation.DELETE_ITEM, Operation.BATCH_WRITE_ITEM, Operation.TRANSACT_WRITE_ITEMS,
] as const;

export const THRESHOLDS = {
  api5xxPercent: 5,
  /** The distribution's 5xx share (alarmed in us-east-1: infra/stacks/edge-alarms-stack.ts). */
  cloudfront5xxPercent: 5,
  /** Fewer requests than this in a period are not judged by their 5xx rate (1 of 2 is not 50 % of anything). */
  api5xxMinRequests: 20,
  apiP99Ms: 3000,
  lambdaErrors: 3,
  lambdaThrottles: 1,
  tableThrottles: 1,
  tableSystemErrors: 1,
  /** In PAYMENT_PERIOD. */
  paymentCallbacksRefused: 3,
  /** A fraction, as SES publishes it. */
  mailBounceRate: 0.04,
  /** A fraction; half of the rate at which SES reviews an account. */
  mailComplaintRate: 0.0005,
  /** Share of the account's Lambda concurrency quota in use at once. */
  concurrencyPercent: 80,
  videoPipelineFailures: 1,
  /** Budget notices: actual spend past this share of the month's amount, and a forecast past all of it. */
  budgetActualPercent: 80,
  budgetForecastPercent: 100,
} as const;

const PERIOD = Duration.minutes(5);
const PAYMENT_PERIOD = Duration.minutes(15);
const BOUNCE_PERIOD = Duration.hours(1);
const CONCURRENCY_PERIOD = Duration.minutes(1);

export interface MonitoringProps {
  api: IHttpApi;
  /** The domain functions, by domain. */
  functions: Record<string, IFunction>;
  table: ITableV2;
  /** Who the alarms and the budget write to; unset → the topic has no subscriber and the budget sends nothing. */
  alarmEmail?: string;
  /** AWS Budgets amount per month in USD; unset → no budget. */
  monthlyBudgetUsd?: number;
  /** The account's Lambda concurrency quota in the region; unset → no headroom alarm. */
  accountConcurrency?: number;
  /** The video pipeline's Lambdas (by name) and its MediaConvert queue; unset → no pipeline alarm. */
  videoPipeline?: { functions: Record<string, IFunction>; queueArn: string };
}

export class Monitoring extends Construct {
  readonly topic: Topic;
  readonly alarms: Record<string, Alarm> = {};
  readonly dashboard: Dashboard;
  readonly budget?: CfnBudget;

  constructor(scope: Construct, id: string, props: MonitoringProps) {
    super(scope, id);
    const { api, functions, table } = props;
    const stack = Stack.of(this);
    const domains = Object.keys(functions);

    // Publishers must use TLS (cdk-nag SNS3). Not KMS-encrypted: CloudWatch cannot publish to a topic under
    // the AWS-managed SNS key, and alarm names and states are nothing confidential.
    this.topic = new Topic(this, 'Alarms', { displayName: 'Bioscope alarms', enforceSSL: true });
    if (props.alarmEmail) this.topic.addSubscription(new EmailSubscription(props.alarmEmail));
    const notify = new SnsAction(this.topic);

    // The figures, each named once and used by its alarm and the dashboard.
    const requests = api.metricCount({ period: PERIOD, statistic: Stats.SUM, label: 'requests' });
    const serverErrors = api.metricServerError({ period: PERIOD, statistic: Stats.SUM, label: '5xx' });
    const clientErrors = api.metricClientError({ period: PERIOD, statistic: Stats.SUM, label: '4xx' });
    const rate5xx = new MathExpression({
      expression: `IF(requests >= ${THRESHOLDS.api5xxMinRequests}, 100 * FILL(errors, 0) / requests, 0)`,
      usingMetrics: { requests, errors: serverErrors },
      period: PERIOD,
      label: '5xx % of requests',
    });
    const latency = (stat: string) => api.metricLatency({ period: PERIOD, statistic: stat, label: `latency ${stat}` });
    const perFunction = (metric: (fn: IFunction, domain: string) => Metric) =>
      Object.fromEntries(domains.map((d, i) => [`f${i}`, metric(functions[d]!, d)]));
    // A sum over series of which most have no point in most periods (a metric is only written when
    // something happens): each gap counts as 0. (`a + b` would have no value where either is missing.)
    const sumOf = (metrics: Record<string, IMetric>, label: string, period = PERIOD) =>
      new MathExpression({ expression: 'SUM(FILL(METRICS(), 0))', usingMetrics: metrics, period, label });
    const perOperation = (metricName: string) =>
      Object.fromEntries(
        TABLE_OPERATIONS.map((op) => [op.toLowerCase(), table.metric(metricName, { dimensionsMap: { TableName: table.tableName, Operation: op }, period: PERIOD, statistic: Stats.SUM, label: op })]),
      );
    const fnErrors = perFunction((fn, d) => fn.metricErrors({ period: PERIOD, statistic: Stats.SUM, label: d }));
    const fnThrottles = perFunction((fn, d) => fn.metricThrottles({ period: PERIOD, statistic: Stats.SUM, label: d }));
    const fnDuration = perFunction((fn, d) => fn.metricDuration({ period: PERIOD, statistic: Stats.p(99), label: d }));
    const tableThrottles = sumOf(perOperation('ThrottledRequests'), 'DynamoDB throttled requests');
    const tableSystemErrors = sumOf(perOperation('SystemErrors'), 'DynamoDB system errors');
    const callbacksRefused = new Metric({
      namespace: metricsNamespace(this),
      metricName: METRICS.paymentCallbacksRefused,
      dimensionsMap: { service: serviceName('payments') },
      period: PAYMENT_PERIOD,
      statistic: Stats.SUM,
      label: 'Paymob callbacks refused',
    });
    const bounceRate = new Metric({
      namespace: 'AWS/SES',
      metricName: 'Reputation.BounceRate',
      period: BOUNCE_PERIOD,
      statistic: Stats.MAXIMUM,
      label: 'SES bounce rate (account)',
    });
    const complaintRate = new Metric({
      namespace: 'AWS/SES',
      metricName: 'Reputation.ComplaintRate',
      period: BOUNCE_PERIOD,
      statistic: Stats.MAXIMUM,
      label: 'SES complaint rate (account)',
    });
    // Account-wide (no dimension): every function of every stage in this region draws on one quota.
    const concurrency = new Metric({ namespace: 'AWS/Lambda', metricName: 'ConcurrentExecutions', period: CONCURRENCY_PERIOD, statistic: Stats.MAXIMUM, label: 'Lambda concurrent executions (account)' });

    const alarm = (name: string, description: string, metric: IMetric, threshold: number, evaluationPeriods = 1) => {
      const a = new Alarm(this, name, {
        alarmDescription: `Bioscope (${stack.stackName}): ${description}`,
        metric,
        threshold,
        evaluationPeriods,
        comparisonOperator: ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
        treatMissingData: TreatMissingData.NOT_BREACHING,
      });
      a.addAlarmAction(notify);
      a.addOkAction(notify);
      this.alarms[name] = a;
      return a;
    };
    alarm('Api5xxRate', `${THRESHOLDS.api5xxPercent} % or more of the API's answers are 5xx`, rate5xx, THRESHOLDS.api5xxPercent);
    alarm('ApiLatencyP99', `the API's p99 latency is ${THRESHOLDS.apiP99Ms} ms or more for 15 minutes`, latency('p99'), THRESHOLDS.apiP99Ms, 3);
    alarm('LambdaErrors', 'domain Lambdas crash or time out', sumOf(fnErrors, 'Lambda errors'), THRESHOLDS.lambdaErrors);
    alarm('LambdaThrottles', 'domain Lambdas are throttled (concurrency used up)', sumOf(fnThrottles, 'Lambda throttles'), THRESHOLDS.lambdaThrottles);
    alarm('TableThrottles', 'DynamoDB throttles requests to the table', tableThrottles, THRESHOLDS.tableThrottles);
    alarm('TableSystemErrors', 'DynamoDB answers the table\'s requests with system errors', tableSystemErrors, THRESHOLDS.tableSystemErrors);
    alarm('PaymentCallbacksRefused', 'Paymob callbacks are refused (bad signature, unknown order, wrong amount)', callbacksRefused, THRESHOLDS.paymentCallbacksRefused);
    alarm('MailBounceRate', `SES's bounce rate for the account is ${THRESHOLDS.mailBounceRate * 100} % or more (SES reviews the account at 5 %)`, bounceRate, THRESHOLDS.mailBounceRate);
    alarm('MailComplaintRate', `SES's complaint rate for the account is ${THRESHOLDS.mailComplaintRate * 100} % or more (SES reviews the account at 0.1 %)`, complaintRate, THRESHOLDS.mailComplaintRate);
    if (props.accountConcurrency !== undefined) {
      const limit = Math.floor((props.accountConcurrency * THRESHOLDS.concurrencyPercent) / 100);
      alarm('ConcurrencyHeadroom', `Lambdas use ${limit} or more of the account's ${props.accountConcurrency} concurrent executions (throttling is near: ask AWS for more, docs/deploy.md)`, concurrency, limit);
    }

    // The MediaConvert metric's Queue dimension is the queue's ARN (as CloudWatch lists it; AWS's page does not say).
    const pipeline = props.videoPipeline;
    const pipelineFailures = pipeline
      ? sumOf(
          {
            jobs: new Metric({ namespace: 'AWS/MediaConvert', metricName: 'JobsErroredCount', dimensionsMap: { Queue: pipeline.queueArn }, period: PERIOD, statistic: Stats.SUM, label: 'MediaConvert jobs failed' }),
            ...Object.fromEntries(Object.entries(pipeline.functions).map(([name, fn], i) => [`p${i}`, fn.metricErrors({ period: PERIOD, statistic: Stats.SUM, label: name })])),
          },
          'video pipeline failures',
        )
      : undefined;
    if (pipelineFailures) {
      alarm('VideoPipelineFailures', 'a video transcode failed (MediaConvert) or a video pipeline Lambda crashed', pipelineFailures, THRESHOLDS.videoPipelineFailures);
    }

    const wide = 12;
    this.dashboard = new Dashboard(this, 'Dashboard', {
      defaultInterval: Duration.hours(24),
      widgets: [
        [new AlarmStatusWidget({ title: 'Alarms', alarms: Object.values(this.alarms), width: 24 })],
        [
          new GraphWidget({ title: 'API requests and errors', left: [requests], right: [clientErrors, serverErrors], width: wide }),
          new GraphWidget({ title: 'API 5xx rate (%)', left: [rate5xx], leftAnnotations: [{ value: THRESHOLDS.api5xxPercent, label: 'alarm' }], width: wide }),
        ],
        [
          new GraphWidget({ title: 'API latency (ms)', left: [latency('p50'), latency('p99')], leftAnnotations: [{ value: THRESHOLDS.apiP99Ms, label: 'p99 alarm' }], width: wide }),
          new GraphWidget({ title: 'Lambda duration p99 (ms)', left: Object.values(fnDuration), width: wide }),
        ],
        [
          new GraphWidget({ title: 'Lambda errors', left: Object.values(fnErrors), width: wide }),
          new GraphWidget({ title: 'Lambda throttles', left: Object.values(fnThrottles), width: wide }),
        ],
        // One graph each: the two sums use the same per-operation metric ids (so do the Lambda sums).
        [
          new GraphWidget({ title: 'DynamoDB throttled requests', left: [tableThrottles], width: wide }),
          new GraphWidget({ title: 'DynamoDB system errors', left: [tableSystemErrors], width: wide }),
        ],
        [
          new GraphWidget({
            title: 'DynamoDB capacity used',
            left: [table.metricConsumedReadCapacityUnits({ period: PERIOD, label: 'read units' }), table.metricConsumedWriteCapacityUnits({ period: PERIOD, label: 'write units' })],
            width: 8,
          }),
          new GraphWidget({ title: 'Paymob callbacks refused', left: [callbacksRefused], width: 8 }),
          new SingleValueWidget({ title: 'SES bounce and complaint rates (account, fraction)', metrics: [bounceRate, complaintRate], width: 8 }),
        ],
        ...(props.accountConcurrency !== undefined
          ? [[new GraphWidget({ title: 'Lambda concurrent executions (account)', left: [concurrency], leftAnnotations: [{ value: props.accountConcurrency, label: 'quota' }], width: 24 })]]
          : []),
        ...(pipelineFailures ? [[new GraphWidget({ title: 'Video pipeline failures (jobs and Lambdas)', left: [pipelineFailures], width: 24 })]] : []),
      ],
    });

    if (props.monthlyBudgetUsd !== undefined) {
      const subscribers = props.alarmEmail ? [{ subscriptionType: 'EMAIL', address: props.alarmEmail }] : [];
      const notice = (notificationType: 'ACTUAL' | 'FORECASTED', threshold: number) => ({
        notification: { notificationType, comparisonOperator: 'GREATER_THAN', threshold, thresholdType: 'PERCENTAGE' },
        subscribers,
      });
      this.budget = new CfnBudget(this, 'Budget', {
        budget: {
          // Budgets are per account: the stack name keeps two stages' budgets apart (each sees the whole account's cost).
          budgetName: `${stack.stackName}-monthly`,
          budgetType: 'COST',
          timeUnit: 'MONTHLY',
          budgetLimit: { amount: props.monthlyBudgetUsd, unit: 'USD' },
        },
        notificationsWithSubscribers: subscribers.length
          ? [notice('ACTUAL', THRESHOLDS.budgetActualPercent), notice('FORECASTED', THRESHOLDS.budgetForecastPercent)]
          : undefined,
      });
    }
  }
}
