import { type Handler, ok } from '../lib/http';
import { CALLBACK_MESSAGES, receiveCallback } from './callbacks';

/** POST /api/payments/paymob/webhook?hmac= (public, HMAC verified) → {message}; settles the order exactly once. */
export const receivePaymobCallback: Handler<'POST /api/payments/paymob/webhook'> = async ({ event }) => {
  const settled = await receiveCallback(event);
  return ok({ message: CALLBACK_MESSAGES[settled?.outcome ?? 'ignoredType'] });
};
