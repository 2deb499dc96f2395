/**
 * The payments domain on the stand-ins and the local Paymob sandbox: payment links priced on the
 * server (coupons held in the order's transaction, reused or superseded), the 100 % coupon grant,
 * Paymob's callbacks (forged, unsigned, replayed, out of order, mismatched, twenty at once), the
 * kiosk's pending reference then success, the browser return's redirects, the reconciler settling
 * an order whose callback was lost, expiry and extension, My lectures and the sales page.
 */
import { DeleteCommand, GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { PaymobSettings } from '../../functions/payments/paymob-settings';
import { api, callsDuring, ddb, makeUser, platform, type TestUser, useThePlatformHere, uniq } from '../support/platform';
import { paidObj, signObj } from '../support/paymob-reference';
import { makeWorld, saveLecture, writePurchase, type World } from './catalogue-fixtures';
import { addedUp, figures } from './sales-report';
import { withReconciler } from '../support/settings-lock';

jest.setTimeout(90_000);

const DAY = 86_400_000;
let w: World;
let lecture: Awaited<ReturnType<typeof saveLecture>>;
beforeAll(async () => {
  w = await makeWorld();
  lecture = await saveLecture(w, { price: '100', accessDays: '7' });
});

const settings = () => platform().paymob.settings;
const sandbox = () => platform().paymob.apiUrl;

// ---- helpers ---------------------------------------------------------------------------------------

const intention = (user: TestUser, lectureId: string, couponCode?: string) =>
  api('POST', `/api/user/payment-intention/${lectureId}`, { token: user.token, json: couponCode === undefined ? {} : { couponCode } });

async function link(user: TestUser, lectureId = lecture.id, couponCode?: string) {
  const r = await intention(user, lectureId, couponCode);
  if (r.status !== 200) throw new Error(`payment-intention: ${r.status} ${JSON.stringify(r.body)}`);
  return r.body as { orderId: string; paymentUrl: string; granted: boolean; data: Record<string, unknown>; message: string };
}

interface OrderItem {
  id: string;
  status: string;
  method: string | null;
  amountCents: number;
  amount: number;
  intentionOrderId?: number;
  kioskReference: string | null;
  couponHeld: boolean;
  holdUntil: string;
  paidAt: string | null;
  paymentUrl?: string;
  transactionId?: string;
}
async function order(id: string): Promise<OrderItem> {
  const r = await ddb().send(new GetCommand({ TableName: platform().tableName, Key: { PK: `ORDER#${id}`, SK: 'ORDER' }, ConsistentRead: true }));
  return r.Item as OrderItem;
}
async function purchase(userId: string, lectureId = lecture.id) {
  const r = await ddb().send(new GetCommand({ TableName: platform().tableName, Key: { PK: `USER#${userId}`, SK: `PURCHASE#${lectureId}` }, ConsistentRead: true }));
  return r.Item as { purchaseDate: string; expiryDate: string; pricePaid?: number; orderId?: string; source: string } | undefined;
}

/** The sandbox's checkout form, submitted as the browser does (no redirects followed). */
function pay(paymentUrl: string, outcome: 'card' | 'declined' | 'wallet' | 'kiosk', extra: Record<string, string> = {}) {
  const clientSecret = new URL(paymentUrl).searchParams.get('clientSecret')!;
  return fetch(`${sandbox()}/unifiedcheckout/pay`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ clientSecret, publicKey: settings().publicKey, outcome, ...extra }),
    redirect: 'manual',
  });
}
/** The browser following the sandbox's redirect back to our return route. */
async function followReturn(res: Response) {
  const location = res.headers.get('location')!;
  expect(location.startsWith(`${platform().url}/api/payments/paymob/return?`)).toBe(true);
  return api('GET', location.slice(platform().url.length));
}
async function sandboxTransactions(orderId: string) {
  const r = await fetch(`${sandbox()}/transactions.json?merchant_order_id=${encodeURIComponent(orderId)}`);
  return (await r.json()) as { intentions: Record<string, unknown>[]; transactions: { obj: { id: number; data: { bill_reference?: number } } }[] };
}

let txSeq = 900_000_000;
/** A transaction obj as Paymob's processed callback carries it, for one of our orders (by card unless `over` says). */
const objFor = (o: OrderItem, over: Record<string, unknown> = {}) => paidObj(txSeq++, o, settings().integrations.card, over);
const sign = (obj: Record<string, unknown>, secret = settings().hmacSecret) => signObj(obj, secret);
const callback = (obj: Record<string, unknown>, hmac: string | null = sign(obj), type = 'TRANSACTION') =>
  api('POST', `/api/payments/paymob/webhook${hmac === null ? '' : `?hmac=${hmac}`}`, { json: { type, obj } });

async function coupon(fields: Record<string, unknown>) {
  const code = uniq('C');
  const r = await api('POST', '/api/Coupan/create', { token: w.admin.token, json: { code, ...fields } });
  if (r.status !== 201 && r.status !== 200) throw new Error(`create coupon: ${r.status} ${JSON.stringify(r.body)}`);
  return code;
}
async function couponCounts(code: string): Promise<{ uses: number; held: number }> {
  const r = await api('GET', '/api/Coupan/all', { token: w.admin.token });
  const c = (r.body.data as { code: string; uses: number; held: number }[]).find((x) => x.code === code)!;
  return { uses: c.uses, held: c.held };
}
const validate = (user: TestUser, code: string) => api('POST', `/api/Coupan/validate/${encodeURIComponent(code)}`, { token: user.token });
const openLecture = (user: TestUser, id = lecture.id) => api('GET', `/api/cours/lectureaaa/${id}`, { token: user.token });
const myLectures = (user: TestUser) => api('GET', '/api/AWS/get-purched', { token: user.token });
const reconcile = (now: Date) => withReconciler(() => api('POST', `/_local/reconcile?now=${encodeURIComponent(now.toISOString())}`));
/** A settled order as its values say: paid by this transaction, the purchase at its price for this order, 7 days from the payment. */
async function expectSettled(student: TestUser, orderId: string, want: { pricePaid: number; transactionId: string }) {
  const o = await order(orderId);
  expect(o).toMatchObject({ status: 'paid', couponHeld: false, transactionId: want.transactionId });
  const p = await purchase(student.id);
  expect(p).toMatchObject({ source: 'payment', pricePaid: want.pricePaid, orderId });
  expect(Date.parse(p!.expiryDate) - Date.parse(o.paidAt!)).toBe(7 * DAY);
}
const near = (iso: string, ms: number, tolerance = 60_000) => Math.abs(Date.parse(iso) - ms) < tolerance;

