/**
 * The payments' pure rules: Paymob's HMAC (its documented sample string as the test vector),
 * pricing in LE and piasters, the expiry a purchase gets, how a transaction was paid and what its
 * outcome is, the intention's body, the settings, Cairo days and the sales figures.
 */
import { createHmac } from 'node:crypto';
import { LECTURE_ACCESS_DAYS_DEFAULT, PAYMENT_HOLD_MINUTES } from '../../shared/constants';
import type { OrderRecord } from '../../functions/data/order-repo';
import { intentionBody } from '../../functions/payments/gateway';
import { HMAC_FIELDS, fieldsOfObj, fieldsOfQuery, hmacInput, malformedFields, paymobHmac, verifyPaymobHmac } from '../../functions/payments/paymob-hmac';
import { objString, queryString, signObj } from '../support/paymob-reference';
import { type PaymobSettings, parsePaymobSettings } from '../../functions/payments/paymob-settings';
import { dueForCheck } from '../../functions/payments/reconcile';
import { addDays, cairoDay } from '../../shared/calendar';
import { salesOf, salesRange } from '../../functions/payments/sales';
import { expiryAfter, methodOf, outcomeOf, priceOf, toPiasters, transactionOfObj, transactionOfSigned, unsignedOfObj, unsignedOfQuery } from '../../functions/payments/transaction';

/** Paymob's documented sample string (reference/paymob.md). */
const SAMPLE = '1000002024-06-13T11:33:44.592345EGPfalsefalse1920364654097558truefalsefalsefalsetruefalse217503754302852false2346MasterCardcardtrue';

/** The processed callback's obj whose fields make the sample string. */
const sampleObj = () => ({
  id: 192036465,
  pending: false,
  amount_cents: 100000,
  success: true,
  is_auth: false,
  is_capture: false,
  is_standalone_payment: true,
  is_voided: false,
  is_refunded: false,
  is_3d_secure: true,
  integration_id: 4097558,
  profile_id: 164295,
  has_parent_transaction: false,
  order: { id: 217503754, merchant_order_id: 'our-order-1', amount_cents: 100000 },
  created_at: '2024-06-13T11:33:44.592345',
  currency: 'EGP',
  error_occured: false,
  owner: 302852,
  source_data: { pan: '2346', type: 'card', sub_type: 'MasterCard' },
  data: { message: 'Approved' },
});
/** The same transaction as the browser return's query. */
const sampleQuery = (): Record<string, string> => ({
  id: '192036465',
  pending: 'false',
  amount_cents: '100000',
  success: 'true',
  is_auth: 'false',
  is_capture: 'false',
  is_standalone_payment: 'true',
  is_voided: 'false',
  is_refunded: 'false',
  is_3d_secure: 'true',
  integration_id: '4097558',
  has_parent_transaction: 'false',
  error_occured: 'false',
  currency: 'EGP',
  created_at: '2024-06-13T11:33:44.592345',
  owner: '302852',
  order: '217503754',
  'source_data.pan': '2346',
  'source_data.sub_type': 'MasterCard',
  'source_data.type': 'card',
  merchant_order_id: 'our-order-1',
  'data.message': 'Approved',
});
const SECRET = 'unit-test-hmac-secret';
const expected = createHmac('sha512', SECRET).update(SAMPLE).digest('hex');

