/**
 * Paying from the wallet and topping it up by Paymob (issue 40), on the stand-ins and the local
 * Paymob sandbox: a lecture bought from the balance in one transaction (the coupon first), a balance
 * short of the price taking nothing, twenty purchases at once from a balance that covers only some,
 * a top-up credited once by its signed settlement however often the news comes (callback replayed,
 * the browser return, the reconciler), a forged notice crediting nothing, and the sales page.
 */
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { api, ddb, makeUser, platform, type TestUser, useThePlatformHere, uniq } from '../support/platform';
import { signObj } from '../support/paymob-reference';
import { makeWorld, saveLecture, type World } from './catalogue-fixtures';
import { addedUp, figures } from './sales-report';
import { withReconciler } from '../support/settings-lock';

jest.setTimeout(120_000);

let w: World;
let lecture: Awaited<ReturnType<typeof saveLecture>>;
beforeAll(async () => {
  w = await makeWorld();
  lecture = await saveLecture(w, { price: '100', accessDays: '7' });
});

const DAY = 86_400_000;
const settings = () => platform().paymob.settings;

// ---- helpers ---------------------------------------------------------------------------------------

/** The wallet's code in this process, on the platform's table (to give a student a balance, and to read the ledger whole). */
async function walletRepo() {
  useThePlatformHere({ paymob: true });
  return import('../../functions/data/wallet-repo');
}
async function credit(userId: string, amount: number) {
  const { moveWallet } = await walletRepo();
  await moveWallet(userId, { amount, kind: 'adjustment', ref: `test ${uniq()}` });
}
/** The balance and every entry of the ledger. */
async function wallet(userId: string) {
  const { walletOf } = await walletRepo();
  return walletOf(userId, { limit: 1000 });
}
const sum = (entries: { amount: number }[]) => Math.round(entries.reduce((n, e) => n + e.amount * 100, 0)) / 100;

const buy = (user: TestUser, lectureId: string, body: Record<string, unknown> = { useWallet: true }) =>
  api('POST', `/api/user/payment-intention/${lectureId}`, { token: user.token, json: body });

async function orderItem(id: string) {
  const r = await ddb().send(new GetCommand({ TableName: platform().tableName, Key: { PK: `ORDER#${id}`, SK: 'ORDER' }, ConsistentRead: true }));
  return r.Item as { id: string; status: string; method: string | null; amount: number; amountCents: number; intentionOrderId?: number; kind?: string; paidAt: string | null };
}
async function purchase(userId: string, lectureId: string) {
  const r = await ddb().send(new GetCommand({ TableName: platform().tableName, Key: { PK: `USER#${userId}`, SK: `PURCHASE#${lectureId}` }, ConsistentRead: true }));
  return r.Item as { purchaseDate: string; expiryDate: string; pricePaid?: number; orderId?: string; source: string } | undefined;
}

async function coupon(fields: Record<string, unknown>) {
  const code = uniq('W');
  const r = await api('POST', '/api/Coupan/create', { token: w.admin.token, json: { code, ...fields } });
  if (r.status !== 201 && r.status !== 200) throw new Error(`create coupon: ${r.status} ${JSON.stringify(r.body)}`);
  return code;
}
async function couponCounts(code: string): Promise<{ uses: number; held: number }> {
  const r = await api('GET', '/api/Coupan/all', { token: w.admin.token });
  const c = (r.body.data as { code: string; uses: number; held: number }[]).find((x) => x.code === code)!;
  return { uses: c.uses, held: c.held };
}

const topUp = (user: TestUser, amount: unknown) => api('POST', '/api/wallet/top-up', { token: user.token, json: { amount } });
async function topUpLink(user: TestUser, amount: number) {
  const r = await topUp(user, amount);
  if (r.status !== 200) throw new Error(`top-up: ${r.status} ${JSON.stringify(r.body)}`);
  return r.body as { orderId: string; paymentUrl: string; amount: number; message: string };
}
/** The sandbox's checkout form, submitted as the browser does; `dropCallback` loses Paymob's callback. */
function pay(paymentUrl: string, outcome: 'card' | 'declined' | 'kiosk', dropCallback = false) {
  const clientSecret = new URL(paymentUrl).searchParams.get('clientSecret')!;
  return fetch(`${platform().paymob.apiUrl}/unifiedcheckout/pay`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ clientSecret, publicKey: settings().publicKey, outcome, ...(dropCallback ? { dropCallback: '1' } : {}) }),
    redirect: 'manual',
  });
}
/** The transactions the sandbox made for one of our orders, as its processed callbacks carry them. */
async function sandboxTransactions(orderId: string) {
  const r = await fetch(`${platform().paymob.apiUrl}/transactions.json?merchant_order_id=${encodeURIComponent(orderId)}`);
  return ((await r.json()) as { transactions: { obj: Record<string, unknown> }[] }).transactions.map((t) => t.obj);
}
const callback = (obj: Record<string, unknown>, hmac: string = signObj(obj, settings().hmacSecret)) =>
  api('POST', `/api/payments/paymob/webhook?hmac=${hmac}`, { json: { type: 'TRANSACTION', obj } });