// ---- access and input ----------------------------------------------------------------------------

describe('access levels and bad input', () => {
  it('anonymous callers get 401 on the student and admin routes; a student gets 403 on the sales', async () => {
    expect((await api('GET', '/api/AWS/get-purched')).status).toBe(401);
    expect((await api('POST', `/api/user/payment-intention/${lecture.id}`, { json: {} })).status).toBe(401);
    expect((await api('GET', '/api/payments/sales')).status).toBe(401);
    expect((await api('GET', '/api/payments/sales', { token: w.student.token })).status).toBe(403);
    expect((await api('GET', '/api/payments/sales', { token: w.admin.token })).status).toBe(200);
  });

  it('the webhook and the return are public, but an unsigned or forged notice changes nothing', async () => {
    const student = await makeUser();
    const { orderId } = await link(student);
    const o = await order(orderId);
    const obj = objFor(o);
    const unsigned = await callback(obj, null);
    expect(unsigned.status).toBe(401);
    expect(unsigned.body.code).toBe('payment.signature');
    const forged = await callback(obj, sign(obj, 'not-the-secret'));
    expect(forged.status).toBe(401);
    expect(forged.body.code).toBe('payment.signature');
    const tampered = await callback({ ...obj, amount_cents: 1 }, sign(obj));
    expect(tampered.status).toBe(401);
    const returned = await api('GET', `/api/payments/paymob/return?id=1&success=true&merchant_order_id=${orderId}&hmac=${'0'.repeat(128)}`);
    expect(returned.status).toBe(302);
    expect(returned.headers.get('location')).toBe(`${platform().url}/fail`);
    expect((await order(orderId)).status).toBe('pending');
    expect(await purchase(student.id)).toBeUndefined();
  });

  it.each([
    ['a coupon code with spaces inside', 'POST', 'payment-intention', { couponCode: 'a b' }],
    ['a sales range that is not dates', 'GET', '/api/payments/sales?from=yesterday', undefined],
    ['a reversed sales range', 'GET', '/api/payments/sales?from=2026-02-01&to=2026-01-01', undefined],
  ])('refuses %s with 400', async (_, method, path, json) => {
    const r =
      path === 'payment-intention'
        ? await api('POST', `/api/user/payment-intention/${lecture.id}`, { token: w.student.token, json })
        : await api(method, path, { token: w.admin.token });
    expect(r.status).toBe(400);
  });

  it('a webhook body that is not JSON → 400; a notice of another type is acknowledged and ignored', async () => {
    expect((await api('POST', '/api/payments/paymob/webhook?hmac=00', { body: 'nope', headers: { 'content-type': 'text/plain' } })).status).toBe(400);
    const token = await api('POST', '/api/payments/paymob/webhook', { json: { type: 'TOKEN', obj: { token: 'x' } } });
    expect(token.status).toBe(200);
  });

  it('an unknown lecture → 404; a free lecture → 400 payment.free', async () => {
    expect((await intention(w.student, 'nosuchlecture')).status).toBe(404);
    const free = await saveLecture(w, { price: '0', isFree: 'true' });
    const r = await intention(w.student, free.id);
    expect(r.status).toBe(400);
    expect(r.body.code).toBe('payment.free');
  });

  it('a signed notice for an order we never made → 404 payment.order', async () => {
    const obj = objFor({ id: 'NOSUCHORDER', amountCents: 100, status: 'pending', intentionOrderId: 1 } as OrderItem);
    const r = await callback(obj);
    expect(r.status).toBe(404);
    expect(r.body.code).toBe('payment.order');
  });
});

// ---- payment links -------------------------------------------------------------------------------

