/**
 * Missed callbacks: Paymob calls back once per outcome and networks drop things. Orders pending
 * with no news for PAYMENT_RECONCILE_AFTER_MINUTES are checked against Paymob's transaction inquiry
 * and settled exactly as the callback would have; those still pending past their hold expire (the
 * coupon use goes back). In AWS an EventBridge schedule sends the payments Lambda its reconcile event
 * (index.ts, reconcile-event.ts; `handler` here serves a schedule that targets this module alone); locally the platform's
 * timer calls reconcilePendingOrders every minute.
 */
import { KIOSK_HOLD_DAYS, PAYMENT_RECONCILE_AFTER_MINUTES } from '../../shared/constants';
import { type OrderRecord, orderById, ordersByDate, updateOrder } from '../data/order-repo';
import { logger } from '../lib/log';
import { type PaymentGateway, gateway as paymob } from './gateway';
import { paymobSettings } from './paymob-settings';
import { release, settleInquiredTransaction } from './settlement';
import { outcomeOf, transactionOfObj } from './transaction';

const DAY_MS = 24 * 60 * 60 * 1000;

export interface ReconcileReport {
  checked: number;
  settled: number;
  failed: number;
  expired: number;
}

/**
 * Pending orders whose last news (and our last check) is older than the reconcile delay, and those
 * whose hold has run out (checked once more, then expired: a held coupon use goes back on time).
 */
export function dueForCheck(orders: OrderRecord[], now: Date): OrderRecord[] {
  const before = now.getTime() - PAYMENT_RECONCILE_AFTER_MINUTES * 60_000;
  const quiet = (o: OrderRecord) => Date.parse(o.updatedAt) <= before && (!o.checkedAt || Date.parse(o.checkedAt) <= before);
  return orders.filter((o) => o.status === 'pending' && (quiet(o) || Date.parse(o.holdUntil) <= now.getTime()));
}

export async function reconcilePendingOrders(now = new Date(), gateway: PaymentGateway = paymob): Promise<ReconcileReport> {
  const report: ReconcileReport = { checked: 0, settled: 0, failed: 0, expired: 0 };
  const since = new Date(now.getTime() - (KIOSK_HOLD_DAYS + 1) * DAY_MS).toISOString();
  const due = dueForCheck(await ordersByDate(since, `${now.toISOString()}~`), now);
  if (!due.length) return report;
  const settings = await paymobSettings();
  for (const o of due) {
    try {
      const obj = await gateway.inquire(o.id);
      report.checked++;
      if (obj) {
        const t = transactionOfObj(obj);
        const outcome = outcomeOf(t);
        if (outcome !== 'ignored') {
          await settleInquiredTransaction(o.id, t, settings, now);
          if (outcome === 'paid') report.settled++;
          if (outcome === 'failed') report.failed++;
        }
      }
      const after = await orderById(o.id);
      if (after?.status === 'pending' && Date.parse(after.holdUntil) <= now.getTime()) {
        if (await release(o.id, 'expired', now)) report.expired++;
      } else if (after?.status === 'pending') {
        await updateOrder(o.id, { checkedAt: now.toISOString() }, { statusIn: ['pending'] }).catch(() => undefined);
      }
    } catch (e) {
      // One order's trouble (Paymob silent, an amount that does not match) does not stop the others.
      logger.error('reconcile: order not settled', { orderId: o.id, error: e });
    }
  }
  if (report.checked) logger.info('reconciled pending orders', { ...report });
  return report;
}

/** The EventBridge scheduled event's target. */
export const handler = async (): Promise<ReconcileReport> => reconcilePendingOrders();
