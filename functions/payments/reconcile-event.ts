/**
 * The event EventBridge's schedule sends the payments Lambda (CDK: ApiStack 'ReconcilePayments'):
 * the Lambda's entry tells it from an API Gateway request by `source` and runs the reconciliation
 * (functions/payments/reconcile.ts) instead of a route. Locally a timer in the platform calls the
 * same function.
 */
export const RECONCILE_EVENT = { source: 'bioscope.payments', action: 'reconcile' } as const;

export const isReconcileEvent = (e: unknown): boolean =>
  typeof e === 'object' && e !== null && (e as { source?: unknown }).source === RECONCILE_EVENT.source && (e as { action?: unknown }).action === RECONCILE_EVENT.action;