describe('POST /api/user/payment-intention/{lectureId}', () => {
  it("prices the lecture on the server and opens Paymob's checkout for our order (piasters, EGP, billing data, our routes)", async () => {
    const student = await makeUser({ firstName: 'Mona' });
    const r = await intention(student, lecture.id);
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ message: 'Payment link created', granted: false, data: { originalPrice: 100, discountedPrice: 100 } });
    expect(r.body.paymentUrl).toBe(`${sandbox()}/unifiedcheckout/?publicKey=${encodeURIComponent(settings().publicKey)}&clientSecret=${new URL(r.body.paymentUrl as string).searchParams.get('clientSecret')}`);
    const o = await order(r.body.orderId as string);
    expect(o).toMatchObject({ status: 'pending', amount: 100, amountCents: 10000, method: null, couponHeld: false, paymentUrl: r.body.paymentUrl });
    expect(near(o.holdUntil, Date.now() + 30 * 60_000)).toBe(true);
    const { intentions } = await sandboxTransactions(o.id);
    expect(intentions).toHaveLength(1);
    expect(intentions[0]).toMatchObject({
      amount: 10000,
      currency: 'EGP',
      special_reference: o.id,
      intention_order_id: o.intentionOrderId,
      payment_methods: [settings().integrations.card, settings().integrations.wallet, settings().integrations.kiosk],
      notification_url: `${platform().url}/api/payments/paymob/webhook`,
      redirection_url: `${platform().url}/api/payments/paymob/return`,
      expiration: 1800,
      billing_data: expect.objectContaining({ first_name: 'Mona', last_name: 'User', email: student.email, phone_number: 'NA' }),
    });
  });

  it("bills the student's names as they are now, from the one profile read the session gate made", async () => {
    const student = await makeUser({ firstName: 'Mona' });
    const renamed = await api('PATCH', '/api/user/update', { token: student.token, json: { firstName: 'Mariam', lastName: 'Adel' } });
    expect(renamed.status).toBe(200);
    let r!: Awaited<ReturnType<typeof intention>>;
    const calls = await callsDuring([student.id], async () => (r = await intention(student, lecture.id)));
    expect(r.status).toBe(200);
    const { intentions } = await sandboxTransactions(r.body.orderId as string);
    expect(intentions[0]!.billing_data).toMatchObject({ first_name: 'Mariam', last_name: 'Adel', email: student.email });
    const profileReads = calls.filter((c) => c.op === 'GetItem' && JSON.stringify(c.input.Key) === JSON.stringify({ PK: { S: `USER#${student.id}` }, SK: { S: 'PROFILE' } }));
    expect(profileReads).toHaveLength(1);
  });

  it('opens the checkout for a record without names (Paymob gets NA, as for a missing phone)', async () => {
    const student = await makeUser();
    await ddb().send(new UpdateCommand({ TableName: platform().tableName, Key: { PK: `USER#${student.id}`, SK: 'PROFILE' }, UpdateExpression: 'REMOVE firstName, lastName' }));
    let r;
    try {
      r = await intention(student, lecture.id);
    } finally {
      await ddb().send(new UpdateCommand({ TableName: platform().tableName, Key: { PK: `USER#${student.id}`, SK: 'PROFILE' }, UpdateExpression: 'SET firstName = :f, lastName = :l', ExpressionAttributeValues: { ':f': 'Test', ':l': 'User' } }));
    }
    expect(r.status).toBe(200);
    const { intentions } = await sandboxTransactions(r.body.orderId as string);
    expect(intentions[0]!.billing_data).toMatchObject({ first_name: 'NA', last_name: 'NA', email: student.email, phone_number: 'NA' });
  });

  it('reuses the open checkout for the same price and coupon; a new coupon supersedes it and the held use follows', async () => {
    const student = await makeUser();
    const code = await coupon({ discount: 50 });
    const first = await link(student);
    const again = await link(student);
    expect(again.orderId).toBe(first.orderId);
    expect(again.paymentUrl).toBe(first.paymentUrl);
    expect((await sandboxTransactions(first.orderId)).intentions).toHaveLength(1);

    const withCoupon = await link(student, lecture.id, code.toLowerCase());
    expect(withCoupon.orderId).not.toBe(first.orderId);
    expect(withCoupon.data).toEqual({ originalPrice: 100, discountedPrice: 50, discount: 50, couponCode: code });
    expect((await order(first.orderId)).status).toBe('cancelled');
    expect(await order(withCoupon.orderId)).toMatchObject({ amountCents: 5000, couponHeld: true });
    expect(await couponCounts(code)).toEqual({ uses: 0, held: 1 });
    expect((await link(student, lecture.id, code)).orderId).toBe(withCoupon.orderId);

    const without = await link(student);
    expect(without.orderId).not.toBe(withCoupon.orderId);
    expect((await order(withCoupon.orderId)).status).toBe('cancelled');
    expect(await couponCounts(code)).toEqual({ uses: 0, held: 0 });
  });

  it('five requests for the link at once (a page mounting twice) open one order and hold one use of a once-per-student coupon', async () => {
    const student = await makeUser();
    const code = await coupon({ discount: 40, oncePerStudent: true });
    const answers = await Promise.all(Array.from({ length: 5 }, () => intention(student, lecture.id, code)));
    expect(answers.map((a) => a.status)).toEqual(Array(5).fill(200));
    expect(new Set(answers.map((a) => a.body.orderId as string)).size).toBe(1);
    expect(new Set(answers.map((a) => a.body.paymentUrl as string)).size).toBe(1);
    expect(await couponCounts(code)).toEqual({ uses: 0, held: 1 });
    // The same student asking again (the page reloaded) keeps that checkout: their own hold does not count against them.
    expect((await link(student, lecture.id, code)).orderId).toBe(answers[0]!.body.orderId);
  });

  it('five requests at once with a 100 % coupon all answer that it is granted: one purchase, one use counted', async () => {
    const student = await makeUser();
    const code = await coupon({ discount: 100, oncePerStudent: true });
    const answers = await Promise.all(Array.from({ length: 5 }, () => intention(student, lecture.id, code)));
    expect(answers.map((a) => [a.status, a.body.granted ?? a.body.code])).toEqual(Array(5).fill([200, true]));
    expect(new Set(answers.map((a) => a.body.orderId as string)).size).toBe(1);
    expect(await couponCounts(code)).toEqual({ uses: 1, held: 0 });
    expect(await purchase(student.id)).toMatchObject({ source: 'payment', pricePaid: 0, orderId: answers[0]!.body.orderId });
  });

  it("a coupon's error comes through as it is (unknown code → 404 coupon.invalid), and nothing is held", async () => {
    const student = await makeUser();
    const r = await intention(student, lecture.id, 'NOSUCHCODE');
    expect(r.status).toBe(404);
    expect(r.body.code).toBe('coupon.invalid');
  });

  it('a 100 % coupon grants the lecture at once: no gateway, the purchase recorded, the use counted', async () => {
    const student = await makeUser();
    const code = await coupon({ discount: 100 });
    const r = await intention(student, lecture.id, code);
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ granted: true, paymentUrl: '', data: { originalPrice: 100, discountedPrice: 0, discount: 100, couponCode: code } });
    expect(await order(r.body.orderId as string)).toMatchObject({ status: 'paid', method: 'coupon', amount: 0, couponHeld: false });
    expect((await sandboxTransactions(r.body.orderId as string)).intentions).toHaveLength(0);
    const p = await purchase(student.id);
    expect(p).toMatchObject({ source: 'payment', pricePaid: 0, orderId: r.body.orderId });
    expect(near(p!.expiryDate, Date.now() + 7 * DAY)).toBe(true);
    expect(await couponCounts(code)).toEqual({ uses: 1, held: 0 });
    // Asked again at once (a double tap, the page asking twice): the same answer, nothing more recorded.
    const again = await intention(student, lecture.id, code);
    expect([again.status, again.body.granted, again.body.orderId]).toEqual([200, true, r.body.orderId]);
    expect(await couponCounts(code)).toEqual({ uses: 1, held: 0 });
    // A minute later, it is owned.
    const { orders } = await inProcess();
    const viewer = { userId: student.id, isAdmin: false, contact: { firstName: 'Test', lastName: 'User', email: student.email, phone: '' } };
    await expect(orders.createPaymentIntention(lecture.id, viewer, { couponCode: code }, new Date(Date.now() + 60_000))).rejects.toMatchObject({ status: 409, code: 'payment.owned' });
  });
});

