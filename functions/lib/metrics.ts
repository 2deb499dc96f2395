/**
 * Our own CloudWatch metrics, written as CloudWatch Embedded Metric Format: one JSON line on
 * stdout that Lambda's log group turns into a metric point (no PutMetricData call, no client, no
 * IAM action). The namespace is POWERTOOLS_METRICS_NAMESPACE (CDK: Bioscope/<api stack name>, the
 * one infra/constructs/monitoring.ts alarms on); the one dimension is the service
 * (POWERTOOLS_SERVICE_NAME, bioscope-<domain>). Extra properties are not dimensions: they cost
 * nothing and are searchable in Logs Insights.
 *
 * Independent of LOG_LEVEL (a quiet logger must not silence an alarm). The local platform
 * (LOG_FORMAT=compact) calls the same code and prints nothing: its request line already says
 * that the request was refused.
 */
import { env } from './env';

/** The metrics we emit, each a count. */
export const METRICS = {
  /** A Paymob callback or browser return we refused: bad signature, malformed, an unknown order, a wrong amount. */
  paymentCallbacksRefused: 'PaymentCallbacksRefused',
  /** A run of the payments reconciliation finished (functions/payments/reconcile-handler.ts): its absence is the alarm. */
  reconcileSucceeded: 'ReconcileSucceeded',
} as const;
export type MetricName = (typeof METRICS)[keyof typeof METRICS];

/** Adds 1 to `name` (unit Count) for this function's service. */
export function countMetric(name: MetricName, properties: Record<string, string> = {}): void {
  if (env.LOG_FORMAT === 'compact') return;
  const line = {
    _aws: {
      Timestamp: Date.now(),
      CloudWatchMetrics: [{ Namespace: env.POWERTOOLS_METRICS_NAMESPACE, Dimensions: [['service']], Metrics: [{ Name: name, Unit: 'Count' }] }],
    },
    ...properties,
    service: env.POWERTOOLS_SERVICE_NAME,
    [name]: 1,
  };
  process.stdout.write(`${JSON.stringify(line)}\n`);
}