/** Later than every order's 10 quiet minutes, before a card order's 30-minute hold runs out. */
const reconcile = () => withReconciler(() => api('POST', `/_local/reconcile?now=${encodeURIComponent(new Date(Date.now() + 11 * 60_000).toISOString())}`));

// ---- paying from the wallet ----------------------------------------------------------------------

describe('POST /api/user/payment-intention/{lectureId} {useWallet: true}', () => {
  it('a balance that covers the price buys the lecture at once: granted, the purchase, a paid order by balance, the ledger entry', async () => {
    const student = await makeUser();
    await credit(student.id, 150);
    const r = await buy(student, lecture.id);
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ granted: true, paymentUrl: '', data: { originalPrice: 100, discountedPrice: 100, balance: 50 } });
    const o = await orderItem(r.body.orderId as string);
    expect(o).toMatchObject({ status: 'paid', method: 'balance', amount: 100 });
    const p = await purchase(student.id, lecture.id);
    expect(p).toMatchObject({ source: 'payment', pricePaid: 100, orderId: o.id });
    expect(Date.parse(p!.expiryDate) - Date.parse(o.paidAt!)).toBe(7 * DAY);
    const after = await wallet(student.id);
    expect(after.balance).toBe(50);
    expect(after.entries[0]).toMatchObject({ kind: 'purchase', amount: -100, balanceAfter: 50, ref: o.id });
    expect(sum(after.entries)).toBe(50);
    // The lecture opens. The same request again (a reload) answers the same purchase and takes nothing; a checkout is refused.
    expect((await api('GET', `/api/cours/lectureaaa/${lecture.id}`, { token: student.token })).body.data.canWatch).toBe(true);
    expect((await buy(student, lecture.id)).body).toMatchObject({ granted: true, orderId: o.id, data: { balance: 50 } });
    expect((await buy(student, lecture.id, {})).body.code).toBe('payment.owned');
    expect((await wallet(student.id)).balance).toBe(50);
  });

  it('the coupon applies first: a 50 % coupon and a balance of 50 buy a 100 LE lecture, and the coupon counts one paid use', async () => {
    const student = await makeUser();
    const code = await coupon({ discount: 50, maxUses: 5 });
    await credit(student.id, 50);
    const r = await buy(student, lecture.id, { useWallet: true, couponCode: code });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ granted: true, data: { originalPrice: 100, discountedPrice: 50, discount: 50, couponCode: code, balance: 0 } });
    expect(await couponCounts(code)).toEqual({ uses: 1, held: 0 });
    expect((await purchase(student.id, lecture.id))?.pricePaid).toBe(50);
    expect((await wallet(student.id)).balance).toBe(0);
  });

  it('a balance short of the price answers 402 wallet.insufficient with the balance and the price, and takes nothing', async () => {
    const student = await makeUser();
    const code = await coupon({ discount: 40, maxUses: 1, oncePerStudent: true });
    await credit(student.id, 30);
    const before = await wallet(student.id);
    const r = await buy(student, lecture.id, { useWallet: true, couponCode: code });
    expect(r.status).toBe(402);
    expect(r.body).toMatchObject({ code: 'wallet.insufficient', balance: 30, price: 60 });
    expect(await wallet(student.id)).toEqual(before);
    expect(await purchase(student.id, lecture.id)).toBeUndefined();
    expect(await couponCounts(code)).toEqual({ uses: 0, held: 0 });
    // The coupon's one use is still there: with 30 more, the same request buys the lecture.
    await credit(student.id, 30);
    expect((await buy(student, lecture.id, { useWallet: true, couponCode: code })).body).toMatchObject({ granted: true, data: { discountedPrice: 60, balance: 0 } });
    expect(await couponCounts(code)).toEqual({ uses: 1, held: 0 });
  });

  it('a double (here an eightfold) tap buys once: every answer grants the lecture, the balance (just the price) is taken once', async () => {
    const student = await makeUser();
    await credit(student.id, 100);
    // A twin that reads the balance after another has paid from it answers "granted" too, not 402.
    // The taps a few ms apart: some read the open order before the first pays and the balance after it.
    const taps = await Promise.all(Array.from({ length: 8 }, (_, i) => new Promise((r) => setTimeout(r, i * 4)).then(() => buy(student, lecture.id))));
    expect(taps.map((t) => t.status)).toEqual(Array.from({ length: 8 }, () => 200));
    expect(taps.map((t) => t.body.granted)).toEqual(Array.from({ length: 8 }, () => true));
    expect(new Set(taps.map((t) => t.body.orderId)).size).toBe(1);
    const after = await wallet(student.id);
    expect(after.balance).toBe(0);
    expect(after.entries.filter((e) => e.kind === 'purchase')).toHaveLength(1);
  });

  it('twenty purchases of different lectures at once from a balance that covers seven: exactly seven bought, never negative, the balance its ledger', async () => {
    const student = await makeUser();
    const lectures = await Promise.all(Array.from({ length: 20 }, () => saveLecture(w, { price: '10' })));
    await credit(student.id, 75);
    const answers = await Promise.all(lectures.map((l) => buy(student, l.id)));
    const bought = lectures.filter((_, i) => answers[i]!.status === 200);
    expect(bought).toHaveLength(7);
    expect(answers.filter((a) => a.status !== 200).map((a) => [a.status, a.body.code])).toEqual(Array.from({ length: 13 }, () => [402, 'wallet.insufficient']));
    const owned = await Promise.all(lectures.map((l) => purchase(student.id, l.id)));
    expect(lectures.filter((_, i) => owned[i] !== undefined).map((l) => l.id).sort()).toEqual(bought.map((l) => l.id).sort());
    const after = await wallet(student.id);
    expect(after.balance).toBe(5);
    expect(sum(after.entries)).toBe(5);
    expect(after.entries.filter((e) => e.kind === 'purchase')).toHaveLength(7);
    expect(after.entries.every((e) => e.balanceAfter >= 0)).toBe(true);
  });

  it('without useWallet the answer is the Paymob checkout as before, whatever the balance', async () => {
    const student = await makeUser();
    await credit(student.id, 500);
    const r = await buy(student, lecture.id, {});
    expect(r.status).toBe(200);
    expect(r.body.granted).toBe(false);
    expect(r.body.paymentUrl).toMatch(/^http/);
    expect((await wallet(student.id)).balance).toBe(500);
  });
});