describe("Paymob's HMAC", () => {
  it('concatenates the 20 fields in Paymob’s order: the processed callback’s obj gives the documented sample string', () => {
    expect(HMAC_FIELDS).toHaveLength(20);
    expect(hmacInput(fieldsOfObj(sampleObj()))).toBe(SAMPLE);
  });
  it('the browser return’s query (order = order id, dotted names) gives the same string', () => {
    expect(hmacInput(fieldsOfQuery(sampleQuery()))).toBe(SAMPLE);
  });
  it('is HMAC-SHA512 of that string, lowercase hex', () => {
    expect(paymobHmac(fieldsOfObj(sampleObj()), SECRET)).toBe(expected);
    expect(expected).toMatch(/^[0-9a-f]{128}$/);
  });
  it('verifies the right signature (any letter case) and nothing else', () => {
    const fields = fieldsOfObj(sampleObj());
    expect(verifyPaymobHmac(fields, expected, SECRET)).toBe(true);
    expect(verifyPaymobHmac(fields, expected.toUpperCase(), SECRET)).toBe(true);
    expect(verifyPaymobHmac(fields, expected, 'another-secret')).toBe(false);
    expect(verifyPaymobHmac(fields, undefined, SECRET)).toBe(false);
    expect(verifyPaymobHmac(fields, '', SECRET)).toBe(false);
    expect(verifyPaymobHmac(fields, expected.slice(2), SECRET)).toBe(false);
    expect(verifyPaymobHmac(fields, `${expected.slice(0, -1)}z`, SECRET)).toBe(false);
    expect(verifyPaymobHmac(fields, expected, '')).toBe(false);
  });
  it.each([
    ['the amount', { amount_cents: 1000 }],
    ['success', { success: false }],
    ['pending', { pending: true }],
    ['the order id', { order: { id: 217503755, merchant_order_id: 'our-order-1' } }],
  ])('a callback with %s changed no longer verifies', (_, change) => {
    expect(verifyPaymobHmac(fieldsOfObj({ ...sampleObj(), ...change }), expected, SECRET)).toBe(false);
  });
});

describe("Paymob's HMAC against the documented field list written out apart (test/support/paymob-reference.ts)", () => {
  const variants: [string, Record<string, unknown>][] = [
    ['a card payment', sampleObj()],
    ['a declined card', { ...sampleObj(), id: 192036466, success: false, data: { message: 'Declined' } }],
    ['a kiosk reference', { ...sampleObj(), id: 7, pending: true, success: false, is_3d_secure: false, source_data: { pan: '', type: 'aggregator', sub_type: 'AGGREGATOR' } }],
    ['a wallet with an Arabic message', { ...sampleObj(), source_data: { pan: '01010101010', type: 'wallet', sub_type: 'wallet' }, data: { message: 'تمت' } }],
    ['absent nested fields', { ...sampleObj(), source_data: undefined }],
  ];
  it.each(variants)('signs %s as node:crypto over the documented string does', (_, obj) => {
    expect(paymobHmac(fieldsOfObj(obj), SECRET)).toBe(signObj(obj, SECRET));
    expect(hmacInput(fieldsOfObj(obj))).toBe(objString(obj));
  });
  it('the documented sample string is what the reference reads from the sample obj and query', () => {
    expect(objString(sampleObj())).toBe(SAMPLE);
    expect(queryString(new URLSearchParams(sampleQuery()))).toBe(SAMPLE);
  });
});

describe('the shape of each signed value (a value slid into its neighbour keeps the signature)', () => {
  it('the sample, a kiosk and a wallet transaction are well formed', () => {
    expect(malformedFields(fieldsOfObj(sampleObj()))).toEqual([]);
    expect(malformedFields(fieldsOfObj({ ...sampleObj(), pending: true, success: false, source_data: { pan: '', type: 'aggregator', sub_type: 'AGGREGATOR' } }))).toEqual([]);
    expect(malformedFields(fieldsOfObj({ ...sampleObj(), created_at: '2026-12-07T04:10:00.123Z', source_data: { pan: '01010101010', type: 'wallet', sub_type: 'wallet' } }))).toEqual([]);
  });
  it('the order id moved into owner: the signed string is the same, the order id empty', () => {
    const shifted = { ...sampleObj(), order: { id: '', merchant_order_id: 'victim' }, owner: '217503754302852' };
    expect(objString(shifted)).toBe(SAMPLE);
    expect(malformedFields(fieldsOfObj(shifted))).toEqual(['order.id']);
  });
  it.each<[string, Record<string, unknown>, string]>([
    ['amount_cents', { amount_cents: '0100000' }, 'a leading zero'],
    ['amount_cents', { amount_cents: '' }, 'empty'],
    ['created_at', { created_at: '2024-06-13T11:33:44.59234' + '5EGP' }, 'the currency slid in'],
    ['currency', { currency: 'EGPf' }, 'four letters'],
    ['error_occured', { error_occured: 'fals' }, 'a cut boolean'],
    ['id', { id: '19203646544' + 'x' }, 'not digits'],
    ['integration_id', { integration_id: '097558' }, 'a leading zero'],
    ['is_voided', { is_voided: 'false217503754' }, 'digits after a boolean'],
    ['owner', { owner: '' }, 'empty'],
    ['pending', { pending: 'false2346' }, 'the pan slid in'],
    ['source_data.pan', { source_data: { pan: '2346M', type: 'card', sub_type: 'asterCard' } }, 'a letter'],
    ['source_data.sub_type', { source_data: { pan: '234', type: 'card', sub_type: '6MasterCard' } }, 'starting with a digit'],
    ['success', { success: 'yes' }, 'not a boolean'],
  ])('refuses %s given %j (%s)', (field, change) => {
    expect(malformedFields(fieldsOfObj({ ...sampleObj(), ...change }))).toEqual([field]);
  });
});

