/**
 * A student's orders: the payment link for a lecture or a term's bundle (priced on the server, the
 * coupon's use held in the order's own transaction), the 100 % coupon that grants at once, the
 * lecture or bundle bought from the balance, and My lectures.
 */
import { ulid } from 'ulid';
import { PAYMENT_CURRENCY, PAYMENT_HOLD_MINUTES } from '../../shared/constants';
import { type Order, type PurchasedBundle, type PurchasedLecture, normalizeCouponCode } from '../../shared/schemas/commerce';
import type { z } from 'zod';
import type { paymentIntention } from '../../shared/schemas/responses';
import { type Viewer, classReads, isFreeLecture, isUnexpired, lectureForSale, lecturesOfBundle, termForSale, toLecture } from '../catalogue/public';
import { type CouponRecord, couponForOrder, couponRefusal, explainTakeFailure, takeUseItems } from '../coupons/public';
import { type OrderRecord, POINTER_ITEM, forgetPendingOrders, saleOf, newOrderItems, notePendingOrders, openOrderOf, ordersByIds, ordersOfStudent, pendingOrderHolds, transact } from '../data/order-repo';
import { purchaseOf, purchasesOfUser } from '../data/purchase-repo';
import { termPurchaseOf, termPurchasesOfUser } from '../data/term-purchase-repo';
import { BadRequest, Conflict } from '../lib/errors';
import type { Contact, ReadAlong } from '../lib/http';
import { assertBalanceCovers, balanceOf, paidByBalance, payFromBalance } from './balance';
import { openCheckout } from './checkout';
import { type PaymentGateway, gateway as paymob } from './gateway';
import { failedConditions, isCancelled, markPaid, release } from './settlement';
import { priceOf } from './transaction';
import { toOrder } from './views';

export type PaymentIntention = z.infer<typeof paymentIntention>;

const MINUTE_MS = 60_000;
/** A reused checkout link must leave the student this long to pay. */
const REUSE_MARGIN_MS = 5 * MINUTE_MS;
/** An order this young without its link is being opened by another request: wait for it. */
const IN_FLIGHT_MS = 15_000;
/**
 * How long a request waits, by the clock, for another's link: past the gateway's own 8 s limit, so
 * a slow gateway (or a busy machine) makes the twin wait rather than supersede a link on its way.
 */
const IN_FLIGHT_WAIT_MS = 9_000;
/** Transactions that collided with another request's: looked at again this many times. */
const ATTEMPTS = 6;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

const sameCoupon = (a: string | null | undefined, b: string | null | undefined) => (a ? normalizeCouponCode(a) : '') === (b ? normalizeCouponCode(b) : '');

/** The student's open card/wallet checkout of this lecture, still good for the same price and coupon. */
function reusable(o: OrderRecord | undefined, price: number, code: string | undefined, now: Date): o is OrderRecord & { paymentUrl: string } {
  return (
    o !== undefined &&
    o.status === 'pending' &&
    !o.kioskReference &&
    !!o.paymentUrl &&
    o.intentionOrderId !== undefined &&
    Date.parse(o.holdUntil) - now.getTime() > REUSE_MARGIN_MS &&
    o.originalPrice === price &&
    sameCoupon(o.couponCode, code)
  );
}
/**
 * The order this very request's twin (the same page asking twice, a double tap) just paid with the same
 * 100 % coupon, or from the balance: it answers "granted" again, not "owned". However the twins
 * interleave: one may first read the store only after the other has granted the lecture.
 */
const justGranted = (o: OrderRecord | undefined, code: string | undefined, useWallet: boolean, now: Date): o is OrderRecord & { paidAt: string } =>
  o !== undefined &&
  o.status === 'paid' &&
  (o.method === 'coupon' || (useWallet && o.method === 'balance')) &&
  sameCoupon(o.couponCode, code) &&
  o.paidAt !== null &&
  now.getTime() - Date.parse(o.paidAt) < IN_FLIGHT_MS;
const inFlight = (o: OrderRecord | undefined, now: Date) => o !== undefined && o.status === 'pending' && !o.paymentUrl && !o.kioskReference && now.getTime() - Date.parse(o.createdAt) < IN_FLIGHT_MS;

const intentionOf = (o: OrderRecord, granted: boolean, message: string, balance?: number): PaymentIntention => ({
  message,
  paymentUrl: granted ? '' : (o.paymentUrl ?? ''),
  orderId: o.id,
  granted,
  data: {
    originalPrice: o.originalPrice,
    discountedPrice: o.amount,
    ...(o.discount !== null ? { discount: o.discount } : {}),
    ...(o.couponCode !== null ? { couponCode: o.couponCode } : {}),
    ...(balance !== undefined ? { balance } : {}),
  },
});