// ---- paying through the sandbox -------------------------------------------------------------------

describe('paying by card, wallet and kiosk', () => {
  it('a paid lecture gives no video URL without a purchase; after a card payment the return lands on /temp and it plays', async () => {
    const student = await makeUser();
    const before = await openLecture(student);
    expect(before.status).toBe(200);
    expect(before.body.data.canWatch).toBe(false);
    for (const v of before.body.data.videos) expect(v.signedUrl).toBeUndefined();

    const { orderId, paymentUrl } = await link(student);
    const paid = await pay(paymentUrl, 'card');
    expect(paid.status).toBe(302);
    const back = await followReturn(paid);
    expect(back.status).toBe(302);
    expect(back.headers.get('location')).toBe(`${platform().url}/temp`);

    const o = await order(orderId);
    expect(o).toMatchObject({ status: 'paid', method: 'card', couponHeld: false });
    const p = await purchase(student.id);
    expect(p).toMatchObject({ source: 'payment', pricePaid: 100, orderId });
    expect(near(p!.expiryDate, Date.parse(o.paidAt!) + 7 * DAY, 1000)).toBe(true);
    const after = await openLecture(student);
    expect(after.body.data.canWatch).toBe(true);
    expect(after.body.data.videos.every((v: { signedUrl?: string }) => typeof v.signedUrl === 'string')).toBe(true);

    const mine = await myLectures(student);
    expect(mine.status).toBe(200);
    expect(mine.body.pending).toEqual([]);
    expect(mine.body.data).toEqual([
      expect.objectContaining({ id: lecture.id, pricePaid: 100, source: 'payment', expired: false, purchaseDate: p!.purchaseDate, expiryDate: p!.expiryDate, accessDays: 7 }),
    ]);
    expect(mine.body.data[0].videos).toBeUndefined();

    const owned = await intention(student, lecture.id);
    expect(owned.status).toBe(409);
    expect(owned.body.code).toBe('payment.owned');
  });

  it('a wallet payment is recorded as a wallet payment', async () => {
    const student = await makeUser();
    const { orderId, paymentUrl } = await link(student);
    const back = await followReturn(await pay(paymentUrl, 'wallet'));
    expect(back.headers.get('location')).toBe(`${platform().url}/temp`);
    expect(await order(orderId)).toMatchObject({ status: 'paid', method: 'wallet' });
  });

  it('a declined card lands on /fail and gives the coupon use back; paying again in the same checkout still pays it', async () => {
    const student = await makeUser();
    const code = await coupon({ discount: 50, maxUses: 1 });
    const { orderId, paymentUrl } = await link(student, lecture.id, code);
    expect(await couponCounts(code)).toEqual({ uses: 0, held: 1 });
    const back = await followReturn(await pay(paymentUrl, 'declined'));
    expect(back.headers.get('location')).toBe(`${platform().url}/fail`);
    expect(await order(orderId)).toMatchObject({ status: 'failed', couponHeld: false });
    expect(await couponCounts(code)).toEqual({ uses: 0, held: 0 });
    expect(await purchase(student.id)).toBeUndefined();

    const retry = await followReturn(await pay(paymentUrl, 'card'));
    expect(retry.headers.get('location')).toBe(`${platform().url}/temp`);
    expect(await order(orderId)).toMatchObject({ status: 'paid', method: 'card' });
    expect(await purchase(student.id)).toMatchObject({ pricePaid: 50 });
    expect(await couponCounts(code)).toEqual({ uses: 1, held: 0 });
  });

  it('a kiosk payment is pending with its reference (listed on My lectures) until the outlet’s success arrives', async () => {
    const student = await makeUser();
    const { orderId, paymentUrl } = await link(student);
    const res = await pay(paymentUrl, 'kiosk');
    expect(res.status).toBe(303);
    const { transactions } = await sandboxTransactions(orderId);
    const reference = String(transactions[0]!.obj.data.bill_reference);
    const o = await order(orderId);
    expect(o).toMatchObject({ status: 'pending', method: 'kiosk', kioskReference: reference });
    expect(near(o.holdUntil, Date.now() + 7 * DAY)).toBe(true);
    expect(await purchase(student.id)).toBeUndefined();
    const waiting = await myLectures(student);
    expect(waiting.body.data).toEqual([]);
    expect(waiting.body.pending).toEqual([expect.objectContaining({ id: orderId, lectureId: lecture.id, status: 'pending', method: 'kiosk', kioskReference: reference, amount: 100 })]);

    // A declined card tried meanwhile does not end the order that waits for its reference.
    expect((await callback(objFor(o, { success: false, data: { message: 'Declined' } }))).status).toBe(200);
    expect((await order(orderId)).status).toBe('pending');
    // A new link for the lecture leaves the kiosk order alone.
    const other = await link(student);
    expect(other.orderId).not.toBe(orderId);
    expect((await order(orderId)).status).toBe('pending');
    // Both wait: the kiosk order (no longer the lecture's open order) and the new checkout.
    expect((await myLectures(student)).body.pending.map((x: { id: string }) => x.id).sort()).toEqual([orderId, other.orderId].sort());

    const outlet = await fetch(`${sandbox()}/kiosk/${transactions[0]!.obj.id}/paid`, { method: 'POST', redirect: 'manual' });
    expect(outlet.status).toBe(303);
    expect(await order(orderId)).toMatchObject({ status: 'paid', method: 'kiosk' });
    const done = await myLectures(student);
    expect(done.body.data).toEqual([expect.objectContaining({ id: lecture.id, pricePaid: 100, expired: false })]);
    expect(done.body.pending.map((x: { id: string }) => x.id)).not.toContain(orderId);
  });
});

