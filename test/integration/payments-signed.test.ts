/**
 * One payment buys one lecture. Paymob signs the concatenation of a transaction's values, so the
 * signed order id can slide into `owner` with the signature intact; and `merchant_order_id` is not
 * signed at all. These are the attacks of the second probe, each against the real return route and
 * webhook on the stand-ins: the victim order (another lecture of the payer's, another student's)
 * must stay as it was. Notices are signed here with the documented field list written out in
 * test/support/paymob-reference.ts, not with the product's signer.
 */
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { api, ddb, makeUser, platform, type TestUser } from '../support/platform';
import { objString, queryString, signObj, signQuery } from '../support/paymob-reference';
import { makeWorld, saveLecture, type World } from './catalogue-fixtures';

jest.setTimeout(90_000);

let w: World;
let first: Awaited<ReturnType<typeof saveLecture>>;
let second: Awaited<ReturnType<typeof saveLecture>>;
beforeAll(async () => {
  w = await makeWorld();
  first = await saveLecture(w, { price: '150', accessDays: '30' });
  second = await saveLecture(w, { price: '150', accessDays: '30' });
});

const settings = () => platform().paymob.settings;
const sandbox = () => platform().paymob.apiUrl;

interface OrderItem {
  id: string;
  status: string;
  amountCents: number;
  intentionOrderId?: number;
  transactionId?: string;
  couponHeld: boolean;
  paidAt: string | null;
  paymentUrl?: string;
}
async function order(id: string): Promise<OrderItem> {
  const r = await ddb().send(new GetCommand({ TableName: platform().tableName, Key: { PK: `ORDER#${id}`, SK: 'ORDER' }, ConsistentRead: true }));
  return r.Item as OrderItem;
}
async function purchase(userId: string, lectureId: string) {
  const r = await ddb().send(new GetCommand({ TableName: platform().tableName, Key: { PK: `USER#${userId}`, SK: `PURCHASE#${lectureId}` }, ConsistentRead: true }));
  return r.Item as { expiryDate: string; pricePaid?: number; orderId?: string; source: string } | undefined;
}
async function openOrderId(userId: string, lectureId: string): Promise<string | undefined> {
  const r = await ddb().send(new GetCommand({ TableName: platform().tableName, Key: { PK: `USER#${userId}`, SK: `OPENORDER#${lectureId}` }, ConsistentRead: true }));
  return r.Item?.orderId as string | undefined;
}

async function link(user: TestUser, lectureId: string) {
  const r = await api('POST', `/api/user/payment-intention/${lectureId}`, { token: user.token, json: {} });
  if (r.status !== 200) throw new Error(`payment-intention: ${r.status} ${JSON.stringify(r.body)}`);
  return r.body as { orderId: string; paymentUrl: string };
}
/** The sandbox's checkout form as the browser submits it; the signed return it redirects to (not followed). */
async function payAndCatchReturn(paymentUrl: string, outcome: 'card' | 'declined', dropCallback = false): Promise<URLSearchParams> {
  const clientSecret = new URL(paymentUrl).searchParams.get('clientSecret')!;
  const res = await fetch(`${sandbox()}/unifiedcheckout/pay`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ clientSecret, publicKey: settings().publicKey, outcome, ...(dropCallback ? { dropCallback: '1' } : {}) }),
    redirect: 'manual',
  });
  expect(res.status).toBe(302);
  const query = new URL(res.headers.get('location')!).searchParams;
  // The sandbox signs as Paymob documents: the reference signer agrees.
  expect(signQuery(query, settings().hmacSecret)).toBe(query.get('hmac'));
  return query;
}
const returnWith = (q: URLSearchParams) => api('GET', `/api/payments/paymob/return?${q.toString()}`);
const landing = (r: { headers: Headers }) => r.headers.get('location')?.slice(platform().url.length);
async function sandboxObj(orderId: string, index = 0): Promise<Record<string, unknown>> {
  const r = await fetch(`${sandbox()}/transactions.json?merchant_order_id=${encodeURIComponent(orderId)}`);
  const { transactions } = (await r.json()) as { transactions: { obj: Record<string, unknown> }[] };
  return structuredClone(transactions[index]!.obj);
}
const webhook = (obj: Record<string, unknown>, hmac = signObj(obj, settings().hmacSecret)) => api('POST', `/api/payments/paymob/webhook?hmac=${hmac}`, { json: { type: 'TRANSACTION', obj } });
const behave = (email: string, b: { delayMs?: number; fail?: boolean; omitOrderId?: boolean }) =>
  fetch(`${sandbox()}/_behaviour`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email, ...b }) });

/** The field-shift: the signed order id moved to the front of `owner`, the order left empty — the signed string is unchanged. */
function shiftedQuery(paid: URLSearchParams, victimOrderId: string): URLSearchParams {
  const q = new URLSearchParams(paid);
  q.set('owner', `${paid.get('order')}${paid.get('owner')}`);
  q.set('order', '');
  q.set('merchant_order_id', victimOrderId);
  expect(queryString(q)).toBe(queryString(paid));
  return q;
}