describe('the transaction as settlement reads it', () => {
  it('reads the same transaction from the callback’s obj and from the return’s query', () => {
    const fromObj = transactionOfObj(sampleObj());
    expect(fromObj).toEqual({
      id: '192036465',
      merchantOrderId: 'our-order-1',
      paymobOrderId: '217503754',
      amountCents: 100000,
      currency: 'EGP',
      success: true,
      pending: false,
      voided: false,
      refunded: false,
      integrationId: 4097558,
      sourceType: 'card',
      billReference: null,
      message: 'Approved',
    });
    expect(transactionOfSigned(fieldsOfObj(sampleObj()), unsignedOfObj(sampleObj()))).toEqual(fromObj);
    expect(transactionOfSigned(fieldsOfQuery(sampleQuery()), unsignedOfQuery(sampleQuery()))).toEqual(fromObj);
  });
  it('keeps a kiosk bill reference (a number in Paymob’s JSON) as text', () => {
    const t = transactionOfObj({ ...sampleObj(), pending: true, success: false, data: { message: 'Pending Payment', bill_reference: 12345678 } });
    expect(t.billReference).toBe('12345678');
  });
  it.each([
    ['paid', { success: true, pending: false, voided: false, refunded: false }],
    ['pending', { success: false, pending: true, voided: false, refunded: false }],
    ['failed', { success: false, pending: false, voided: false, refunded: false }],
    ['ignored', { success: true, pending: false, voided: true, refunded: false }],
    ['ignored', { success: true, pending: false, voided: false, refunded: true }],
  ] as const)('outcome %s for %j', (outcome, t) => {
    expect(outcomeOf(t)).toBe(outcome);
  });
  const integrations: PaymobSettings['integrations'] = { card: 11, wallet: 22, kiosk: 33 };
  it.each([
    [{ integrationId: 11, sourceType: '' }, 'card'],
    [{ integrationId: 22, sourceType: 'card' }, 'wallet'],
    [{ integrationId: 33, sourceType: '' }, 'kiosk'],
    [{ integrationId: 99, sourceType: 'wallet' }, 'wallet'],
    [{ integrationId: null, sourceType: 'aggregator' }, 'kiosk'],
    [{ integrationId: null, sourceType: 'card' }, 'card'],
    [{ integrationId: null, sourceType: 'something' }, null],
  ] as const)('method of %j is %s (integration id first, then the source type)', (t, method) => {
    expect(methodOf(t, integrations)).toBe(method);
  });
});

describe('pricing', () => {
  it.each([
    [100, undefined, 100, 10000],
    [100, 50, 50, 5000],
    [99.99, 15, 84.99, 8499],
    [150, 33, 100.5, 10050],
    [19.99, undefined, 19.99, 1999],
    [0.29, 1, 0.29, 29],
    [100, 100, 0, 0],
  ])('%s LE with a %s %% coupon costs %s LE = %s piasters', (price, discount, amount, cents) => {
    expect(priceOf(price, discount)).toEqual({ originalPrice: price, amount, amountCents: cents });
  });
  it('piasters are whole (floating point does not leak into the amount)', () => {
    expect(toPiasters(0.1 + 0.2)).toBe(30);
    expect(Number.isInteger(toPiasters(33.33))).toBe(true);
  });
});