describe('coupon holds (one use held per student, card and wallet holds lapse after 30 minutes)', () => {
  let another: Awaited<ReturnType<typeof saveLecture>>;
  beforeAll(async () => {
    another = await saveLecture(w, { price: '100', accessDays: '7' });
  });

  it('a student holds at most one use of a limited coupon: a second lecture’s order is refused while the first is unpaid, and takes it once that is paid', async () => {
    const student = await makeUser();
    const code = await coupon({ discount: 20, maxUses: 5 });
    const first = await link(student, lecture.id, code);
    const refused = await intention(student, another.id, code);
    expect(refused.status).toBe(409);
    expect(refused.body.code).toBe('coupon.held');
    expect(await couponCounts(code)).toEqual({ uses: 0, held: 1 });
    expect((await api('POST', `/api/Coupan/validate/${code}?lectureId=${another.id}`, { token: student.token })).body.code).toBe('coupon.held');
    // The same lecture asks again: its own open order is reused, not refused.
    expect((await link(student, lecture.id, code)).orderId).toBe(first.orderId);
    // Another student is not held up by it.
    expect((await link(await makeUser(), another.id, code)).data).toMatchObject({ discountedPrice: 80, couponCode: code });

    expect((await pay(first.paymentUrl, 'card')).status).toBe(302);
    expect(await order(first.orderId)).toMatchObject({ status: 'paid', couponHeld: false });
    const second = await link(student, another.id, code);
    expect(second.data).toMatchObject({ discountedPrice: 80, couponCode: code });
    expect(await couponCounts(code)).toEqual({ uses: 1, held: 2 });
  });

  it('a kiosk reference keeps its one use: another lecture cannot take the coupon until it is paid', async () => {
    const student = await makeUser();
    const code = await coupon({ discount: 10, maxUses: 10 });
    const kiosk = await link(student, lecture.id, code);
    expect((await pay(kiosk.paymentUrl, 'kiosk')).status).toBe(303);
    expect((await order(kiosk.orderId)).kioskReference).toMatch(/^\d{8}$/);
    expect((await intention(student, another.id, code)).body.code).toBe('coupon.held');
    expect((await intention(student, lecture.id, code)).body.code).toBe('coupon.held');
    expect(await couponCounts(code)).toEqual({ uses: 0, held: 1 });
  });

  it('a card checkout left unpaid gives its use back after 30 minutes (the reconciler expires it)', async () => {
    const student = await makeUser();
    const code = await coupon({ discount: 25, maxUses: 1 });
    const { orderId } = await link(student, lecture.id, code);
    const o = await order(orderId);
    expect(Date.parse(o.holdUntil) - Date.parse((o as unknown as { createdAt: string }).createdAt)).toBe(30 * 60_000);
    expect((await intention(await makeUser(), lecture.id, code)).body.code).toBe('coupon.usedUp');
    await reconcile(new Date(Date.parse(o.holdUntil) - 60_000));
    expect((await order(orderId)).status).toBe('pending');
    await reconcile(new Date(Date.parse(o.holdUntil) + 1000));
    expect(await order(orderId)).toMatchObject({ status: 'expired', couponHeld: false });
    expect(await couponCounts(code)).toEqual({ uses: 0, held: 0 });
    // The use is back, and the student whose checkout lapsed holds nothing: they may take it again.
    expect((await validate(student, code)).status).toBe(200);
    expect((await link(student, lecture.id, code)).data).toMatchObject({ discountedPrice: 75 });
    expect(await couponCounts(code)).toEqual({ uses: 0, held: 1 });
  });

  it('a once-per-student coupon: two students each use it once; deleting and making it again does not give a use back', async () => {
    const [a, b, c] = await Promise.all([makeUser(), makeUser(), makeUser()]);
    const code = await coupon({ discount: 100, oncePerStudent: true });
    for (const s of [a, b]) expect((await link(s, lecture.id, code)).granted).toBe(true);
    expect(await couponCounts(code)).toEqual({ uses: 2, held: 0 });
    expect((await intention(a, another.id, code)).body.code).toBe('coupon.alreadyUsed');

    const listed = (await api('GET', '/api/Coupan/all', { token: w.admin.token })).body.data as { id: string; code: string }[];
    expect((await api('DELETE', `/api/Coupan/${listed.find((x) => x.code === code)!.id}`, { token: w.admin.token })).status).toBe(200);
    expect((await api('POST', '/api/Coupan/create', { token: w.admin.token, json: { code, discount: 100, oncePerStudent: true } })).status).toBe(201);
    for (const s of [a, b]) {
      const r = await intention(s, another.id, code);
      expect([r.status, r.body.code]).toEqual([409, 'coupon.alreadyUsed']);
    }
    expect((await link(c, another.id, code)).granted).toBe(true);
    expect(await purchase(c.id, another.id)).toMatchObject({ source: 'payment', pricePaid: 0 });
    expect(await couponCounts(code)).toEqual({ uses: 1, held: 0 });
  });
});