/** A student P who paid 150 LE once for the first lecture, by card (callback and return both delivered). */
async function payerWithOnePayment() {
  const payer = await makeUser();
  const paid = await link(payer, first.id);
  const query = await payAndCatchReturn(paid.paymentUrl, 'card');
  expect(landing(await returnWith(query))).toBe('/temp');
  expect(await purchase(payer.id, first.id)).toMatchObject({ source: 'payment', pricePaid: 150, orderId: paid.orderId });
  return { payer, paid, query };
}

describe('a signed notice settles only the order Paymob signed it for', () => {
  it('the field-shifted browser return settles neither the payer’s second order nor another student’s', async () => {
    const { payer, query } = await payerWithOnePayment();
    const victim = await link(payer, second.id);
    const stranger = await makeUser();
    const strangers = await link(stranger, first.id);

    for (const target of [victim.orderId, strangers.orderId]) {
      const back = await returnWith(shiftedQuery(query, target));
      expect(back.status).toBe(302);
      expect(landing(back)).toBe('/fail');
    }
    expect(await order(victim.orderId)).toMatchObject({ status: 'pending', paidAt: null });
    expect((await order(victim.orderId)).transactionId).toBeUndefined();
    expect(await order(strangers.orderId)).toMatchObject({ status: 'pending', paidAt: null });
    expect(await purchase(payer.id, second.id)).toBeUndefined();
    expect(await purchase(stranger.id, first.id)).toBeUndefined();
  });

  it.each([
    ['an empty order with our order id beside it', (obj: Record<string, unknown>, paymobOrder: unknown, victim: string) => ({ ...obj, order: { id: '', merchant_order_id: victim }, owner: `${String(paymobOrder)}${String(obj.owner)}` })],
    [
      'the order named by a bare id outside the signed path',
      (obj: Record<string, unknown>, paymobOrder: unknown, victim: string, victimPaymob?: number) => ({ ...obj, order: String(victimPaymob), merchant_order_id: victim, owner: `${String(paymobOrder)}${String(obj.owner)}` }),
    ],
  ])('the field-shifted webhook (%s) is refused and the victim order stays unpaid', async (_, shift) => {
    const { payer, paid } = await payerWithOnePayment();
    const victim = await link(payer, second.id);
    const obj = await sandboxObj(paid.orderId);
    const paymobOrder = (obj.order as { id: number }).id;
    const forged = shift(obj, paymobOrder, victim.orderId, (await order(victim.orderId)).intentionOrderId);
    expect(objString(forged)).toBe(objString(obj));

    const r = await webhook(forged, signObj(obj, settings().hmacSecret));
    expect(r.status).toBeGreaterThanOrEqual(400);
    expect(r.status).toBeLessThan(500);
    expect(await order(victim.orderId)).toMatchObject({ status: 'pending', paidAt: null });
    expect(await purchase(payer.id, second.id)).toBeUndefined();
  });

  it('a paid transaction replayed with another order’s merchant_order_id is refused', async () => {
    const { payer, paid } = await payerWithOnePayment();
    const victim = await link(payer, second.id);
    const obj = await sandboxObj(paid.orderId);
    (obj.order as Record<string, unknown>).merchant_order_id = victim.orderId;
    const r = await webhook(obj);
    expect(r.status).toBe(400);
    expect(r.body.code).toBe('payment.mismatch');
    expect(await order(victim.orderId)).toMatchObject({ status: 'pending', paidAt: null });
    expect(await purchase(payer.id, second.id)).toBeUndefined();
  });

  it('one Paymob transaction settles one order: the same transaction id signed for a second order is refused', async () => {
    const { payer, paid } = await payerWithOnePayment();
    const victim = await link(payer, second.id);
    const v = await order(victim.orderId);
    const obj = await sandboxObj(paid.orderId);
    const sameTransaction = { ...obj, order: { id: v.intentionOrderId, merchant_order_id: victim.orderId } };
    const r = await webhook(sameTransaction);
    expect(r.status).toBe(409);
    expect(r.body.code).toBe('payment.transactionUsed');
    expect(await order(victim.orderId)).toMatchObject({ status: 'pending', paidAt: null });
    expect(await purchase(payer.id, second.id)).toBeUndefined();
    // The order it was made for stays paid by it.
    expect(await order(paid.orderId)).toMatchObject({ status: 'paid', transactionId: String(obj.id) });
  });

  it('a declined transaction replayed onto another student’s pending order changes nothing there', async () => {
    const payer = await makeUser();
    const declined = await link(payer, first.id);
    const query = await payAndCatchReturn(declined.paymentUrl, 'declined');
    expect(landing(await returnWith(query))).toBe('/fail');
    expect((await order(declined.orderId)).status).toBe('failed');

    const victimStudent = await makeUser();
    const victim = await link(victimStudent, first.id);
    expect(landing(await returnWith(shiftedQuery(query, victim.orderId)))).toBe('/fail');
    const obj = await sandboxObj(declined.orderId);
    const shifted = { ...obj, order: { id: '', merchant_order_id: victim.orderId }, owner: `${String((obj.order as { id: number }).id)}${String(obj.owner)}` };
    const r = await webhook(shifted, signObj(obj, settings().hmacSecret));
    expect(r.status).toBeGreaterThanOrEqual(400);
    expect(r.status).toBeLessThan(500);
    expect(await order(victim.orderId)).toMatchObject({ status: 'pending' });
    // Its link still works for the student who owns it.
    expect(landing(await returnWith(await payAndCatchReturn(victim.paymentUrl, 'card')))).toBe('/temp');
    expect(await purchase(victimStudent.id, first.id)).toMatchObject({ source: 'payment', pricePaid: 150, orderId: victim.orderId });
  });

  it.each([
    ['amount_cents with a leading zero', { amount_cents: '015000' }],
    ['a transaction id that is not digits', { id: '12a' }],
    ['success that is not a boolean', { success: 'yes' }],
    ['created_at that is not an ISO time', { created_at: '13/06/2024' }],
  ])('a return with %s is refused even when its signature matches', async (_, change) => {
    const payer = await makeUser();
    const o = await link(payer, second.id);
    const q = await payAndCatchReturn(o.paymentUrl, 'card', true);
    for (const [k, v] of Object.entries(change)) q.set(k, v);
    q.set('hmac', signQuery(q, settings().hmacSecret));
    expect(landing(await returnWith(q))).toBe('/fail');
    expect(await order(o.orderId)).toMatchObject({ status: 'pending', paidAt: null });
  });
});

