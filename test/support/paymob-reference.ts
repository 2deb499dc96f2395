/**
 * Paymob's transaction HMAC written out from its documentation (shared/reference/paymob.md), apart
 * from the product's `paymobHmac`: the tests of settlement sign and check with this, so a mistake in
 * the product's field list or reading cannot hide in a test that shares it.
 */
import { createHmac } from 'node:crypto';

/** The documented field order: values concatenated with nothing between. */
export const DOCUMENTED_FIELDS = [
  'amount_cents',
  'created_at',
  'currency',
  'error_occured',
  'has_parent_transaction',
  'id',
  'integration_id',
  'is_3d_secure',
  'is_auth',
  'is_capture',
  'is_refunded',
  'is_standalone_payment',
  'is_voided',
  'order.id',
  'owner',
  'pending',
  'source_data.pan',
  'source_data.sub_type',
  'source_data.type',
  'success',
];

const asText = (v: unknown) => (v === undefined || v === null ? '' : String(v as string));
const hmac = (secret: string, text: string) => createHmac('sha512', secret).update(text, 'utf8').digest('hex');

/** The string a processed callback's `obj` is signed over (nested fields by their dotted path). */
export function objString(obj: Record<string, unknown>): string {
  const at = (path: string) => path.split('.').reduce<unknown>((o, k) => (o !== null && typeof o === 'object' ? (o as Record<string, unknown>)[k] : undefined), obj);
  return DOCUMENTED_FIELDS.map((f) => asText(at(f))).join('');
}

/** The string a browser return's query is signed over: `order` stands for order.id. */
export function queryString(q: URLSearchParams): string {
  return DOCUMENTED_FIELDS.map((f) => asText(q.get(f === 'order.id' ? 'order' : f))).join('');
}

export const signObj = (obj: Record<string, unknown>, secret: string) => hmac(secret, objString(obj));
export const signQuery = (q: URLSearchParams, secret: string) => hmac(secret, queryString(q));

/** What a processed callback's `obj` says about one of our orders (Paymob's order id, ours as merchant_order_id). */
export interface PaidOrder {
  amountCents: number;
  intentionOrderId?: number;
  id: string;
}

/**
 * A successful transaction's `obj` as Paymob's processed callback carries it (shared/reference/paymob.md),
 * for `order` through `integrationId`; `over` replaces any field (a failure, another source, another amount).
 */
export function paidObj(id: number, order: PaidOrder, integrationId: number, over: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    id,
    pending: false,
    amount_cents: order.amountCents,
    success: true,
    is_auth: false,
    is_capture: false,
    is_standalone_payment: true,
    is_voided: false,
    is_refunded: false,
    is_3d_secure: true,
    integration_id: integrationId,
    has_parent_transaction: false,
    error_occured: false,
    currency: 'EGP',
    created_at: new Date().toISOString(),
    owner: 302852,
    source_data: { pan: '2346', sub_type: 'MasterCard', type: 'card' },
    order: { id: order.intentionOrderId, merchant_order_id: order.id },
    data: { message: 'Approved' },
    ...over,
  };
}