export const LINK_CREATED = 'Payment link created';
export const GRANTED = 'The lecture is now among your paid lectures';
export const TERM_GRANTED = 'The whole term is now among your paid lectures';

/**
 * What an order sells, priced on the server: a lecture, or a term's bundle (every lecture of the
 * term until it ends). The checkout below is the same for both.
 */
export interface Sale {
  /** The order's fields that say what it buys (OrderRecord). */
  what: Pick<OrderRecord, 'kind' | 'lectureId' | 'lectureName' | 'courseId' | 'accessDays' | 'termId' | 'endsAt'>;
  /** LE before the coupon. */
  price: number;
  /** What Paymob's checkout shows. */
  item: { name: string; description: string };
  extras: Record<string, string>;
  /** The student's purchase of it now (owned while unexpired: 409 payment.owned). */
  owned: () => Promise<{ expiryDate: string } | undefined>;
  /** The lecture was read marked bought already (a term's mark is written each time: it checks the term is there). */
  lectureMarked: boolean;
  ownedMessage: string;
  grantedMessage: string;
  /** When it kept changing under a purchase from the balance (409 conflict). */
  changedMessage: string;
}

/** The body of both payment-intention routes: the coupon, and whether to pay from the balance. */
export interface PaymentChoice {
  couponCode?: string;
  useWallet?: boolean;
}

const lectureSale = async (lectureId: string, viewer: Viewer): Promise<Sale> => {
  const lecture = await lectureForSale(lectureId, viewer);
  if (isFreeLecture(lecture)) throw new BadRequest('This lecture is free: open it directly', 'payment.free');
  return {
    what: { kind: 'lecture', lectureId, lectureName: lecture.name, courseId: lecture.courseId, accessDays: toLecture(lecture).accessDays },
    price: lecture.price,
    item: { name: lecture.name, description: lecture.subTitle },
    extras: { lectureId, userId: viewer.userId },
    owned: () => purchaseOf(viewer.userId, lectureId),
    lectureMarked: lecture.firstPurchasedAt !== undefined,
    ownedMessage: 'You already own this lecture; it has not expired',
    grantedMessage: GRANTED,
    changedMessage: 'This lecture was changed meanwhile; try again',
  };
};

const DAY_MS = 24 * 60 * MINUTE_MS;
const termSale = async (termId: string, viewer: Viewer, now: Date): Promise<Sale> => {
  const term = await termForSale(termId, viewer, now);
  return {
    // The purchase lasts until the term's end as it is now (settlement.ts reads it from the order).
    what: { kind: 'term', lectureId: '', termId, endsAt: term.endsAt, lectureName: term.name, courseId: term.courseId, accessDays: Math.ceil((Date.parse(term.endsAt) - now.getTime()) / DAY_MS) },
    price: term.bundlePrice,
    item: { name: term.name, description: term.name },
    extras: { termId, userId: viewer.userId },
    owned: () => termPurchaseOf(viewer.userId, termId),
    lectureMarked: false,
    ownedMessage: 'You already own this term; it has not ended',
    grantedMessage: TERM_GRANTED,
    changedMessage: 'This term was changed meanwhile; try again',
  };
};

/**
 * POST /api/user/payment-intention/{lectureId}: the checkout link for the lecture at the server's
 * price after the coupon (checkout).
 */
export async function createPaymentIntention(lectureId: string, viewer: Viewer & { contact: Contact }, choice: PaymentChoice, now = new Date(), gateway: PaymentGateway = paymob): Promise<PaymentIntention> {
  return checkout(await lectureSale(lectureId, viewer), viewer, choice, now, gateway);
}

/** POST /api/user/payment-intention/term/{termId}: the same for the term's bundle (400 payment.noBundle when none is sold now). */
export async function createTermPaymentIntention(termId: string, viewer: Viewer & { contact: Contact }, choice: PaymentChoice, now = new Date(), gateway: PaymentGateway = paymob): Promise<PaymentIntention> {
  return checkout(await termSale(termId, viewer, now), viewer, choice, now, gateway);
}

/**
 * What is sold, at the server's price after the coupon. Reuses the student's open checkout of it
 * while its price and coupon hold; otherwise supersedes it (never a kiosk order waiting for its
 * reference) and opens a new order with Paymob's checkout (checkout.ts). A price of 0 grants it at
 * once, without the gateway; so does `useWallet` when the balance covers the price (balance.ts; 402
 * wallet.insufficient, and nothing taken, when it does not).
 */
