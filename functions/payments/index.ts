import type { APIGatewayProxyEventV2, Context } from 'aws-lambda';
import { sessionGate } from '../auth/public';
import { domainHandler } from '../lib/http';
import { createPaymentIntention } from './create-payment-intention';
import { getSales } from './get-sales';
import { listPurchases } from './list-purchases';
import { receivePaymobCallback } from './receive-paymob-callback';
import { reconcilePendingOrders } from './reconcile';
import { isReconcileEvent } from './reconcile-event';
import { returnFromPaymob } from './return-from-paymob';

const routes = domainHandler(
  'payments',
  {
    'GET /api/AWS/get-purched': listPurchases,
    'POST /api/user/payment-intention/{lectureId}': createPaymentIntention,
    'POST /api/payments/paymob/webhook': receivePaymobCallback,
    'GET /api/payments/paymob/return': returnFromPaymob,
    'GET /api/payments/sales': getSales,
  },
  sessionGate,
);

/**
 * The payments domain's Lambda: payment links, Paymob's callbacks, My lectures and the sales page;
 * and, when EventBridge's schedule sends the reconcile event (reconcile-event.ts), the check of
 * orders whose callback never came (reconcile.ts).
 */
export const handler = async (event: APIGatewayProxyEventV2, context: Context) => (isReconcileEvent(event) ? reconcilePendingOrders() : routes(event, context));