describe('an order without its Paymob order id', () => {
  it('is neither listed nor settled while the gateway call runs; a signed return replayed onto it meanwhile changes nothing', async () => {
    const { payer, query } = await payerWithOnePayment();
    // Paymob answers in 6 s (our client gives it 8): long enough to replay while the order has no Paymob order id.
    expect((await behave(payer.email, { delayMs: 6000 })).status).toBe(200);
    const opening = link(payer, second.id);
    let victimId: string | undefined;
    const until = Date.now() + 5000;
    while (!victimId && Date.now() < until) victimId = await openOrderId(payer.id, second.id);
    expect(victimId).toEqual(expect.any(String));
    const inFlight = await order(victimId!);
    expect(inFlight.status).toBe('pending');
    expect(inFlight.intentionOrderId).toBeUndefined();

    const mine = await api('GET', '/api/AWS/get-purched', { token: payer.token });
    expect(mine.body.pending).toEqual([]);
    const replay = new URLSearchParams(query);
    replay.set('merchant_order_id', victimId!);
    expect(landing(await returnWith(replay))).toBe('/fail');
    expect(landing(await returnWith(shiftedQuery(query, victimId!)))).toBe('/fail');

    const opened = await opening;
    await behave(payer.email, {});
    expect(opened.orderId).toBe(victimId);
    const after = await order(victimId!);
    expect(after).toMatchObject({ status: 'pending', paidAt: null });
    expect(after.transactionId).toBeUndefined();
    expect(after.intentionOrderId).toEqual(expect.any(Number));
    expect(await purchase(payer.id, second.id)).toBeUndefined();
    expect((await api('GET', '/api/AWS/get-purched', { token: payer.token })).body.pending.map((p: { id: string }) => p.id)).toEqual([victimId]);
  });

  it('when Paymob gives no order id the link is not offered (502) and the order fails', async () => {
    const student = await makeUser();
    await behave(student.email, { omitOrderId: true });
    const r = await api('POST', `/api/user/payment-intention/${first.id}`, { token: student.token, json: {} });
    await behave(student.email, {});
    expect(r.status).toBe(502);
    expect(r.body.code).toBe('payment.gateway');
    const id = await openOrderId(student.id, first.id);
    expect(await order(id!)).toMatchObject({ status: 'failed', couponHeld: false });
    expect((await api('GET', '/api/AWS/get-purched', { token: student.token })).body.pending).toEqual([]);
  });

  it('when the intention call fails the order fails and nothing is listed', async () => {
    const student = await makeUser();
    await behave(student.email, { fail: true });
    const r = await api('POST', `/api/user/payment-intention/${first.id}`, { token: student.token, json: {} });
    await behave(student.email, {});
    expect(r.status).toBe(502);
    const id = await openOrderId(student.id, first.id);
    expect(await order(id!)).toMatchObject({ status: 'failed' });
    expect((await api('GET', '/api/AWS/get-purched', { token: student.token })).body.pending).toEqual([]);
    // The next try opens a payable link.
    const again = await link(student, first.id);
    expect((await order(again.orderId)).intentionOrderId).toEqual(expect.any(Number));
  });
});