describe('expiry', () => {
  const now = new Date('2026-03-01T10:00:00.000Z');
  const day = 86_400_000;
  it('a first purchase lasts the access period from now', () => {
    expect(expiryAfter(undefined, now, LECTURE_ACCESS_DAYS_DEFAULT)).toBe(new Date(now.getTime() + 30 * day).toISOString());
  });
  it('buying again while it runs extends it from its current end', () => {
    const current = { expiryDate: new Date(now.getTime() + 5 * day).toISOString() };
    expect(expiryAfter(current, now, 10)).toBe(new Date(now.getTime() + 15 * day).toISOString());
  });
  it('after it has expired, the period counts from now again', () => {
    const current = { expiryDate: new Date(now.getTime() - 3 * day).toISOString() };
    expect(expiryAfter(current, now, 7)).toBe(new Date(now.getTime() + 7 * day).toISOString());
  });
});

describe('the intention Paymob is asked for', () => {
  const settings: PaymobSettings = { secretKey: 'sk', publicKey: 'pk', hmacSecret: 'h', apiKey: 'a', integrations: { card: 1, wallet: 2, kiosk: 3 } };
  const body = intentionBody(
    { orderId: 'ORDER1', amountCents: 8499, item: { name: 'L'.repeat(80), description: '' }, billing: { firstName: 'Mona', lastName: 'Ali', email: 'm@x.eg', phone: '' } },
    settings,
    'https://bioscope.example/',
  );
  it('amount in piasters, EGP, the three integrations, one item summing to the amount', () => {
    expect(body).toMatchObject({ amount: 8499, currency: 'EGP', payment_methods: [1, 2, 3], special_reference: 'ORDER1', expiration: PAYMENT_HOLD_MINUTES * 60 });
    expect(body.items).toHaveLength(1);
    expect(body.items.reduce((n, i) => n + i.amount * i.quantity, 0)).toBe(8499);
    expect(body.items[0]!.name.length).toBeLessThanOrEqual(50);
  });
  it('our webhook and return routes on the public URL', () => {
    expect(body.notification_url).toBe('https://bioscope.example/api/payments/paymob/webhook');
    expect(body.redirection_url).toBe('https://bioscope.example/api/payments/paymob/return');
  });
  it("the student's billing data, 'NA' for what we do not collect", () => {
    expect(body.billing_data).toMatchObject({ first_name: 'Mona', last_name: 'Ali', email: 'm@x.eg', phone_number: 'NA', city: 'NA', street: 'NA' });
  });
});

describe('Paymob settings', () => {
  const good = { secretKey: 'egy_sk_test_1', publicKey: 'egy_pk_test_1', hmacSecret: 'h', apiKey: 'k', integrations: { card: 1, wallet: 2, kiosk: '3' } };
  it('reads the JSON (integration ids as numbers)', () => {
    expect(parsePaymobSettings(JSON.stringify(good)).integrations).toEqual({ card: 1, wallet: 2, kiosk: 3 });
  });
  it.each([
    ['not JSON', '{'],
    ['no HMAC secret', JSON.stringify({ ...good, hmacSecret: '' })],
    ['no integrations', JSON.stringify({ ...good, integrations: undefined })],
  ])('%s → 503 payment.notConfigured', (_, text) => {
    expect(() => parsePaymobSettings(text)).toThrow(expect.objectContaining({ status: 503, code: 'payment.notConfigured' }));
  });
});

