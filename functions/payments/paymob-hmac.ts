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

/**
 * What each signed value looks like as Paymob writes it. The signature covers the values joined with
 * nothing between, so it cannot tell `order.id`=123 `owner`=45 from `order.id`='' `owner`=12345: a
 * value that is not its field's shape is refused even when the joined string verifies. Integers are
 * digits without a leading zero, booleans `true`/`false`, `created_at` an ISO time, the currency three
 * capitals; a card's pan is digits (masked with * or x) or a wallet number, empty for a kiosk.
 */
const INTEGER = /^(0|[1-9]\d{0,17})$/;
const BOOLEAN = /^(true|false)$/;
const SHAPES: Record<HmacField, RegExp> = {
  amount_cents: INTEGER,
  created_at: /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,9})?(Z|[+-]\d{2}:?\d{2})?$/,
  currency: /^[A-Z]{3}$/,
  error_occured: BOOLEAN,
  has_parent_transaction: BOOLEAN,
  id: INTEGER,
  integration_id: INTEGER,
  is_3d_secure: BOOLEAN,
  is_auth: BOOLEAN,
  is_capture: BOOLEAN,
  is_refunded: BOOLEAN,
  is_standalone_payment: BOOLEAN,
  is_voided: BOOLEAN,
  'order.id': INTEGER,
  owner: INTEGER,
  pending: BOOLEAN,
  'source_data.pan': /^\+?[0-9*xX]{0,24}$/,
  'source_data.sub_type': /^([A-Za-z][A-Za-z0-9 _-]{0,39})?$/,
  'source_data.type': /^[A-Za-z_-]{0,40}$/,
  success: BOOLEAN,
};

/** The signed fields whose value is not the shape Paymob gives it (empty when all are). */
export const malformedFields = (fields: Record<HmacField, string>): HmacField[] => HMAC_FIELDS.filter((f) => !SHAPES[f].test(fields[f]));
