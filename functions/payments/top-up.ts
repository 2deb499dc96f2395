/**
 * Topping up the balance through Paymob: an order of kind 'topUp' for the amount, the same checkout
 * (card, wallet, kiosk) and the same signed settlement as a lecture's. When it is paid, the credit,
 * its ledger entry and the order's move to paid are one transaction conditioned on the order not
 * being paid yet (settlement.ts markPaid), so replayed and racing notices credit once.
 */
import { ulid } from 'ulid';
import { PAYMENT_CURRENCY, PAYMENT_HOLD_MINUTES } from '../../shared/constants';
import type { z } from 'zod';
import type { topUpIntention } from '../../shared/schemas/responses';
import { type OrderRecord, newOrderItem, notePendingOrders, transact } from '../data/order-repo';
import type { Contact } from '../lib/http';
import { openCheckout } from './checkout';
import { type PaymentGateway, gateway as paymob } from './gateway';
import { toPiasters } from './transaction';

export type TopUpIntention = z.infer<typeof topUpIntention>;

export const TOP_UP_LINK_CREATED = 'Payment link created';
/** What Paymob's checkout names the item. */
const TOP_UP_ITEM = 'Bioscope balance';

/** POST /api/wallet/top-up {amount}: a new order for the amount (LE) and its Paymob checkout link. */
export async function createTopUp(userId: string, contact: Contact, amount: number, now = new Date(), gateway: PaymentGateway = paymob): Promise<TopUpIntention> {
  const at = now.toISOString();
  const order: OrderRecord = {
    id: ulid(),
    kind: 'topUp',
    userId,
    lectureId: '',
    lectureName: '',
    courseId: '',
    accessDays: 0,
    status: 'pending',
    method: null,
    originalPrice: amount,
    amount,
    amountCents: toPiasters(amount),
    currency: PAYMENT_CURRENCY,
    couponCode: null,
    couponId: null,
    couponOncePerStudent: false,
    discount: null,
    couponHeld: false,
    kioskReference: null,
    holdUntil: new Date(now.getTime() + PAYMENT_HOLD_MINUTES * 60_000).toISOString(),
    createdAt: at,
    updatedAt: at,
    paidAt: null,
  };
  // Named among the student's pending orders before it exists (AP61): a kiosk reference is listed with them.
  await notePendingOrders(userId, [order]);
  await transact([newOrderItem(order)]);
  const checkout = await openCheckout(order, { item: { name: TOP_UP_ITEM, description: `${amount} LE` }, billing: contact, extras: { userId, topUp: String(amount) } }, gateway, now);
  return { message: TOP_UP_LINK_CREATED, paymentUrl: checkout.paymentUrl, orderId: order.id, amount };
}