describe('My lectures under a whole class (issue 14)', () => {
  const holdsOf = async (userId: string) => (await ddb().send(new GetCommand({ TableName: platform().tableName, Key: { PK: `USER#${userId}`, SK: 'PROFILE#ORDERS' }, ConsistentRead: true }))).Item;

  it("costs one store call: the session gate's Query of the record, the pending-order holds and the purchases", async () => {
    const student = await makeUser();
    await writePurchase(student.id, lecture.id, 30);
    // The first list writes the holds item from the student's orders (none pending): from then on it is read along.
    expect((await myLectures(student)).body.pending).toEqual([]);
    expect(await holdsOf(student.id)).toMatchObject({ since: expect.any(String) });
    let body: { data: { id: string }[]; pending: unknown[] } | undefined;
    const calls = await callsDuring([student.id], async () => (body = (await myLectures(student)).body));
    expect(calls.map((c) => c.op)).toEqual(['Query']);
    const read = JSON.stringify(calls[0]!.input);
    expect(read).toContain('BETWEEN');
    expect(read).toContain('PROFILE');
    expect(body!.data.map((l) => l.id)).toEqual([lecture.id]);
    expect(body!.pending).toEqual([]);

    // What the Query read reaches the handler only once the session holds.
    expect((await api('POST', '/api/auth/logout', { token: student.token })).status).toBe(200);
    const ended = await myLectures(student);
    expect(ended.status).toBe(401);
    expect(ended.body.code).toBe('session.loggedOut');
  });

  it('lists an order while its hold lasts (one more read: the order), and forgets a hold that has run out', async () => {
    const student = await makeUser();
    const { orderId } = await link(student);
    expect((await holdsOf(student.id))?.[`o_${orderId}`]).toBe((await order(orderId)).holdUntil);
    let body: { pending: { id: string; status: string }[] } | undefined;
    const calls = await callsDuring([student.id, orderId], async () => (body = (await myLectures(student)).body));
    expect(calls.map((c) => c.op)).toEqual(['Query', 'BatchGetItem']);
    expect(body!.pending).toEqual([expect.objectContaining({ id: orderId, status: 'pending' })]);

    // A hold that ran out (set back in time here) is not listed, and the list removes it.
    const past = new Date(Date.now() - 60_000).toISOString();
    await ddb().send(new UpdateCommand({ TableName: platform().tableName, Key: { PK: `ORDER#${orderId}`, SK: 'ORDER' }, UpdateExpression: 'SET holdUntil = :p', ExpressionAttributeValues: { ':p': past } }));
    await ddb().send(
      new UpdateCommand({ TableName: platform().tableName, Key: { PK: `USER#${student.id}`, SK: 'PROFILE#ORDERS' }, UpdateExpression: 'SET #o = :p', ExpressionAttributeNames: { '#o': `o_${orderId}` }, ExpressionAttributeValues: { ':p': past } }),
    );
    expect((await myLectures(student)).body.pending).toEqual([]);
    expect(await holdsOf(student.id)).not.toHaveProperty(`o_${orderId}`);
  });

  it("lists a student's pending orders made before the holds item existed, from their orders, and writes it", async () => {
    const student = await makeUser();
    const { orderId } = await link(student);
    // As a record written before AP61: the orders are there, the holds item is not.
    await ddb().send(new DeleteCommand({ TableName: platform().tableName, Key: { PK: `USER#${student.id}`, SK: 'PROFILE#ORDERS' } }));
    expect((await myLectures(student)).body.pending).toEqual([expect.objectContaining({ id: orderId })]);
    expect((await holdsOf(student.id))?.[`o_${orderId}`]).toBe((await order(orderId)).holdUntil);
  });
});

// ---- callbacks -----------------------------------------------------------------------------------

describe('POST /api/payments/paymob/webhook', () => {
  it('a replayed success changes nothing; a failure after it does not undo it; a pending one does not override it', async () => {
    const student = await makeUser();
    const { orderId } = await link(student);
    const o = await order(orderId);
    const obj = objFor(o);
    const first = await callback(obj);
    expect(first.status).toBe(200);
    const p1 = await purchase(student.id);
    const replay = await callback(obj);
    expect(replay.status).toBe(200);
    expect(await purchase(student.id)).toEqual(p1);
    expect((await callback(objFor(o, { success: false, data: { message: 'Declined' } }))).status).toBe(200);
    expect((await callback(objFor(o, { success: false, pending: true, source_data: { pan: '', sub_type: 'AGGREGATOR', type: 'aggregator' }, data: { message: 'Pending', bill_reference: 1234 } }))).status).toBe(200);
    expect(await order(orderId)).toMatchObject({ status: 'paid', kioskReference: null });
    expect(await purchase(student.id)).toEqual(p1);
  });

  it('a success after a failure pays the order (Paymob lets the student try again)', async () => {
    const student = await makeUser();
    const { orderId } = await link(student);
    const o = await order(orderId);
    expect((await callback(objFor(o, { success: false, data: { message: 'Declined' } }))).status).toBe(200);
    expect((await order(orderId)).status).toBe('failed');
    const success = objFor(o);
    expect((await callback(success)).status).toBe(200);
    await expectSettled(student, orderId, { pricePaid: 100, transactionId: String(success.id) });
  });

  it.each([
    ['an amount that is not the order’s', { amount_cents: 9999 }],
    ['another currency', { currency: 'USD' }],
  ])('a signed success with %s → 400 payment.mismatch, nothing changes', async (_, change) => {
    const student = await makeUser();
    const { orderId } = await link(student);
    const o = await order(orderId);
    const r = await callback(objFor(o, change));
    expect(r.status).toBe(400);
    expect(r.body.code).toBe('payment.mismatch');
    expect((await order(orderId)).status).toBe('pending');
    expect(await purchase(student.id)).toBeUndefined();
  });

  it("a signed success for another Paymob order's id, with our order id beside it → 404 payment.order, nothing changes", async () => {
    const student = await makeUser();
    const { orderId } = await link(student);
    const r = await callback(objFor(await order(orderId), { order: { id: 1, merchant_order_id: orderId } }));
    expect(r.status).toBe(404);
    expect(r.body.code).toBe('payment.order');
    expect((await order(orderId)).status).toBe('pending');
    expect(await purchase(student.id)).toBeUndefined();
  });

  it('twenty concurrent duplicates of the success record one purchase and one coupon use', async () => {
    const student = await makeUser();
    const code = await coupon({ discount: 20 });
    const { orderId } = await link(student, lecture.id, code);
    const o = await order(orderId);
    const obj = objFor(o);
    const hmac = sign(obj);
    const answers = await Promise.all(Array.from({ length: 20 }, () => callback(obj, hmac)));
    expect(answers.map((a) => a.status)).toEqual(Array(20).fill(200));
    const paid = await order(orderId);
    expect(paid).toMatchObject({ status: 'paid', couponHeld: false });
    const p = await purchase(student.id);
    // One purchase of one access period: twenty settlements would have extended it twenty times.
    expect(p).toMatchObject({ orderId, pricePaid: 80 });
    expect(Date.parse(p!.expiryDate) - Date.parse(paid.paidAt!)).toBe(7 * DAY);
    expect(await couponCounts(code)).toEqual({ uses: 1, held: 0 });
  });
});

