/**
 * The reconciliation's own Lambda (CDK: ApiStack ReconcilePayments), run by an EventBridge schedule,
 * one run at a time (reserved concurrency 1). A run that finishes writes the ReconcileSucceeded
 * metric: its alarm fires when runs stop finishing (a crash, a timeout, Paymob's keys unreadable).
 */
import type { Context } from 'aws-lambda';
import { METRICS, countMetric } from '../lib/metrics';
import { gateway } from './gateway';
import { type ReconcileReport, reconcilePendingOrders } from './reconcile';

export async function handler(_event: unknown, context: Context): Promise<ReconcileReport> {
  const report = await reconcilePendingOrders(new Date(), gateway, { timeLeftMs: () => context.getRemainingTimeInMillis() });
  countMetric(METRICS.reconcileSucceeded);
  return report;
}