async function checkout(sale: Sale, viewer: Viewer & { contact: Contact }, choice: PaymentChoice, now: Date, gateway: PaymentGateway): Promise<PaymentIntention> {
  const userId = viewer.userId;
  const code = choice.couponCode?.trim() || undefined;
  const useWallet = choice.useWallet === true;
  const ref = saleOf(sale.what);

  const waitUntil = Date.now() + IN_FLIGHT_WAIT_MS;
  for (let attempt = 0; ; ) {
    const [owned, open] = await Promise.all([sale.owned(), openOrderOf(userId, ref)]);
    if (justGranted(open, code, useWallet, now)) return intentionOf(open, true, sale.grantedMessage, open.method === 'balance' ? await balanceOf(userId) : undefined);
    if (isUnexpired(owned, now)) throw new Conflict(sale.ownedMessage, 'payment.owned');
    // A bundle's open checkout is reused only while the term's end is still the one it was priced with.
    if (!useWallet && reusable(open, sale.price, code, now) && open.endsAt === sale.what.endsAt) return intentionOf(open, false, LINK_CREATED);
    if (inFlight(open, now) && Date.now() < waitUntil) {
      await sleep(200);
      continue;
    }

    // The coupon's once-per-student guard compares with this sale's open-order pointer (AP36/AP87).
    const couponRequest = { code: code ?? '', userId, courseId: sale.what.courseId, lectureId: ref, now };
    const coupon: CouponRecord | undefined = code ? await couponForOrder(couponRequest) : undefined;
    // A kiosk order waiting for its reference keeps its use of the coupon (one held at a time): a new order cannot take it too.
    if (coupon && open?.status === 'pending' && open.kioskReference && open.couponHeld && sameCoupon(open.couponCode, coupon.code)) {
      throw couponRefusal(coupon.oncePerStudent ? 'coupon.alreadyUsed' : 'coupon.held');
    }
    const price = priceOf(sale.price, coupon?.discount);
    const fromBalance = useWallet && price.amountCents > 0;
    if (fromBalance) {
      try {
        await assertBalanceCovers(userId, price.amount);
      } catch (e) {
        // Its twin (a double tap) may have paid from this very balance since the read above: its grant
        // is this request's answer too, not "insufficient" (the debit and the order are one transaction).
        const again = await openOrderOf(userId, ref);
        if (justGranted(again, code, useWallet, now)) return intentionOf(again, true, sale.grantedMessage, await balanceOf(userId));
        throw e;
      }
    }
    if (open && open.status === 'pending' && !open.kioskReference) await release(open.id, 'cancelled', now);

    const at = now.toISOString();
    const order: OrderRecord = {
      id: ulid(),
      userId,
      ...sale.what,
      status: 'pending',
      method: null,
      ...price,
      currency: PAYMENT_CURRENCY,
      couponCode: coupon?.code ?? null,
      couponId: coupon?.id ?? null,
      couponOncePerStudent: coupon?.oncePerStudent ?? false,
      discount: coupon?.discount ?? null,
      couponHeld: coupon !== undefined,
      kioskReference: null,
      holdUntil: new Date(now.getTime() + PAYMENT_HOLD_MINUTES * MINUTE_MS).toISOString(),
      createdAt: at,
      updatedAt: at,
      paidAt: null,
      ...(fromBalance ? paidByBalance(at) : {}),
    };
    if (fromBalance) {
      const balance = await payFromBalance(order, open?.id ?? null, { current: owned, lectureMarked: sale.lectureMarked }, coupon && { record: coupon, request: couponRequest }, now);
      if (balance !== undefined) return intentionOf(order, true, sale.grantedMessage, balance);
      if (++attempt >= ATTEMPTS) throw new Conflict(sale.changedMessage, 'conflict');
      continue;
    }
    // Named among the student's pending orders before it exists (AP61): their list never misses it.
    await notePendingOrders(userId, [order]);
    try {
      await transact([...newOrderItems(order, open?.id ?? null), ...(coupon ? takeUseItems(coupon, userId, order.id, now) : [])]);
    } catch (e) {
      if (!isCancelled(e) || ++attempt >= ATTEMPTS) throw e;
      const failed = failedConditions(e);
      // Another request opened an order meanwhile (or the transactions collided): look again.
      if (failed.includes(POINTER_ITEM) || failed.length === 0) continue;
      if (coupon && failed.some((i) => i > POINTER_ITEM)) await explainTakeFailure(couponRequest);
      throw e;
    }

    if (price.amountCents === 0) {
      await markPaid(order.id, { method: 'coupon' }, now);
      return intentionOf(order, true, sale.grantedMessage);
    }

    // The session gate read the student's record for this request: its contacts are current.
    const opened = await openCheckout(order, { item: sale.item, billing: viewer.contact, extras: sale.extras }, gateway, now);
    return intentionOf(opened, false, LINK_CREATED);
  }
}

