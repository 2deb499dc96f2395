/**
 * Paymob's transaction as our settlement reads it, from either kind of callback (the processed
 * callback's `obj`, the browser return's query) or from a transaction inquiry; and the pure rules
 * on it: what the outcome is, how it was paid, what a lecture costs and until when it is owned.
 */
import { type PaymentMethod, discountedPrice } from '../../shared/constants';
import type { HmacField } from './paymob-hmac';
import type { PaymobSettings } from './paymob-settings';

export interface PaymobTransaction {
  id: string;
  /** Our order id (Paymob's special_reference). */
  merchantOrderId: string;
  /** Paymob's order id (the intention's intention_order_id). */
  paymobOrderId: string;
  amountCents: number;
  currency: string;
  success: boolean;
  pending: boolean;
  voided: boolean;
  refunded: boolean;
  integrationId: number | null;
  sourceType: string;
  /** The Aman/Masary reference of a kiosk payment. */
  billReference: string | null;
  message: string;
}

const bool = (v: unknown) => v === true || v === 'true';
const str = (v: unknown) => (v === undefined || v === null ? '' : typeof v === 'string' ? v : String(v as number));
const int = (v: unknown) => (v === undefined || v === null || v === '' ? Number.NaN : Number(v));
const rec = (v: unknown): Record<string, unknown> => (v && typeof v === 'object' ? (v as Record<string, unknown>) : {});

/**
 * From the signed fields of a notice (a processed callback or a browser return), after its signature
 * and their shapes were checked: everything settlement decides on is read from them, and only what
 * Paymob does not sign (our order id, a kiosk reference, the message) from the rest.
 */
export function transactionOfSigned(f: Record<HmacField, string>, unsigned: Pick<PaymobTransaction, 'merchantOrderId' | 'billReference' | 'message'>): PaymobTransaction {
  return {
    id: f.id,
    paymobOrderId: f['order.id'],
    amountCents: Number(f.amount_cents),
    currency: f.currency,
    success: f.success === 'true',
    pending: f.pending === 'true',
    voided: f.is_voided === 'true',
    refunded: f.is_refunded === 'true',
    integrationId: Number(f.integration_id),
    sourceType: f['source_data.type'],
    ...unsigned,
  };
}

/** The unsigned parts of a processed callback's `obj`. */
export function unsignedOfObj(obj: Record<string, unknown>): Pick<PaymobTransaction, 'merchantOrderId' | 'billReference' | 'message'> {
  const data = rec(obj.data);
  return { merchantOrderId: str(rec(obj.order).merchant_order_id ?? obj.merchant_order_id), billReference: str(data.bill_reference) || null, message: str(data.message) };
}

/** The unsigned parts of a browser return's query. */
export const unsignedOfQuery = (q: Record<string, string | undefined>): Pick<PaymobTransaction, 'merchantOrderId' | 'billReference' | 'message'> => ({
  merchantOrderId: str(q.merchant_order_id),
  billReference: str(q['data.bill_reference']) || null,
  message: str(q['data.message']),
});

/** From an inquiry's answer (Paymob's API over TLS with our token: trusted as it stands). */
export function transactionOfObj(obj: Record<string, unknown>): PaymobTransaction {
  const order = rec(obj.order);
  const source = rec(obj.source_data);
  const data = rec(obj.data);
  const integration = int(obj.integration_id);
  return {
    id: str(obj.id),
    merchantOrderId: str(order.merchant_order_id ?? obj.merchant_order_id),
    paymobOrderId: str(order.id),
    amountCents: int(obj.amount_cents),
    currency: str(obj.currency),
    success: bool(obj.success),
    pending: bool(obj.pending),
    voided: bool(obj.is_voided),
    refunded: bool(obj.is_refunded),
    integrationId: Number.isFinite(integration) ? integration : null,
    sourceType: str(source.type),
    billReference: str(data.bill_reference) || null,
    message: str(data.message),
  };
}

export type Outcome = 'paid' | 'pending' | 'failed' | 'ignored';

/**
 * paid: success, not pending, not voided or refunded. pending: waiting (a kiosk reference).
 * failed: declined (success false, pending false). A void or refund notice is ignored here.
 */
export function outcomeOf(t: Pick<PaymobTransaction, 'success' | 'pending' | 'voided' | 'refunded'>): Outcome {
  if (t.voided || t.refunded) return 'ignored';
  if (t.pending) return 'pending';
  return t.success ? 'paid' : 'failed';
}

/** How it was paid: by the integration id (ours, from the settings), else by Paymob's source type. */
export function methodOf(t: Pick<PaymobTransaction, 'integrationId' | 'sourceType'>, integrations?: PaymobSettings['integrations']): PaymentMethod | null {
  if (integrations && t.integrationId !== null) {
    if (t.integrationId === integrations.card) return 'card';
    if (t.integrationId === integrations.wallet) return 'wallet';
    if (t.integrationId === integrations.kiosk) return 'kiosk';
  }
  const type = t.sourceType.toLowerCase();
  if (type === 'card') return 'card';
  if (type === 'wallet') return 'wallet';
  if (type === 'aggregator' || type === 'kiosk' || type === 'cash') return 'kiosk';
  return null;
}

/** LE after the coupon (2 decimals) and in piasters for Paymob. */
export function priceOf(price: number, discount: number | undefined): { originalPrice: number; amount: number; amountCents: number } {
  const amount = discountedPrice(price, discount);
  return { originalPrice: price, amount, amountCents: toPiasters(amount) };
}
export const toPiasters = (le: number) => Math.round(le * 100);

const DAY_MS = 24 * 60 * 60 * 1000;
/**
 * A purchase's new expiry: the access period counted from now, or from the end of the current
 * purchase while it has not expired (buying again extends it).
 */
export function expiryAfter(current: { expiryDate: string } | undefined, now: Date, accessDays: number): string {
  const from = Math.max(now.getTime(), current ? Date.parse(current.expiryDate) || 0 : 0);
  return new Date(from + accessDays * DAY_MS).toISOString();
}
