/**
 * Moving an order on: paid (with the lecture's purchase or the term's bundle and the coupon's use,
 * or a top-up's credit to the balance, in one transaction; a term's bundle paid after the term ended
 * credits the balance instead, refundLate), pending at a kiosk, failed, expired or
 * cancelled (giving the coupon's use back). Every move is a conditional write on the order's status,
 * so replays and concurrent duplicates settle an order once; a loser of a transaction conflict reads
 * again and finds the order settled.
 */
import { KIOSK_HOLD_DAYS, type OrderStatus, type PaymentMethod } from '../../shared/constants';
import { type OrderRecord, notePendingOrders, orderById, orderOfPaymobOrder, orderPaidByTransaction, transact, transactionUseItem, updateOrder, updateOrderItem } from '../data/order-repo';
import { type PurchaseRecord, purchaseItems, purchaseOf } from '../data/purchase-repo';
import { termPurchaseItems, termPurchaseOf } from '../data/term-purchase-repo';
import type { TransactItem } from '../data/items';
import { WalletAlsoFailed, moveWallet } from '../data/wallet-repo';
import { BadRequest, Conflict, NotFound } from '../lib/errors';
import { logger } from '../lib/log';
import { couponByCode, giveBackItems, holderGoneItem, paidUseItems } from '../coupons/public';
import { type Outcome, type PaymobTransaction, expiryAfter, methodOf, outcomeOf } from './transaction';
import { tellPaymentConfirmed, paidNoteItem } from './payment-notices';
import type { PaymobSettings } from './paymob-settings';

const ATTEMPTS = 8;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
/** Small growing jitter before trying a cancelled transaction again. */
const backoff = (attempt: number) => sleep(10 + Math.random() * 40 * (attempt + 1));

/** A transaction DynamoDB cancelled: a condition failed, or another transaction touched the same items. */
export const isCancelled = (e: unknown) => e instanceof Error && (e.name === 'TransactionCanceledException' || e.name === 'ConditionalCheckFailedException' || e.name === 'TransactionConflictException');

/** Which items of a cancelled transaction failed their condition (when DynamoDB says). */
export const failedConditions = (e: unknown): number[] =>
  ((e as { CancellationReasons?: { Code?: string }[] }).CancellationReasons ?? []).flatMap((r, i) => (r?.Code === 'ConditionalCheckFailed' ? [i] : []));

/** The order's coupon as it stands now, if it is still the same coupon (not deleted, not re-made). */
async function liveCoupon(o: OrderRecord) {
  if (!o.couponCode) return undefined;
  const c = await couponByCode(o.couponCode);
  return c && c.id === o.couponId ? c : undefined;
}

async function giveBack(o: OrderRecord): Promise<TransactItem[]> {
  if (!o.couponHeld || !o.couponCode) return [];
  const c = await liveCoupon(o);
  return c ? giveBackItems(c, o.userId) : [holderGoneItem(o.couponCode, o.userId)];
}

/**
 * A Paymob transaction that already paid another order names this one: an attack (a notice signed
 * for one order, replayed or re-signed for a second), or Paymob's mistake. Refused, loudly.
 */
async function refuseIfPaidAnother(transactionId: string, orderId: string): Promise<void> {
  const paid = await orderPaidByTransaction(transactionId);
  if (paid === undefined || paid === orderId) return;
  logger.error('a Paymob transaction that paid one order was offered for another: refused (attack?)', { transactionId, paidOrderId: paid, orderId });
  throw new Conflict('This payment has already paid another order', 'payment.transactionUsed');
}

/** What the student held of an order's lecture or term when it was read: its purchase (none: undefined), the lecture marked bought already. */
export interface Held {
  current: { expiryDate: string } | undefined;
  lectureMarked?: boolean;
}

export interface PaidDetails {
  method: PaymentMethod | null;
  transactionId?: string;
  message?: string;
}

/**
 * What paying the order gives, as transaction items conditional on the purchase read before (`held`;
 * read now when not given): a lecture's purchase (extended from the current one while unexpired, the
 * lecture marked bought unless it was read marked), or a term's bundle (until the term's end when
 * ordered, the term marked bought). A top-up buys nothing: its credit is creditTopUp's.
 */
