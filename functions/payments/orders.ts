/**
 * A student's orders: the payment link for a lecture (priced on the server, the coupon's use held
 * in the order's own transaction), the 100 % coupon that grants at once, the lecture bought from the
 * balance, and My lectures.
 */
import { ulid } from 'ulid';
import { PAYMENT_CURRENCY, PAYMENT_HOLD_MINUTES } from '../../shared/constants';
import { type Order, type PurchasedLecture, normalizeCouponCode } from '../../shared/schemas/commerce';
import type { z } from 'zod';
import type { paymentIntention } from '../../shared/schemas/responses';
import { type Viewer, classReads, isFreeLecture, isUnexpired, lectureForSale, toLecture } from '../catalogue/public';
import { type CouponRecord, couponForOrder, couponRefusal, explainTakeFailure, takeUseItems } from '../coupons/public';
import { type OrderRecord, POINTER_ITEM, forgetPendingOrders, newOrderItems, notePendingOrders, openOrderOf, ordersByIds, ordersOfStudent, pendingOrderHolds, transact } from '../data/order-repo';
import { purchaseOf, purchasesOfUser } from '../data/purchase-repo';
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

/**
 * POST /api/user/payment-intention/{lectureId}: the checkout link for the lecture at the server's
 * price after the coupon. Reuses the student's open checkout while its price and coupon hold;
 * otherwise supersedes it (never a kiosk order waiting for its reference) and opens a new order.
 * A price of 0 grants the lecture at once, without the gateway; so does `useWallet` when the balance
 * covers the price (402 wallet.insufficient, and nothing taken, when it does not).
 */
export async function createPaymentIntention(
  lectureId: string,
  viewer: Viewer & { contact: Contact },
  choice: { couponCode?: string; useWallet?: boolean },
  now = new Date(),
  gateway: PaymentGateway = paymob,
): Promise<PaymentIntention> {
  const userId = viewer.userId;
  const code = choice.couponCode?.trim() || undefined;
  const useWallet = choice.useWallet === true;
  const lecture = await lectureForSale(lectureId, viewer);
  if (isFreeLecture(lecture)) throw new BadRequest('This lecture is free: open it directly', 'payment.free');

  const waitUntil = Date.now() + IN_FLIGHT_WAIT_MS;
  for (let attempt = 0; ; ) {
    const [owned, open] = await Promise.all([purchaseOf(userId, lectureId), openOrderOf(userId, lectureId)]);
    if (justGranted(open, code, useWallet, now)) return intentionOf(open, true, GRANTED, open.method === 'balance' ? await balanceOf(userId) : undefined);
    if (isUnexpired(owned, now)) throw new Conflict('You already own this lecture; it has not expired', 'payment.owned');
    if (!useWallet && reusable(open, lecture.price, code, now)) return intentionOf(open, false, LINK_CREATED);
    if (inFlight(open, now) && Date.now() < waitUntil) {
      await sleep(200);
      continue;
    }

    const couponRequest = { code: code ?? '', userId, courseId: lecture.courseId, lectureId, now };
    const coupon: CouponRecord | undefined = code ? await couponForOrder(couponRequest) : undefined;
    // A kiosk order waiting for its reference keeps its use of the coupon (one held at a time): a new order cannot take it too.
    if (coupon && open?.status === 'pending' && open.kioskReference && open.couponHeld && sameCoupon(open.couponCode, coupon.code)) {
      throw couponRefusal(coupon.oncePerStudent ? 'coupon.alreadyUsed' : 'coupon.held');
    }
    const price = priceOf(lecture.price, coupon?.discount);
    const fromBalance = useWallet && price.amountCents > 0;
    if (fromBalance) await assertBalanceCovers(userId, price.amount);
    if (open && open.status === 'pending' && !open.kioskReference) await release(open.id, 'cancelled', now);

    const at = now.toISOString();
    const order: OrderRecord = {
      id: ulid(),
      userId,
      lectureId,
      lectureName: lecture.name,
      courseId: lecture.courseId,
      accessDays: toLecture(lecture).accessDays,
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
      const balance = await payFromBalance(order, open?.id ?? null, owned, coupon && { record: coupon, request: couponRequest }, now);
      if (balance !== undefined) return intentionOf(order, true, GRANTED, balance);
      if (++attempt >= ATTEMPTS) throw new Conflict('This lecture was changed meanwhile; try again', 'conflict');
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
      return intentionOf(order, true, GRANTED);
    }

    // The session gate read the student's record for this request: its contacts are current.
    const checkout = await openCheckout(order, { item: { name: lecture.name, description: lecture.subTitle }, billing: viewer.contact, extras: { lectureId, userId } }, gateway, now);
    return intentionOf(checkout, false, LINK_CREATED);
  }
}

/**
 * GET /api/AWS/get-purched: purchases and grants, newest first, and the orders still waiting. The
 * session gate reads the record, the pending-order holds (AP61) and the purchases in one Query
 * (`along`); the orders are read only while a hold has not run out.
 */
export async function listPurchases(userId: string, now = new Date(), along?: ReadAlong): Promise<{ data: PurchasedLecture[]; pending: Order[] }> {
  const [purchases, orders] = await Promise.all([purchasesOfUser(userId, along), ordersMaybePending(userId, now, along)]);
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
  return { data, pending };
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