const order = (o: Partial<OrderRecord>): OrderRecord => ({
  id: 'o',
  userId: 'u1',
  lectureId: 'l1',
  lectureName: 'Cells',
  courseId: 'c',
  accessDays: 30,
  status: 'paid',
  method: 'card',
  originalPrice: 100,
  amount: 100,
  amountCents: 10000,
  currency: 'EGP',
  couponCode: null,
  couponId: null,
  couponOncePerStudent: false,
  discount: null,
  couponHeld: false,
  kioskReference: null,
  holdUntil: '2026-01-01T00:00:00.000Z',
  createdAt: '2026-01-10T10:00:00.000Z',
  updatedAt: '2026-01-10T10:00:00.000Z',
  paidAt: '2026-01-10T10:05:00.000Z',
  ...o,
});

describe('Cairo days and the sales report', () => {
  it('a day is Cairo’s calendar day (UTC+2 in winter, +3 in summer)', () => {
    expect(cairoDay(new Date('2024-01-10T21:30:00Z'))).toBe('2024-01-10');
    expect(cairoDay(new Date('2024-01-10T22:30:00Z'))).toBe('2024-01-11');
    expect(cairoDay(new Date('2024-06-13T20:30:00Z'))).toBe('2024-06-13');
    expect(cairoDay(new Date('2024-06-13T21:30:00Z'))).toBe('2024-06-14');
    expect(addDays('2024-02-28', 1)).toBe('2024-02-29');
    expect(addDays('2024-03-01', -1)).toBe('2024-02-29');
  });
  it('the default range is the last 30 days up to today in Cairo; a reversed range is refused', () => {
    expect(salesRange({}, new Date('2026-01-31T23:00:00Z'))).toEqual({ from: '2026-01-03', to: '2026-02-01' });
    expect(salesRange({ from: '2026-01-01', to: '2026-01-05' }, new Date())).toEqual({ from: '2026-01-01', to: '2026-01-05' });
    expect(() => salesRange({ from: '2026-01-05', to: '2026-01-01' }, new Date())).toThrow(expect.objectContaining({ status: 400 }));
  });
  it('revenue counts paid orders only, in LE, by day and lecture; discounts from coupons; superseded orders are left out', () => {
    const orders = [
      order({ id: 'a', amount: 50, amountCents: 5000, couponCode: 'HALF', discount: 50, createdAt: '2026-01-10T10:00:00.000Z' }),
      order({ id: 'b', amount: 100, createdAt: '2026-01-10T23:30:00.000Z' }), // 01:30 on the 11th in Cairo
      order({ id: 'c', lectureId: 'l2', lectureName: 'Genes', originalPrice: 80, amount: 0, amountCents: 0, method: 'coupon', couponCode: 'half', discount: 100, userId: 'u2' }),
      order({ id: 'd', status: 'pending', paidAt: null }),
      order({ id: 'e', status: 'failed', paidAt: null }),
      order({ id: 'f', status: 'cancelled', paidAt: null }),
      order({ id: 'g', status: 'failed', paidAt: null, userId: 'u3' }),
    ];
    const students = new Map([
      ['u1', { firstName: 'Mona', lastName: 'Ali', email: 'm@x.eg', mobileNumber: '+201000000000', deleted: false }],
      ['u3', { firstName: 'Gone', lastName: 'Student', email: 'g@x.eg', deleted: true }],
    ]);
    const r = salesOf({ from: '2026-01-10', to: '2026-01-12' }, orders, students);
    expect(r.totals).toEqual({ revenue: 150, paid: 3, pending: 1, failed: 2, discountGiven: 130 });
    expect(r.byDay).toEqual([
      { day: '2026-01-10', revenue: 50, orders: 2 },
      { day: '2026-01-11', revenue: 100, orders: 1 },
      { day: '2026-01-12', revenue: 0, orders: 0 },
    ]);
    expect(r.byLecture).toEqual([
      { lectureId: 'l1', lectureName: 'Cells', revenue: 150, orders: 2 },
      { lectureId: 'l2', lectureName: 'Genes', revenue: 0, orders: 1 },
    ]);
    expect(r.coupons).toEqual([{ code: 'HALF', uses: 2, discountGiven: 130 }]);
    expect(r.orders.map((o) => o.id).sort()).toEqual(['a', 'b', 'c', 'd', 'e', 'g']);
    expect(r.orders.find((o) => o.id === 'a')).toMatchObject({ studentName: 'Mona Ali', studentDeleted: false, studentEmail: 'm@x.eg', studentPhone: '+201000000000' });
    expect(r.orders.find((o) => o.id === 'c')).toMatchObject({ studentName: '', studentEmail: '' });
    // A deleted student is still named, from the tombstone, and marked.
    expect(r.orders.find((o) => o.id === 'g')).toMatchObject({ studentName: 'Gone Student', studentDeleted: true, studentEmail: 'g@x.eg', studentPhone: '' });
  });
  it('lectures bought from the balance count by method beside Paymob’s; top-ups are money in, counted apart from lecture revenue', () => {
    const topUp = (o: Partial<OrderRecord>) => order({ kind: 'topUp', lectureId: '', lectureName: '', courseId: '', accessDays: 0, ...o });
    const orders = [
      order({ id: 'a', amount: 100, method: 'card' }),
      order({ id: 'b', originalPrice: 60, amount: 60, method: 'balance' }),
      order({ id: 'c', originalPrice: 40, amount: 40, method: 'balance', lectureId: 'l2', lectureName: 'Genes' }),
      order({ id: 'd', amount: 0, method: 'coupon', couponCode: 'FREE', discount: 100 }),
      topUp({ id: 't1', amount: 200, amountCents: 20000, originalPrice: 200, method: 'kiosk' }),
      topUp({ id: 't2', amount: 50, amountCents: 5000, originalPrice: 50, status: 'pending', method: null, paidAt: null }),
    ];
    const r = salesOf({ from: '2026-01-10', to: '2026-01-10' }, orders, new Map());
    expect(r.totals).toEqual({ revenue: 200, paid: 4, pending: 0, failed: 0, discountGiven: 100 });
    expect(r.byMethod).toEqual([
      { method: 'balance', revenue: 100, orders: 2 },
      { method: 'card', revenue: 100, orders: 1 },
      { method: 'coupon', revenue: 0, orders: 1 },
    ]);
    expect(r.topUps).toEqual({ amount: 200, paid: 1, pending: 1 });
    expect(r.byLecture.map((l) => l.lectureId)).toEqual(['l1', 'l2']);
    expect(r.orders.filter((o) => o.kind === 'topUp').map((o) => o.id).sort()).toEqual(['t1', 't2']);
  });
});