export async function purchaseItemsOf(o: OrderRecord, now: Date, held?: Held): Promise<TransactItem[]> {
  const at = now.toISOString();
  const termId = o.kind === 'term' ? o.termId : undefined;
  if (termId) {
    const current = held ? held.current : await termPurchaseOf(o.userId, termId);
    const bundle = { userId: o.userId, termId, termName: o.lectureName, purchaseDate: at, expiryDate: o.endsAt ?? at, source: 'payment' as const, pricePaid: o.amount, orderId: o.id };
    return termPurchaseItems(bundle, { expiryDate: current?.expiryDate ?? null });
  }
  const current = held ? held.current : await purchaseOf(o.userId, o.lectureId);
  const purchase: PurchaseRecord = {
    userId: o.userId,
    lectureId: o.lectureId,
    purchaseDate: at,
    expiryDate: expiryAfter(current, now, o.accessDays),
    source: 'payment',
    pricePaid: o.amount,
    orderId: o.id,
  };
  return purchaseItems(purchase, { expiryDate: current?.expiryDate ?? null }, held?.lectureMarked);
}

/**
 * Pays the order: its status (unless already paid), what it buys (purchaseItemsOf) and the coupon's
 * paid use — one transaction; a top-up: its status and the balance's credit (creditTopUp). Returns
 * false when it was paid already.
 */
export async function markPaid(orderId: string, d: PaidDetails, now = new Date()): Promise<boolean> {
  for (let attempt = 0; ; attempt++) {
    const o = await orderById(orderId);
    if (!o) throw new NotFound('No such order', 'payment.order');
    if (o.status === 'paid') return false;
    if (o.kind === 'topUp') return creditTopUp(o, d, now);
    if (endedBeforePaid(o, now)) {
      if (await refundLate(o, d, now)) return true;
      if (attempt >= ATTEMPTS - 1) throw new Conflict('This order was changed meanwhile; try again', 'conflict');
      await backoff(attempt);
      continue; // read again: paid meanwhile, or its coupon changed
    }
    const [bought, coupon] = await Promise.all([purchaseItemsOf(o, now), liveCoupon(o)]);
    const at = now.toISOString();
    const items: TransactItem[] = [
      updateOrderItem(
        o.id,
        { status: 'paid', method: d.method ?? o.method, paidAt: at, updatedAt: at, couponHeld: false, transactionId: d.transactionId, lastMessage: d.message },
        { statusNot: 'paid', couponHeld: o.couponHeld },
      ),
      ...bought,
      ...(coupon ? paidUseItems(coupon, o.userId, o.id, o.couponHeld) : o.couponHeld && o.couponCode ? [holderGoneItem(o.couponCode, o.userId)] : []),
      paidNoteItem(o, now),
      // Last: a failed condition here is checked below (refuseIfPaidAnother).
      ...(d.transactionId ? [transactionUseItem(d.transactionId, o.id, at)] : []),
    ];
    try {
      await transact(items);
      logger.info('order paid', { orderId: o.id, lectureId: o.lectureId, termId: o.termId, method: d.method ?? o.method, amount: o.amount });
      await tellPaymentConfirmed(o);
      return true;
    } catch (e) {
      if (!isCancelled(e)) throw e;
      if (d.transactionId && failedConditions(e).includes(items.length - 1)) await refuseIfPaidAnother(d.transactionId, o.id);
      if (attempt >= ATTEMPTS - 1) throw e;
      await backoff(attempt);
    }
  }
}

/**
 * Pays a top-up: the order's move to paid (on condition it was not paid yet) with the balance's
 * credit and its ledger entry, one transaction. Returns false when it was paid already.
 */
async function creditTopUp(o: OrderRecord, d: PaidDetails, now: Date): Promise<boolean> {
  const at = now.toISOString();
  const items: TransactItem[] = [
    updateOrderItem(o.id, { status: 'paid', method: d.method ?? o.method, paidAt: at, updatedAt: at, transactionId: d.transactionId, lastMessage: d.message }, { statusNot: 'paid' }),
    ...(d.transactionId ? [transactionUseItem(d.transactionId, o.id, at)] : []),
    paidNoteItem(o, now),
  ];
  try {
    const { balance } = await moveWallet(o.userId, { amount: o.amount, kind: 'topUp', ref: o.id, at }, items);
    logger.info('top-up paid', { orderId: o.id, method: d.method ?? o.method, amount: o.amount, balance });
    await tellPaymentConfirmed(o);
    return true;
  } catch (e) {
    if (!(e instanceof WalletAlsoFailed)) throw e;
    if (e.index === 0) return false; // another notice paid it meanwhile
    if (d.transactionId) await refuseIfPaidAnother(d.transactionId, o.id);
    throw e;
  }
}

