/**
 * A lecture bought from the student's balance: the debit, its ledger entry, the order (paid, method
 * 'balance'), the purchase and the coupon's use are one transaction (wallet-repo moveWallet), so the
 * balance is never negative and a purchase is never paid twice nor without its money.
 */
import type { CouponRecord } from '../coupons/public';
import { explainTakeFailure, takePaidUseItems } from '../coupons/public';
import { type OrderRecord, newOrderItems } from '../data/order-repo';
import { type PurchaseRecord, purchaseItems } from '../data/purchase-repo';
import { WalletAlsoFailed, WalletInsufficient, moveWallet, toPiasters, walletOf } from '../data/wallet-repo';
import { NotFound } from '../lib/errors';
import { logger } from '../lib/log';
import { expiryAfter } from './transaction';

/** The student's balance (LE). */
export const balanceOf = async (userId: string): Promise<number> => (await walletOf(userId, { limit: 1 })).balance;

/** 402 wallet.insufficient, with the balance and the price, before anything moves. */
export async function assertBalanceCovers(userId: string, price: number): Promise<void> {
  const balance = await balanceOf(userId);
  if (toPiasters(balance) < toPiasters(price)) throw new WalletInsufficient(balance, price);
}

/** The order as it is written when the balance pays it: paid at once, nothing held. */
export const paidByBalance = (at: string): Pick<OrderRecord, 'status' | 'method' | 'couponHeld' | 'holdUntil' | 'paidAt'> => ({ status: 'paid', method: 'balance', couponHeld: false, holdUntil: at, paidAt: at });

/**
 * Pays `order` (paidByBalance) from the balance, with the student's open-order pointer moved to it
 * from `previousOrderId`, the purchase extended from `current` and the coupon's use taken and counted.
 * Returns the balance left, or undefined when another request changed this student's order, purchase
 * or balance of this lecture meanwhile: the caller looks again (a twin request may have bought it).
 */
export async function payFromBalance(
  order: OrderRecord,
  previousOrderId: string | null,
  current: PurchaseRecord | undefined,
  coupon: { record: CouponRecord; request: Parameters<typeof explainTakeFailure>[0] } | undefined,
  now: Date,
): Promise<number | undefined> {
  const at = order.paidAt ?? now.toISOString();
  const purchase: PurchaseRecord = {
    userId: order.userId,
    lectureId: order.lectureId,
    purchaseDate: at,
    expiryDate: expiryAfter(current, now, order.accessDays),
    source: 'payment',
    pricePaid: order.amount,
    orderId: order.id,
  };
  const orderItems = newOrderItems(order, previousOrderId);
  const buyItems = purchaseItems(purchase, { expiryDate: current?.expiryDate ?? null });
  try {
    const { balance } = await moveWallet(order.userId, { amount: -order.amount, kind: 'purchase', ref: order.id, at }, [
      ...orderItems,
      ...buyItems,
      ...(coupon ? takePaidUseItems(coupon.record, order.userId, order.id, now) : []),
    ]);
    logger.info('order paid from the balance', { orderId: order.id, lectureId: order.lectureId, amount: order.amount });
    return balance;
  } catch (e) {
    // The balance fell short after it was checked: another purchase took it, perhaps this one's twin.
    if (e instanceof WalletInsufficient) return undefined;
    if (!(e instanceof WalletAlsoFailed)) throw e;
    // The pointer or the purchase changed since they were read.
    if (e.index < orderItems.length + 1) return undefined;
    if (e.index === orderItems.length + 1) throw new NotFound('Lecture not found', 'lecture.notFound');
    if (coupon) await explainTakeFailure(coupon.request);
    throw e;
  }
}
