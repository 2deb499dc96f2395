import { sessionGate } from '../auth/public';
import { domainHandler } from '../lib/http';
import { createPaymentIntention } from './create-payment-intention';
import { getSales } from './get-sales';
import { listPurchases } from './list-purchases';
import { receivePaymobCallback } from './receive-paymob-callback';
import { returnFromPaymob } from './return-from-paymob';
import { createTopUp } from './create-top-up';

/**
 * The payments domain's Lambda: payment links, top-ups of the balance, Paymob's callbacks, My lectures
 * and the sales page.
 * The check of orders whose callback never came runs in a Lambda of its own (reconcile-handler.ts).
 */
export const handler = domainHandler(
  'payments',
  {
    'GET /api/AWS/get-purched': listPurchases,
    'POST /api/user/payment-intention/{lectureId}': createPaymentIntention,
    'POST /api/payments/paymob/webhook': receivePaymobCallback,
    'GET /api/payments/paymob/return': returnFromPaymob,
    'POST /api/wallet/top-up': createTopUp,
    'GET /api/payments/sales': getSales,
  },
  sessionGate,
);
