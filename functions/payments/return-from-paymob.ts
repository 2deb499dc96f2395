import { env } from '../lib/env';
import { type Handler, redirect } from '../lib/http';
import { HttpError } from '../lib/errors';
import { logger } from '../lib/log';
import { receiveReturn } from './callbacks';

/**
 * GET /api/payments/paymob/return (public): the browser back from Paymob's checkout. Always a 302:
 * /temp when the transaction is paid or waits at a kiosk, /fail otherwise — a bad signature
 * included (and then nothing changes). After a top-up of the balance, either with `?for=topUp`, so the
 * page speaks of the balance and leads to the wallet instead of the lectures.
 */
export const returnFromPaymob: Handler<'GET /api/payments/paymob/return'> = async ({ event }) => {
  const base = env.PUBLIC_URL.replace(/\/$/, '');
  try {
    const { settled } = await receiveReturn(event.queryStringParameters ?? {});
    const ok = settled.outcome === 'paid' || (settled.outcome === 'pending' && settled.method === 'kiosk');
    return redirect(`${base}${ok ? '/temp' : '/fail'}${settled.order.kind === 'topUp' ? '?for=topUp' : ''}`);
  } catch (e) {
    if (e instanceof HttpError) logger.warn('Paymob return refused', { code: e.code });
    else logger.error('Paymob return failed', { error: e });
    return redirect(`${base}/fail`);
  }
};