// ---- topping up by Paymob ------------------------------------------------------------------------

describe('POST /api/wallet/top-up', () => {
  it('opens a Paymob checkout for the amount; an amount outside 10–5000 LE or not whole is a 400, and a visitor a 401', async () => {
    const student = await makeUser();
    const r = await topUpLink(student, 200);
    expect(r.amount).toBe(200);
    expect(r.paymentUrl).toMatch(/^http/);
    expect(await orderItem(r.orderId)).toMatchObject({ status: 'pending', kind: 'topUp', amount: 200, amountCents: 20_000, method: null });
    for (const bad of [9, 5001, 10.5, '', 'ten', -50]) {
      const b = await topUp(student, bad);
      expect([b.status, b.body.code]).toEqual([400, 'validation']);
    }
    expect((await api('POST', '/api/wallet/top-up', { json: { amount: 100 } })).status).toBe(401);
  });

  it('a card payment credits the wallet once: the callback replayed, the browser return and the reconciler add nothing more', async () => {
    const student = await makeUser();
    const { orderId, paymentUrl } = await topUpLink(student, 120);
    const res = await pay(paymentUrl, 'card');
    // The browser comes back to our return route, which sends it to the thank-you page as a top-up.
    const back = await api('GET', res.headers.get('location')!.slice(platform().url.length));
    expect(back.status).toBe(302);
    expect(back.headers.get('location')).toBe(`${platform().url}/temp?for=topUp`);
    const [obj] = await sandboxTransactions(orderId);
    const replays = await Promise.all([callback(obj!), callback(obj!), callback(obj!), reconcile()]);
    expect(replays.map((x) => x.status)).toEqual([200, 200, 200, 200]);
    expect(await orderItem(orderId)).toMatchObject({ status: 'paid', method: 'card' });
    const after = await wallet(student.id);
    expect(after.balance).toBe(120);
    expect(after.entries).toHaveLength(1);
    expect(after.entries[0]).toMatchObject({ kind: 'topUp', amount: 120, balanceAfter: 120, ref: orderId });
    // A top-up buys no lecture.
    expect((await api('GET', '/api/AWS/get-purched', { token: student.token })).body.data).toEqual([]);
  });

  it('a payment whose callback was lost is credited once, by the reconciler and a late callback at the same moment', async () => {
    const student = await makeUser();
    const { orderId, paymentUrl } = await topUpLink(student, 75);
    await pay(paymentUrl, 'card', true);
    expect((await orderItem(orderId)).status).toBe('pending');
    const [obj] = await sandboxTransactions(orderId);
    await Promise.all([reconcile(), callback(obj!), reconcile(), callback(obj!)]);
    expect((await orderItem(orderId)).status).toBe('paid');
    const after = await wallet(student.id);
    expect(after.balance).toBe(75);
    expect(after.entries.map((e) => e.kind)).toEqual(['topUp']);
  });

  it('a forged callback credits nothing; a declined card credits nothing and returns to /fail as a top-up', async () => {
    const student = await makeUser();
    const { orderId, paymentUrl } = await topUpLink(student, 300);
    await pay(paymentUrl, 'card', true);
    const [obj] = await sandboxTransactions(orderId);
    expect((await callback(obj!, signObj(obj!, 'not-our-secret'))).status).toBe(401);
    expect((await callback({ ...obj!, amount_cents: 3_000_000 }, signObj(obj!, settings().hmacSecret))).status).toBe(401);
    expect((await orderItem(orderId)).status).toBe('pending');
    expect((await wallet(student.id)).balance).toBe(0);

    const declined = await topUpLink(student, 50);
    const res = await pay(declined.paymentUrl, 'declined');
    const back = await api('GET', res.headers.get('location')!.slice(platform().url.length));
    expect(back.headers.get('location')).toBe(`${platform().url}/fail?for=topUp`);
    expect((await orderItem(declined.orderId)).status).toBe('failed');
    expect((await wallet(student.id)).balance).toBe(0);
  });

  it("a kiosk top-up waits among the student's pending orders as a top-up", async () => {
    const student = await makeUser();
    const { orderId, paymentUrl } = await topUpLink(student, 40);
    await pay(paymentUrl, 'kiosk');
    const pending = (await api('GET', '/api/AWS/get-purched', { token: student.token })).body.pending as { id: string; kind: string; amount: number; kioskReference: string | null }[];
    expect(pending.map((o) => [o.id, o.kind, o.amount])).toEqual([[orderId, 'topUp', 40]]);
    expect(pending[0]!.kioskReference).toMatch(/^\d+$/);
  });
});

