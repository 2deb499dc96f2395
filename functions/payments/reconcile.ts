/**
 * Missed callbacks: Paymob calls back once per outcome and networks drop things. Orders pending
 * with no news for PAYMENT_RECONCILE_AFTER_MINUTES are checked against Paymob's transaction inquiry
 * and settled exactly as the callback would have; those still pending past their hold expire (the
 * coupon use goes back). In AWS an EventBridge schedule runs reconcile-handler.ts, a function of its
 * own (one run at a time); locally the platform's timer and POST /_local/reconcile call
 * reconcilePendingOrders.
 *
 * A run reads only pending orders (AP66, oldest first), checks at most RECONCILE_BATCH of those due,
 * a few at a time, and starts no check it may not finish before its Lambda's time is up: the rest
 * wait for the next run. Among the pending orders it reads, a kiosk reference ending within 24 hours
 * is told to its student once (payment-notices.ts tellKioskExpiring: WhatsApp when they opted in).
 */
import { KIOSK_HOLD_DAYS, PAYMENT_RECONCILE_AFTER_MINUTES } from '../../shared/constants';
import { type OrderRecord, backfillReconcileIndex, orderById, ordersToReconcile, reconcileIndexReady, updateOrder } from '../data/order-repo';
import { keptOnce } from '../lib/kept-once';
import { logger } from '../lib/log';
import { type PaymentGateway, gateway as paymob } from './gateway';
import { paymobSettings } from './paymob-settings';
import { tellKioskExpiring } from './payment-notices';
import { release, settleInquiredTransaction } from './settlement';
import { outcomeOf, transactionOfObj } from './transaction';

const DAY_MS = 24 * 60 * 60 * 1000;
/** Orders checked in one run at most. */
export const RECONCILE_BATCH = 100;
/** Orders checked at once (each one inquiry, then a settlement). */
const PARALLEL = 4;
/** Time a check may take: Paymob's 8 s timeout and the settlement's writes. A check starts only with this much left. */
export const CHECK_BUDGET_MS = 12_000;

export interface ReconcileReport {
  checked: number;
  settled: number;
  failed: number;
  expired: number;
  /** Due orders left for the next run (the batch was full or the time was short): at least this many. */
  deferred: number;
  /** Kiosk references found ending within 24 hours, each told to its student once. */
  toldExpiring: number;
}

export interface ReconcileOptions {
  /** Orders checked at most (RECONCILE_BATCH). */
  batch?: number;
  /** Milliseconds the run has left (the Lambda context's getRemainingTimeInMillis); unset: no limit. */
  timeLeftMs?: () => number;
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

/**
 * Orders pending before AP66 existed carry no index keys: the first run after an upgrade reads the
 * old way once (AP34 over the last KIOSK_HOLD_DAYS + 1 days, the longest an order stays pending) and
 * indexes them. Once per Lambda instance; a failed one is tried again by the next run.
 */
const ensureIndex = keptOnce(async () => {
  if (await reconcileIndexReady()) return;
  const now = new Date();
  const added = await backfillReconcileIndex(new Date(now.getTime() - (KIOSK_HOLD_DAYS + 1) * DAY_MS).toISOString(), `${now.toISOString()}~`, now);
  logger.info('pending orders indexed for the reconciler', { added });
});

/** Pending kiosk orders whose reference ends within the next 24 hours and whose student was not told yet. */
export function expiringSoon(orders: OrderRecord[], now: Date): OrderRecord[] {
  const t = now.getTime();
  return orders.filter((o) => o.status === 'pending' && o.method === 'kiosk' && o.kioskReference && !o.expiringToldAt && Date.parse(o.holdUntil) > t && Date.parse(o.holdUntil) - t <= DAY_MS);
}

/** The due orders, oldest first, up to `batch`; whether more were left unread; the expiring kiosk references among those read. */
async function dueOrders(now: Date, batch: number): Promise<{ due: OrderRecord[]; more: boolean; expiring: OrderRecord[] }> {
  const due: OrderRecord[] = [];
  const expiring: OrderRecord[] = [];
  for await (const page of ordersToReconcile(Math.max(batch, 25))) {
    due.push(...dueForCheck(page, now));
    expiring.push(...expiringSoon(page, now));
    if (due.length > batch) return { due: due.slice(0, batch), more: true, expiring };
  }
  return { due, more: false, expiring };
}

export async function reconcilePendingOrders(now = new Date(), gateway: PaymentGateway = paymob, opts: ReconcileOptions = {}): Promise<ReconcileReport> {
  const batch = opts.batch ?? RECONCILE_BATCH;
  const report: ReconcileReport = { checked: 0, settled: 0, failed: 0, expired: 0, deferred: 0, toldExpiring: 0 };
  await ensureIndex();
  const { due, more, expiring } = await dueOrders(now, batch);
  for (const o of expiring.slice(0, batch)) if (await tellKioskExpiring(o, now)) report.toldExpiring++;
  if (!due.length) return report;
  const settings = await paymobSettings();
  const timeLeft = opts.timeLeftMs ?? (() => Infinity);

  const check = async (o: OrderRecord) => {
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
  };
  // A few checks at once, oldest first; none starts without the time to finish.
  let next = 0;
  await Promise.all(
    Array.from({ length: PARALLEL }, async () => {
      while (next < due.length && timeLeft() >= CHECK_BUDGET_MS) await check(due[next++]!);
    }),
  );
  report.deferred = due.length - next + (more ? 1 : 0);
  if (report.checked || report.deferred) logger.info('reconciled pending orders', { ...report });
  return report;
}