/** A term's bundle whose money came after the term ended (a kiosk reference paid late): it would be over before it started. */
const endedBeforePaid = (o: OrderRecord, now: Date) => o.kind === 'term' && o.endsAt !== undefined && Date.parse(o.endsAt) <= now.getTime() && o.amountCents > 0;

/**
 * Pays such an order into the student's balance instead: the order paid with refundReason
 * 'termEnded' (on condition it was not paid yet), its coupon use given back, the balance credited
 * with a ledger entry of kind refund naming the order — one transaction. False when a condition
 * failed (paid meanwhile, its coupon changed): the caller reads the order again.
 */
async function refundLate(o: OrderRecord, d: PaidDetails, now: Date): Promise<boolean> {
  const at = now.toISOString();
  const items: TransactItem[] = [
    updateOrderItem(
      o.id,
      { status: 'paid', method: d.method ?? o.method, paidAt: at, updatedAt: at, couponHeld: false, refundReason: 'termEnded', transactionId: d.transactionId, lastMessage: d.message },
      { statusNot: 'paid', couponHeld: o.couponHeld },
    ),
    ...(await giveBack(o)),
    paidNoteItem(o, now, true),
    // Last: a failed condition here is checked below (refuseIfPaidAnother).
    ...(d.transactionId ? [transactionUseItem(d.transactionId, o.id, at)] : []),
  ];
  try {
    const { balance } = await moveWallet(o.userId, { amount: o.amount, kind: 'refund', ref: o.id, at }, items);
    logger.warn('a term bundle was paid after the term ended: the amount went to the balance', { orderId: o.id, termId: o.termId, endsAt: o.endsAt, amount: o.amount, balance });
    return true;
  } catch (e) {
    if (!(e instanceof WalletAlsoFailed)) throw e;
    if (d.transactionId && e.index === items.length - 1) await refuseIfPaidAnother(d.transactionId, o.id);
    return false;
  }
}

/**
 * Gives the order up: failed (declined), expired (its hold ran out) or cancelled (superseded) —
 * only while it is pending, and with its coupon use given back. Returns false when it had moved on.
 */
export async function release(orderId: string, status: Extract<OrderStatus, 'failed' | 'expired' | 'cancelled'>, now = new Date(), extra: { method?: PaymentMethod | null; message?: string } = {}): Promise<boolean> {
  for (let attempt = 0; ; attempt++) {
    const o = await orderById(orderId);
    if (!o || o.status !== 'pending') return false;
    const items = [
      updateOrderItem(o.id, { status, couponHeld: false, updatedAt: now.toISOString(), method: extra.method ?? o.method, lastMessage: extra.message }, { statusIn: ['pending'], couponHeld: o.couponHeld }),
      ...(await giveBack(o)),
    ];
    try {
      await transact(items);
      logger.info(`order ${status}`, { orderId: o.id, couponGivenBack: items.length > 1 });
      return true;
    } catch (e) {
      if (!isCancelled(e) || attempt >= ATTEMPTS - 1) throw e;
      await backoff(attempt);
    }
  }
}

/**
 * A kiosk payment waits at an outlet: the reference and a hold of KIOSK_HOLD_DAYS. Never over a
 * paid order; an order given up earlier (declined card, superseded, expired) is pending again,
 * since the same checkout can still be paid (its coupon use is counted when the money arrives).
 */
