/**
 * Paymob's checkout for an order already written (pending): the intention asked for, its link and
 * Paymob's order id stored (the id a signed notice names). Whatever goes wrong, nothing stays held:
 * the order fails and gives its coupon use back.
 */
import { type OrderRecord, storeIntention } from '../data/order-repo';
import { logger } from '../lib/log';
import { type IntentionInput, type PaymentGateway, gatewayError } from './gateway';
import { isCancelled, release } from './settlement';

export async function openCheckout(order: OrderRecord, input: Omit<IntentionInput, 'orderId' | 'amountCents'>, gateway: PaymentGateway, now: Date): Promise<OrderRecord & { paymentUrl: string }> {
  try {
    const intention = await gateway.createIntention({ orderId: order.id, amountCents: order.amountCents, ...input });
    // Without Paymob's order id no notice could ever be matched to this order: no link is offered.
    if (intention.intentionOrderId === undefined) {
      logger.error('Paymob gave the intention no order id: the link is not offered', { orderId: order.id, intentionId: intention.intentionId });
      throw gatewayError();
    }
    await storeIntention(order.id, { ...intention, intentionOrderId: intention.intentionOrderId }, new Date().toISOString()).catch((e: unknown) => {
      if (!isCancelled(e)) throw e;
      logger.error('Paymob gave an order id another order of ours has: the link is not offered', { orderId: order.id, paymobOrderId: intention.intentionOrderId });
      throw gatewayError();
    });
    return { ...order, ...intention };
  } catch (e) {
    await release(order.id, 'failed', now, { message: 'the payment link could not be created' }).catch((err: unknown) => logger.error('could not release an order after a gateway failure', { orderId: order.id, error: err }));
    throw e;
  }
}