describe('GET /api/payments/paymob/return', () => {
  it('the return may come before the callback: it settles the order itself and lands on /temp', async () => {
    const student = await makeUser();
    const { orderId, paymentUrl } = await link(student);
    const res = await pay(paymentUrl, 'card', { dropCallback: '1' });
    expect((await order(orderId)).status).toBe('pending');
    const back = await followReturn(res);
    expect(back.headers.get('location')).toBe(`${platform().url}/temp`);
    await expectSettled(student, orderId, { pricePaid: 100, transactionId: new URL(res.headers.get('location')!).searchParams.get('id')! });
  });

  it('a return whose signature does not verify lands on /fail and changes nothing', async () => {
    const student = await makeUser();
    const { orderId, paymentUrl } = await link(student);
    const res = await pay(paymentUrl, 'card', { dropCallback: '1' });
    const location = new URL(res.headers.get('location')!);
    location.searchParams.set('amount_cents', '1');
    const back = await api('GET', `${location.pathname}${location.search}`);
    expect(back.status).toBe(302);
    expect(back.headers.get('location')).toBe(`${platform().url}/fail`);
    expect((await order(orderId)).status).toBe('pending');
    expect(await purchase(student.id)).toBeUndefined();
  });
});

// ---- missed callbacks, expiry --------------------------------------------------------------------

describe('reconciliation', () => {
  it('settles an order whose callback was lost, from Paymob’s transaction inquiry', async () => {
    const student = await makeUser();
    const { orderId, paymentUrl } = await link(student);
    await pay(paymentUrl, 'card', { dropCallback: '1' }); // and the browser never comes back
    expect((await order(orderId)).status).toBe('pending');
    const early = await reconcile(new Date());
    expect(early.status).toBe(200);
    expect((await order(orderId)).status).toBe('pending'); // not yet 10 minutes without news
    const r = await reconcile(new Date(Date.now() + 11 * 60_000));
    expect(r.status).toBe(200);
    expect(r.body.settled).toBeGreaterThanOrEqual(1);
    expect(await order(orderId)).toMatchObject({ status: 'paid', method: 'card' });
    expect(await purchase(student.id)).toMatchObject({ orderId });
  });

  it('settles, from the inquiry, an order whose Paymob order id was never stored — which no signed notice can settle', async () => {
    const student = await makeUser();
    const { orderId, paymentUrl } = await link(student);
    // As an order whose gateway answer was lost: no Paymob order id on it.
    await ddb().send(new UpdateCommand({ TableName: platform().tableName, Key: { PK: `ORDER#${orderId}`, SK: 'ORDER' }, UpdateExpression: 'REMOVE intentionOrderId' }));
    const res = await pay(paymentUrl, 'card');
    expect((await followReturn(res)).headers.get('location')).toBe(`${platform().url}/fail`);
    expect((await order(orderId)).status).toBe('pending');
    expect(await purchase(student.id)).toBeUndefined();
    const r = await reconcile(new Date(Date.now() + 11 * 60_000));
    expect(r.body.settled).toBeGreaterThanOrEqual(1);
    await expectSettled(student, orderId, { pricePaid: 100, transactionId: new URL(res.headers.get('location')!).searchParams.get('id')! });
  });

  it('an order still pending past its hold expires and gives its coupon use back', async () => {
    const student = await makeUser();
    const code = await coupon({ discount: 10, maxUses: 5 });
    const { orderId } = await link(student, lecture.id, code);
    expect(await couponCounts(code)).toEqual({ uses: 0, held: 1 });
    await ddb().send(
      new UpdateCommand({
        TableName: platform().tableName,
        Key: { PK: `ORDER#${orderId}`, SK: 'ORDER' },
        UpdateExpression: 'SET holdUntil = :past',
        ExpressionAttributeValues: { ':past': new Date(Date.now() - 60_000).toISOString() },
      }),
    );
    const r = await reconcile(new Date(Date.now() + 11 * 60_000));
    expect(r.body.expired).toBeGreaterThanOrEqual(1);
    expect(await order(orderId)).toMatchObject({ status: 'expired', couponHeld: false });
    expect(await couponCounts(code)).toEqual({ uses: 0, held: 0 });
  });
});

describe('expiry', () => {
  it('an expired purchase shows as expired and stops playing; buying again starts a new period', async () => {
    const student = await makeUser();
    await writePurchase(student.id, lecture.id, -1);
    const mine = await myLectures(student);
    expect(mine.body.data).toEqual([expect.objectContaining({ id: lecture.id, expired: true, source: 'payment' })]);
    const lec = await openLecture(student);
    expect(lec.body.data.canWatch).toBe(false);
    for (const v of lec.body.data.videos) expect(v.signedUrl).toBeUndefined();

    const { orderId, paymentUrl } = await link(student);
    await followReturn(await pay(paymentUrl, 'card'));
    const o = await order(orderId);
    const p = await purchase(student.id);
    expect(Date.parse(p!.expiryDate) - Date.parse(o.paidAt!)).toBe(7 * DAY);
    expect((await myLectures(student)).body.data[0]).toMatchObject({ expired: false, pricePaid: 100 });
    expect((await openLecture(student)).body.data.canWatch).toBe(true);
  });

  it('a payment that arrives while a purchase still runs extends it from its end', async () => {
    const student = await makeUser();
    const { orderId } = await link(student);
    const end = Date.now() + 5 * DAY;
    await ddb().send(
      new PutCommand({
        TableName: platform().tableName,
        Item: { PK: `USER#${student.id}`, SK: `PURCHASE#${lecture.id}`, userId: student.id, lectureId: lecture.id, purchaseDate: new Date().toISOString(), expiryDate: new Date(end).toISOString(), source: 'grant' },
      }),
    );
    expect((await callback(objFor(await order(orderId)))).status).toBe(200);
    expect((await purchase(student.id))!.expiryDate).toBe(new Date(end + 7 * DAY).toISOString());
  });
});