export async function markPending(o: OrderRecord, t: PaymobTransaction, method: PaymentMethod | null, now = new Date()): Promise<void> {
  const kiosk = method === 'kiosk' || t.billReference !== null;
  const sameReference = o.status === 'pending' && o.kioskReference !== null && o.kioskReference === (t.billReference ?? o.kioskReference);
  const holdUntil = kiosk && !sameReference ? new Date(now.getTime() + KIOSK_HOLD_DAYS * 24 * 60 * 60 * 1000).toISOString() : o.holdUntil;
  // The student's list names the longer hold before the order holds it (AP61).
  if (holdUntil !== o.holdUntil) await notePendingOrders(o.userId, [{ id: o.id, holdUntil }]);
  try {
    await updateOrder(
      o.id,
      {
        status: 'pending',
        method: method ?? o.method,
        updatedAt: now.toISOString(),
        transactionId: t.id || undefined,
        lastMessage: t.message || undefined,
        ...(kiosk
          ? {
              kioskReference: t.billReference ?? o.kioskReference,
              holdUntil,
            }
          : {}),
      },
      { statusNot: 'paid' },
    );
  } catch (e) {
    if (!isCancelled(e)) throw e; // paid meanwhile: nothing to record
  }
}

export interface Settled {
  outcome: Outcome;
  method: PaymentMethod | null;
  order: OrderRecord;
}

/**
 * A verified notice (processed callback or browser return): it settles the order whose intention
 * Paymob gave the order id it signed (AP63), and only that one. The unsigned merchant_order_id is a
 * cross-check: when it names another order, the notice is refused. An order whose Paymob order id
 * was never stored cannot be found this way at all (the reconciler's inquiry can still settle it).
 */
export async function settleSignedTransaction(t: PaymobTransaction, settings: PaymobSettings, now = new Date()): Promise<Settled> {
  const o = t.paymobOrderId ? await orderOfPaymobOrder(t.paymobOrderId) : undefined;
  if (!o) throw new NotFound('This payment names no order of ours', 'payment.order');
  if ((t.merchantOrderId && t.merchantOrderId !== o.id) || String(o.intentionOrderId) !== t.paymobOrderId) {
    logger.warn('a signed payment notice names another order beside its own: refused', { orderId: o.id, named: t.merchantOrderId, paymobOrder: t.paymobOrderId, transactionId: t.id });
    throw mismatch();
  }
  return settle(o, t, settings, now);
}

/**
 * The answer of Paymob's transaction inquiry for one of our orders (asked by its id, over TLS with
 * our token): settles that order, if the answer is about it.
 */
export async function settleInquiredTransaction(orderId: string, t: PaymobTransaction, settings: PaymobSettings, now = new Date()): Promise<Settled> {
  const o = await orderById(orderId);
  if (!o) throw new NotFound('This payment names no order of ours', 'payment.order');
  const otherPaymobOrder = o.intentionOrderId !== undefined && t.paymobOrderId !== '' && t.paymobOrderId !== String(o.intentionOrderId);
  if ((t.merchantOrderId && t.merchantOrderId !== o.id) || otherPaymobOrder) {
    logger.warn('an inquiry answered about another order', { orderId: o.id, named: t.merchantOrderId, paymobOrder: t.paymobOrderId });
    throw mismatch();
  }
  return settle(o, t, settings, now);
}

const mismatch = () => new BadRequest("The payment's amount or currency is not the order's", 'payment.mismatch');

/**
 * What a transaction does to its order. The amount and currency must be the order's (400
 * payment.mismatch; nothing changes).
 */
async function settle(o: OrderRecord, t: PaymobTransaction, settings: PaymobSettings, now: Date): Promise<Settled> {
  if (t.amountCents !== o.amountCents || t.currency !== o.currency) {
    logger.warn('payment does not match its order', { orderId: o.id, amountCents: t.amountCents, expected: o.amountCents, currency: t.currency });
    throw mismatch();
  }
  const outcome = outcomeOf(t);
  const method = methodOf(t, settings.integrations);
  switch (outcome) {
    case 'paid':
      await markPaid(o.id, { method, transactionId: t.id || undefined, message: t.message || undefined }, now);
      break;
    case 'pending':
      if (o.status !== 'paid') await markPending(o, t, method, now);
      break;
    case 'failed':
      // A declined card does not end a kiosk order still waiting for its reference to be paid.
      if (o.kioskReference && o.transactionId && o.transactionId !== t.id) break;
      await release(o.id, 'failed', now, { method, message: t.message || undefined });
      break;
    default:
      logger.info('payment notice ignored (void or refund)', { orderId: o.id, transactionId: t.id });
  }
  return { outcome, method, order: o };
}