describe('reconciliation', () => {
  it('checks pending orders with no news for 10 minutes, not checked in the last 10', () => {
    const now = new Date('2026-01-10T12:00:00.000Z');
    const orders = [
      order({ id: 'old', status: 'pending', updatedAt: '2026-01-10T11:49:00.000Z' }),
      order({ id: 'recent', status: 'pending', updatedAt: '2026-01-10T11:55:00.000Z' }),
      order({ id: 'checked', status: 'pending', updatedAt: '2026-01-10T10:00:00.000Z', checkedAt: '2026-01-10T11:58:00.000Z' }),
      order({ id: 'paid', status: 'paid', updatedAt: '2026-01-10T10:00:00.000Z' }),
    ].map((o) => ({ ...o, holdUntil: '2026-01-10T12:20:00.000Z' }));
    expect(dueForCheck(orders, now).map((o) => o.id)).toEqual(['old']);
  });
  it('checks an order whose hold has run out, however recently it was checked or had news', () => {
    const now = new Date('2026-01-10T12:00:00.000Z');
    const orders = [
      order({ id: 'lapsed', status: 'pending', updatedAt: '2026-01-10T11:30:00.000Z', checkedAt: '2026-01-10T11:59:00.000Z', holdUntil: '2026-01-10T12:00:00.000Z' }),
      order({ id: 'holding', status: 'pending', updatedAt: '2026-01-10T11:31:00.000Z', checkedAt: '2026-01-10T11:59:00.000Z', holdUntil: '2026-01-10T12:01:00.000Z' }),
    ];
    expect(dueForCheck(orders, now).map((o) => o.id)).toEqual(['lapsed']);
  });
});