// ---- the sales page ------------------------------------------------------------------------------

describe('GET /api/payments/sales', () => {
  it("lists the orders with their students; revenue counts paid lectures' and bundles' orders only (not top-ups of a balance), coupons and all", async () => {
    const student = await makeUser({ firstName: 'Salma' });
    const code = await coupon({ discount: 25 });
    const { orderId, paymentUrl } = await link(student, lecture.id, code);
    await followReturn(await pay(paymentUrl, 'card'));
    const pendingOne = await link(await makeUser());
    const r = await api('GET', '/api/payments/sales', { token: w.admin.token });
    expect(r.status).toBe(200);
    const report = r.body.data;
    expect(report.byDay).toHaveLength(30);
    const row = report.orders.find((x: { id: string }) => x.id === orderId);
    expect(row).toMatchObject({ status: 'paid', method: 'card', amount: 75, originalPrice: 100, couponCode: code, discount: 25, studentName: 'Salma User', studentEmail: student.email });
    expect(report.orders.find((x: { id: string }) => x.id === pendingOne.orderId)).toMatchObject({ status: 'pending' });
    // Revenue is what lectures and term bundles brought (other files' orders share the range); a top-up, or a
    // payment credited to the balance instead, is not: the report adds up to its own orders (sales-report.ts).
    expect(figures(report)).toEqual(addedUp(report));
    expect(report.coupons).toContainEqual({ code, uses: 1, discountGiven: 25 });
    expect(report.byLecture.find((x: { lectureId: string }) => x.lectureId === lecture.id).revenue).toBeGreaterThanOrEqual(75);

    // The teacher deletes Salma: her sale still counts, named from what was kept and marked deleted.
    expect((await api('DELETE', `/api/user/deleteUser/${student.id}`, { token: w.admin.token })).status).toBe(200);
    const after = (await api('GET', '/api/payments/sales', { token: w.admin.token })).body.data;
    expect(after.orders.find((x: { id: string }) => x.id === orderId)).toMatchObject({ status: 'paid', amount: 75, studentName: 'Salma User', studentDeleted: true, studentEmail: student.email, studentPhone: '' });
    expect(after.totals.revenue).toBeCloseTo(report.totals.revenue, 2);
  });

  it('a range with no orders is all zeros', async () => {
    const r = await api('GET', '/api/payments/sales?from=2020-01-01&to=2020-01-03', { token: w.admin.token });
    expect(r.status).toBe(200);
    expect(r.body.data).toMatchObject({ from: '2020-01-01', to: '2020-01-03', totals: { revenue: 0, paid: 0, pending: 0, failed: 0, discountGiven: 0 }, orders: [] });
    expect(r.body.data.byDay.map((d: { day: string }) => d.day)).toEqual(['2020-01-01', '2020-01-02', '2020-01-03']);
  });
});

/** The payments code in this process, against the same table and sandbox, with a gateway of our choosing. */
async function inProcess() {
  useThePlatformHere({ paymob: true });
  return { orders: await import('../../functions/payments/orders'), gateway: await import('../../functions/payments/gateway') };
}

// ---- the gateway refusing ------------------------------------------------------------------------

describe('when Paymob refuses or does not answer', () => {

  it.each([
    ['refuses the secret key', (s: PaymobSettings): PaymobSettings => ({ ...s, secretKey: 'egy_sk_test_wrong' }), () => sandbox()],
    ['does not answer', (s: PaymobSettings): PaymobSettings => s, () => 'http://127.0.0.1:9'],
  ])('Paymob %s → 502 payment.gateway; the order fails and its coupon use goes back', async (_, settingsOf, baseUrl) => {
    const { orders, gateway } = await inProcess();
    const student = await makeUser();
    const code = await coupon({ discount: 30, maxUses: 1 });
    const broken = gateway.paymobGateway(() => Promise.resolve(settingsOf(settings())), baseUrl(), platform().url);
    await expect(orders.createPaymentIntention(lecture.id, { userId: student.id, isAdmin: false, contact: { firstName: 'Test', lastName: 'User', email: student.email, phone: '' } }, { couponCode: code }, new Date(), broken)).rejects.toMatchObject({ status: 502, code: 'payment.gateway' });
    const pointer = await ddb().send(new GetCommand({ TableName: platform().tableName, Key: { PK: `USER#${student.id}`, SK: `OPENORDER#${lecture.id}` } }));
    expect(await order(pointer.Item!.orderId as string)).toMatchObject({ status: 'failed', couponHeld: false });
    expect(await couponCounts(code)).toEqual({ uses: 0, held: 0 });
    // The student can try again at once (the single use was given back).
    expect((await link(student, lecture.id, code)).data).toMatchObject({ discountedPrice: 70 });
  });

  it('a gateway slow to answer (2.5 s) makes the twin requests wait for its link, not open orders of their own', async () => {
    const { orders, gateway } = await inProcess();
    const student = await makeUser();
    const code = await coupon({ discount: 40, oncePerStudent: true });
    const real = gateway.paymobGateway(() => Promise.resolve(settings()), sandbox(), platform().url);
    let calls = 0;
    const slow = { ...real, createIntention: async (req: Parameters<typeof real.createIntention>[0]) => (calls++, await new Promise((r) => setTimeout(r, 2500)), real.createIntention(req)) };
    const viewer = { userId: student.id, isAdmin: false, contact: { firstName: 'Test', lastName: 'User', email: student.email, phone: '' } };
    const answers = await Promise.all(Array.from({ length: 5 }, () => orders.createPaymentIntention(lecture.id, viewer, { couponCode: code }, new Date(), slow)));
    expect(calls).toBe(1);
    expect(new Set(answers.map((a) => a.orderId)).size).toBe(1);
    expect(new Set(answers.map((a) => a.paymentUrl)).size).toBe(1);
    expect(await couponCounts(code)).toEqual({ uses: 0, held: 1 });
  });
});
