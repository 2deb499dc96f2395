/**
 * Paymob's transaction HMAC (reference/paymob.md): the values of these fields, in this order,
 * concatenated with nothing between, HMAC-SHA512 with the account's HMAC secret, lowercase hex.
 * The processed callback (POST) carries them under `obj`; the browser return (GET) as query
 * parameters, where `order` is the order id and the nested ones keep their dotted names.
 * The local payment sandbox signs with the same function; Paymob's documented sample string is
 * its test vector (test/unit/payments.test.ts).
 */
import { createHmac, timingSafeEqual } from 'node:crypto';

export const HMAC_FIELDS = [
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
] as const;
export type HmacField = (typeof HMAC_FIELDS)[number];

/** A value as Paymob writes it into the string: booleans 'true'/'false', numbers as digits, absent as ''. */
const text = (v: unknown): string => (v === undefined || v === null ? '' : typeof v === 'string' ? v : String(v as number | boolean));

/** The field values of a processed callback's `obj` (nested objects read by their dotted path). */
export function fieldsOfObj(obj: Record<string, unknown>): Record<HmacField, string> {
  const at = (path: string): unknown => path.split('.').reduce<unknown>((o, k) => (o && typeof o === 'object' ? (o as Record<string, unknown>)[k] : undefined), obj);
  return Object.fromEntries(HMAC_FIELDS.map((f) => [f, text(at(f))])) as Record<HmacField, string>;
}

/** The field values of a browser return's query: `order` is the order id, the rest by their own names. */
export function fieldsOfQuery(q: Record<string, string | undefined>): Record<HmacField, string> {
  return Object.fromEntries(HMAC_FIELDS.map((f) => [f, text(f === 'order.id' ? q.order : q[f])])) as Record<HmacField, string>;
}

export const hmacInput = (fields: Record<HmacField, string>) => HMAC_FIELDS.map((f) => fields[f]).join('');

export const paymobHmac = (fields: Record<HmacField, string>, secret: string) => createHmac('sha512', secret).update(hmacInput(fields), 'utf8').digest('hex');

/** Constant-time comparison of the received `hmac` with ours; a missing or malformed one is false. */
export function verifyPaymobHmac(fields: Record<HmacField, string>, received: string | undefined, secret: string): boolean {
  if (!received || !secret || !/^[0-9a-f]{128}$/i.test(received)) return false;
  return timingSafeEqual(Buffer.from(paymobHmac(fields, secret), 'hex'), Buffer.from(received.toLowerCase(), 'hex'));
}