// ---- the sales page ------------------------------------------------------------------------------

describe('GET /api/payments/sales with the wallet', () => {
  it('counts purchases from the balance by method beside Paymob’s, and top-ups apart from lecture revenue', async () => {
    const before = (await api('GET', '/api/payments/sales', { token: w.admin.token })).body.data;
    const student = await makeUser();
    const { paymentUrl } = await topUpLink(student, 100);
    await pay(paymentUrl, 'card');
    const other = await saveLecture(w, { price: '80' });
    expect((await buy(student, other.id)).status).toBe(200);
    const after = (await api('GET', '/api/payments/sales', { token: w.admin.token })).body.data;
    // Other files buy and top up on the same platform meanwhile: the report must add up to its own orders,
    // this student's top-up and purchase among them; the new lecture's own row is exactly the purchase.
    expect(figures(after)).toEqual(addedUp(after));
    expect(figures(before)).toEqual(addedUp(before));
    const mine = (after.orders as { userId?: string; studentEmail: string; kind: string; method: string; amount: number; status: string }[]).filter((o) => o.studentEmail === student.email);
    expect(mine.map((o) => [o.kind, o.method, o.amount, o.status]).sort()).toEqual([['lecture', 'balance', 80, 'paid'], ['topUp', 'card', 100, 'paid']]);
    expect((after.byLecture as { lectureId: string; revenue: number }[]).find((l) => l.lectureId === other.id)?.revenue).toBe(80);
    expect((after.orders as { kind: string; method: string; amount: number }[]).filter((o) => o.kind === 'topUp' && o.amount === 100 && o.method === 'card').length).toBeGreaterThanOrEqual(1);
  });
});