/**
 * GET /api/AWS/get-purched: purchases and grants, newest first, the term bundles with their lectures,
 * and the orders still waiting. The session gate reads the record, the pending-order holds (AP61),
 * the purchases and the bundles in one Query (`along`); the orders are read only while a hold has
 * not run out, a bundle's lectures only when the student has one.
 */
export async function listPurchases(userId: string, now = new Date(), along?: ReadAlong): Promise<{ data: PurchasedLecture[]; pending: Order[]; bundles: PurchasedBundle[] }> {
  const [purchases, orders, bundles] = await Promise.all([purchasesOfUser(userId, along), ordersMaybePending(userId, now, along), bundlesOf(userId, now, along)]);
  // The lectures are the class's: kept a few seconds (catalogue class-reads.ts); the purchases are the student's own.
  const reads = classReads({ isAdmin: false });
  const lectures = await Promise.all(purchases.map((p) => reads.lectureRecord(p.lectureId)));
  const data = purchases
    .flatMap((p, i): PurchasedLecture[] => {
      const l = lectures[i];
      if (!l) return [];
      const { videos: _v, canWatch: _c, ...view } = toLecture(l);
      void _v;
      void _c;
      return [
        {
          ...view,
          purchaseDate: p.purchaseDate,
          expiryDate: p.expiryDate,
          pricePaid: p.pricePaid ?? (p.source === 'grant' ? 0 : l.price),
          source: p.source,
          expired: !isUnexpired(p, now),
        },
      ];
    })
    .sort((a, b) => b.purchaseDate.localeCompare(a.purchaseDate));
  const pending = orders
    .filter((o) => waitingAt(o, now))
    .sort((a, b) => b.createdAt.localeCompare(a.createdAt) || b.id.localeCompare(a.id))
    .map(toOrder);
  return { data, pending, bundles };
}

/** The student's term bundles, newest first, each with the term's lectures as they are now. */
async function bundlesOf(userId: string, now: Date, along?: ReadAlong): Promise<PurchasedBundle[]> {
  const bought = (await termPurchasesOfUser(userId, along)).sort((a, b) => b.purchaseDate.localeCompare(a.purchaseDate));
  const lectures = await Promise.all(bought.map((b) => lecturesOfBundle(b.termId)));
  return bought.map((b, i) => ({
    termId: b.termId,
    termName: b.termName,
    purchaseDate: b.purchaseDate,
    expiryDate: b.expiryDate,
    pricePaid: b.pricePaid,
    source: b.source,
    expired: !isUnexpired(b, now),
    lectures: lectures[i] ?? [],
  }));
}

/**
 * The student's orders that can still be pending: those whose AP61 hold has not run out (holds that
 * have are forgotten). Before that item exists, every order of theirs (AP35), and the item is written.
 */
async function ordersMaybePending(userId: string, now: Date, along?: ReadAlong): Promise<OrderRecord[]> {
  const holds = await pendingOrderHolds(userId, along);
  if (!holds) {
    const all = await ordersOfStudent(userId);
    const waiting = all.filter((o) => waitingAt(o, now));
    await notePendingOrders(userId, waiting);
    return waiting;
  }
  const [live, over] = partition([...holds].map(([id, holdUntil]) => ({ id, holdUntil })), (h) => Date.parse(h.holdUntil) > now.getTime());
  const [orders] = await Promise.all([live.length ? ordersByIds(live.map((h) => h.id)) : Promise.resolve([]), forgetPendingOrders(userId, over)]);
  return orders;
}

/**
 * An order the student can still pay: pending, its hold not run out, and Paymob's order id stored
 * (before that no notice can settle it: it is not shown, and its link is not given out).
 */
const waitingAt = (o: OrderRecord, now: Date) => o.status === 'pending' && o.intentionOrderId !== undefined && Date.parse(o.holdUntil) > now.getTime();
const partition = <T>(list: T[], keep: (t: T) => boolean): [T[], T[]] => [list.filter(keep), list.filter((t) => !keep(t))];
