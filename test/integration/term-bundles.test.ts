/**
 * Term bundles on the stand-ins and the local Paymob sandbox: the teacher prices a term as a whole
 * (PATCH /api/cours/Term/bundle/{termId}), the student sees the offer, buys it (Paymob, a 100 % coupon,
 * or the balance: 402 and nothing taken when it is short), and then opens every lecture of the term — those added after the purchase too — until the bundle
 * ends; never a lecture of another term. My lectures lists the bundle and its lectures; the sales
 * page counts the bundle's orders like a lecture's.
 */
import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { api, ddb, makeUser, platform, type TestUser, uniq, useThePlatformHere } from '../support/platform';
import { makeWorld, saveLecture, type World } from './catalogue-fixtures';
import { addedUp, figures } from './sales-report';

jest.setTimeout(90_000);

const DAY = 86_400_000;
let w: World;
let first: Awaited<ReturnType<typeof saveLecture>>;
let second: Awaited<ReturnType<typeof saveLecture>>;
let endsAt: string;
beforeAll(async () => {
  w = await makeWorld();
  [first, second] = await Promise.all([saveLecture(w, { price: '100', accessDays: '7' }), saveLecture(w, { price: '60' })]);
  endsAt = new Date(Date.now() + 60 * DAY).toISOString();
});

const settings = () => platform().paymob.settings;
const setBundle = (body: Record<string, unknown>, termId = w.termId, token = w.admin.token) => api('PATCH', `/api/cours/Term/bundle/${termId}`, { token, json: body });
const offer = (user: TestUser, termId = w.termId) => api('GET', `/api/cours/bundle/${termId}`, { token: user.token });
const intention = (user: TestUser, termId = w.termId, couponCode?: string) =>
  api('POST', `/api/user/payment-intention/term/${termId}`, { token: user.token, json: couponCode === undefined ? {} : { couponCode } });
const openLecture = (user: TestUser, id: string) => api('GET', `/api/cours/lectureaaa/${id}`, { token: user.token });
const sectionLectures = (user: TestUser, contentId = w.lectureSectionId) => api('GET', `/api/cours/lecture/${contentId}`, { token: user.token });

/** The sandbox's checkout form, submitted as the browser does, then the return followed. */
async function payByCard(paymentUrl: string) {
  const clientSecret = new URL(paymentUrl).searchParams.get('clientSecret')!;
  const res = await fetch(`${platform().paymob.apiUrl}/unifiedcheckout/pay`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ clientSecret, publicKey: settings().publicKey, outcome: 'card' }),
    redirect: 'manual',
  });
  const location = res.headers.get('location')!;
  return api('GET', location.slice(platform().url.length));
}
async function termPurchase(userId: string, termId = w.termId) {
  const r = await ddb().send(new GetCommand({ TableName: platform().tableName, Key: { PK: `USER#${userId}`, SK: `PURCHASE#TERM#${termId}` }, ConsistentRead: true }));
  return r.Item as { purchaseDate: string; expiryDate: string; pricePaid: number; orderId: string; source: string; termId: string } | undefined;
}
async function order(id: string) {
  const r = await ddb().send(new GetCommand({ TableName: platform().tableName, Key: { PK: `ORDER#${id}`, SK: 'ORDER' }, ConsistentRead: true }));
  return r.Item as { status: string; termId?: string; amount: number; originalPrice: number; method: string | null };
}
/** A student who bought the bundle by card through the sandbox. */
async function bundleOwner(): Promise<{ student: TestUser; orderId: string }> {
  const student = await makeUser();
  const r = await intention(student);
  if (r.status !== 200) throw new Error(`term intention: ${r.status} ${JSON.stringify(r.body)}`);
  const back = await payByCard(r.body.paymentUrl);
  expect(back.headers.get('location')).toBe(`${platform().url}/temp`);
  return { student, orderId: r.body.orderId };
}

describe('PATCH /api/cours/Term/bundle/{termId}', () => {
  it('sets and removes the bundle price and end; the terms list shows them', async () => {
    const r = await setBundle({ bundlePrice: 120, endsAt });
    expect(r.status).toBe(200);
    expect(r.body.data).toMatchObject({ id: w.termId, bundlePrice: 120, endsAt });
    const terms = await api('GET', `/api/cours/Term/${encodeURIComponent('ثانوي عام')}/${w.course.id}`, { token: w.student.token });
    expect(terms.body.data.find((t: { id: string }) => t.id === w.termId)).toMatchObject({ bundlePrice: 120, endsAt });

    const removed = await setBundle({ bundlePrice: null });
    expect(removed.body.data).toMatchObject({ bundlePrice: null, endsAt });
    expect((await setBundle({ bundlePrice: 120 })).body.data).toMatchObject({ bundlePrice: 120, endsAt });
  });

  it('refuses a student (403), a bad price (400), a price without an end (400 term.bundleEnd), an unknown term (404)', async () => {
    expect((await setBundle({ bundlePrice: 50 }, w.termId, w.student.token)).status).toBe(403);
    const bad = await setBundle({ bundlePrice: -5 });
    expect(bad.status).toBe(400);
    expect((await setBundle({ endsAt: 'tomorrow' })).status).toBe(400);
    const other = w.course.terms.find((t) => t.id !== w.termId)!.id;
    const noEnd = await setBundle({ bundlePrice: 50 }, other);
    expect(noEnd.status).toBe(400);
    expect(noEnd.body.code).toBe('term.bundleEnd');
    const unknown = await setBundle({ bundlePrice: 50, endsAt }, '01JUNKNOWNTERM000000000000');
    expect(unknown.status).toBe(404);
    expect(unknown.body.code).toBe('term.notFound');
  });
});

describe('GET /api/cours/bundle/{termId}', () => {
  it('offers the whole term at its bundle price beside the sum of its lectures’ prices', async () => {
    const r = await offer(await makeUser());
    expect(r.status).toBe(200);
    expect(r.body.data).toEqual({ termId: w.termId, termName: expect.any(String), bundlePrice: 120, lecturesPrice: 160, lectureCount: 2, endsAt, owned: false });
  });

  it('offers nothing on a term without a bundle price, or one whose end has passed', async () => {
    const other = w.course.terms.find((t) => t.id !== w.termId)!.id;
    expect((await offer(w.student, other)).body.data).toBeNull();
    expect((await setBundle({ bundlePrice: 30, endsAt: new Date(Date.now() - DAY).toISOString() }, other)).status).toBe(200);
    expect((await offer(w.student, other)).body.data).toBeNull();
    const refused = await intention(w.student, other);
    expect(refused.status).toBe(400);
    expect(refused.body.code).toBe('payment.noBundle');
  });
});

describe('POST /api/user/payment-intention/term/{termId}', () => {
  it("opens Paymob's checkout at the bundle price; paid, the student opens every lecture of the term, one added later too, and sees it owned", async () => {
    const student = await makeUser();
    expect((await openLecture(student, first.id)).body.data.canWatch).toBe(false);
    const r = await intention(student);
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ granted: false, data: { originalPrice: 120, discountedPrice: 120 } });
    expect(r.body.paymentUrl).toMatch(/unifiedcheckout/);
    // Asked again: the same open checkout.
    expect((await intention(student)).body.orderId).toBe(r.body.orderId);
    await payByCard(r.body.paymentUrl);

    expect(await order(r.body.orderId)).toMatchObject({ kind: 'term', status: 'paid', termId: w.termId, amount: 120, method: 'card' });
    expect(await termPurchase(student.id)).toMatchObject({ source: 'payment', pricePaid: 120, orderId: r.body.orderId, expiryDate: endsAt, termId: w.termId });
    for (const l of [first, second]) {
      const open = await openLecture(student, l.id);
      expect(open.body.data.canWatch).toBe(true);
      expect(open.body.data.videos.every((v: { signedUrl?: string }) => typeof v.signedUrl === 'string')).toBe(true);
    }
    const later = await saveLecture(w, { price: '80' });
    expect((await openLecture(student, later.id)).body.data.canWatch).toBe(true);
    const listed = await sectionLectures(student);
    expect(listed.body.data.filter((l: { canWatch: boolean }) => l.canWatch).map((l: { id: string }) => l.id).sort()).toEqual([first.id, second.id, later.id].sort());

    const video = first.videos[0]!;
    const play = await api('POST', `/api/AWS/lectures/${first.id}/videos/${video.id}/playback`, { token: student.token, json: {} });
    expect(play.status).toBe(200);

    expect((await offer(student)).body.data).toMatchObject({ owned: true });
    const again = await intention(student);
    expect(again.status).toBe(409);
    expect(again.body.code).toBe('payment.owned');
  });

  it('gives no lecture of another term', async () => {
    const { student } = await bundleOwner();
    const other = w.course.terms.find((t) => t.id !== w.termId)!.id;
    const sections = await api('GET', `/api/cours/content/${other}`, { token: w.admin.token });
    const contentId = sections.body.data.find((s: { content: string }) => s.content === 'شرح محاضرات').id as string;
    const elsewhere = await saveLecture(w, { price: '50', contentId });
    const open = await openLecture(student, elsewhere.id);
    expect(open.status).toBe(200);
    expect(open.body.data.canWatch).toBe(false);
    const play = await api('POST', `/api/AWS/lectures/${elsewhere.id}/videos/${elsewhere.videos[0]!.id}/playback`, { token: student.token, json: {} });
    expect(play.status).toBe(403);
    expect(play.body.code).toBe('lecture.notOwned');
  });

  it('stops giving the lectures once the bundle has ended', async () => {
    const { student } = await bundleOwner();
    await ddb().send(
      new UpdateCommand({
        TableName: platform().tableName,
        Key: { PK: `USER#${student.id}`, SK: `PURCHASE#TERM#${w.termId}` },
        UpdateExpression: 'SET expiryDate = :past',
        ExpressionAttributeValues: { ':past': new Date(Date.now() - 1000).toISOString() },
      }),
    );
    const open = await openLecture(student, first.id);
    expect(open.body.data.canWatch).toBe(false);
    expect(open.body.data.videos.every((v: { signedUrl?: string }) => v.signedUrl === undefined)).toBe(true);
    const play = await api('POST', `/api/AWS/lectures/${first.id}/videos/${first.videos[0]!.id}/playback`, { token: student.token, json: {} });
    expect(play.status).toBe(403);
    expect((await sectionLectures(student)).body.data.every((l: { canWatch: boolean }) => !l.canWatch)).toBe(true);
  });

  it('a 100 % coupon grants the bundle at once, without the gateway', async () => {
    const code = uniq('T');
    expect((await api('POST', '/api/Coupan/create', { token: w.admin.token, json: { code, discount: 100 } })).status).toBeLessThan(300);
    const student = await makeUser();
    const r = await intention(student, w.termId, code);
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ granted: true, paymentUrl: '', data: { originalPrice: 120, discountedPrice: 0, discount: 100, couponCode: code } });
    expect(await termPurchase(student.id)).toMatchObject({ pricePaid: 0, expiryDate: endsAt });
    expect((await openLecture(student, second.id)).body.data.canWatch).toBe(true);
  });

  it('twenty concurrent duplicates of the signed success record one bundle purchase', async () => {
    const student = await makeUser();
    const r = await intention(student);
    const clientSecret = new URL(r.body.paymentUrl).searchParams.get('clientSecret')!;
    const res = await fetch(`${platform().paymob.apiUrl}/unifiedcheckout/pay`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ clientSecret, publicKey: settings().publicKey, outcome: 'card' }),
      redirect: 'manual',
    });
    const path = res.headers.get('location')!.slice(platform().url.length);
    const answers = await Promise.all(Array.from({ length: 20 }, () => api('GET', path)));
    expect(answers.every((a) => a.status === 302)).toBe(true);
    const p = await termPurchase(student.id);
    expect(p).toMatchObject({ orderId: r.body.orderId, pricePaid: 120 });
    expect(await order(r.body.orderId)).toMatchObject({ status: 'paid' });
  });

  it('anonymous → 401; an unknown term → 404', async () => {
    expect((await api('POST', `/api/user/payment-intention/term/${w.termId}`, { json: {} })).status).toBe(401);
    const unknown = await intention(w.student, '01JUNKNOWNTERM000000000000');
    expect(unknown.status).toBe(404);
  });
});

describe('My lectures and the sales page', () => {
  it('My lectures lists the bundle with its lectures; the sales page counts the bundle’s order', async () => {
    const { student, orderId } = await bundleOwner();
    const mine = await api('GET', '/api/AWS/get-purched', { token: student.token });
    expect(mine.status).toBe(200);
    expect(mine.body.data).toEqual([]);
    expect(mine.body.bundles).toHaveLength(1);
    const b = mine.body.bundles[0];
    expect(b).toMatchObject({ termId: w.termId, pricePaid: 120, expiryDate: endsAt, expired: false });
    expect(b.lectures.map((l: { id: string }) => l.id)).toEqual(expect.arrayContaining([first.id, second.id]));

    const sales = (await api('GET', '/api/payments/sales', { token: w.admin.token })).body.data;
    expect(sales.orders.find((o: { id: string }) => o.id === orderId)).toMatchObject({ status: 'paid', amount: 120, termId: w.termId, lectureId: '' });
    const row = sales.byLecture.find((x: { termId?: string }) => x.termId === w.termId);
    expect(row.orders).toBeGreaterThanOrEqual(1);
    expect(row.revenue).toBeGreaterThanOrEqual(120);
  });
});

describe('POST /api/user/payment-intention/term/{termId} {useWallet: true}', () => {
  /** The wallet's code in this process, on the platform's table (to give a student a balance and read the ledger). */
  async function walletRepo() {
    useThePlatformHere({ paymob: true });
    return import('../../functions/data/wallet-repo');
  }
  const credit = async (userId: string, amount: number) => (await walletRepo()).moveWallet(userId, { amount, kind: 'adjustment', ref: `test ${uniq()}` });
  const wallet = async (userId: string) => (await walletRepo()).walletOf(userId, { limit: 1000 });
  const fromBalance = (user: TestUser, body: Record<string, unknown> = {}) => api('POST', `/api/user/payment-intention/term/${w.termId}`, { token: user.token, json: { useWallet: true, ...body } });
  const sales = async () => (await api('GET', '/api/payments/sales', { token: w.admin.token })).body.data;
  const termRow = (d: { byLecture: { termId?: string; revenue: number }[] }) => d.byLecture.find((l) => l.termId === w.termId)?.revenue ?? 0;

  it('a balance that covers the bundle buys it at once: a paid order of kind term by balance, the bundle, the ledger entry; the sales count it as revenue by balance', async () => {
    const before = await sales();
    const student = await makeUser();
    await credit(student.id, 150);
    const r = await fromBalance(student);
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ granted: true, paymentUrl: '', message: 'The whole term is now among your paid lectures', data: { originalPrice: 120, discountedPrice: 120, balance: 30 } });
    expect(await order(r.body.orderId)).toMatchObject({ kind: 'term', status: 'paid', termId: w.termId, amount: 120, method: 'balance' });
    expect(await termPurchase(student.id)).toMatchObject({ source: 'payment', pricePaid: 120, orderId: r.body.orderId, expiryDate: endsAt, termId: w.termId });
    const after = await wallet(student.id);
    expect(after.balance).toBe(30);
    expect(after.entries).toHaveLength(2);
    expect(after.entries[0]).toMatchObject({ kind: 'purchase', amount: -120, balanceAfter: 30, ref: r.body.orderId });
    expect((await openLecture(student, second.id)).body.data.canWatch).toBe(true);
    // A reload answers the same purchase and takes nothing; a checkout is refused: the term is owned.
    expect((await fromBalance(student)).body).toMatchObject({ granted: true, orderId: r.body.orderId, data: { balance: 30 } });
    expect((await intention(student)).body.code).toBe('payment.owned');
    expect((await wallet(student.id)).balance).toBe(30);

    // Other files buy and top up on the same platform meanwhile: the report must add up to its own orders,
    // this order among them as revenue by balance (not a top-up), and the term's own row moved by exactly it.
    const now = await sales();
    expect(figures(now)).toEqual(addedUp(now));
    expect(termRow(now) - termRow(before)).toBe(120);
    expect(now.orders.find((o: { id: string }) => o.id === r.body.orderId)).toMatchObject({ kind: 'term', termId: w.termId, lectureId: '', method: 'balance', status: 'paid' });
  });

  it('a balance short of the price after the coupon answers 402 wallet.insufficient with both, and takes nothing: no debit, no order, no bundle, the coupon’s use left', async () => {
    const code = uniq('TB');
    expect((await api('POST', '/api/Coupan/create', { token: w.admin.token, json: { code, discount: 50, maxUses: 1 } })).status).toBeLessThan(300);
    const uses = async () => ((await api('GET', '/api/Coupan/all', { token: w.admin.token })).body.data as { code: string; uses: number; held: number }[]).find((c) => c.code === code);
    const student = await makeUser();
    await credit(student.id, 50);
    const before = await wallet(student.id);
    const r = await fromBalance(student, { couponCode: code });
    expect(r.status).toBe(402);
    expect(r.body).toMatchObject({ code: 'wallet.insufficient', balance: 50, price: 60 });
    expect(await wallet(student.id)).toEqual(before);
    expect(await termPurchase(student.id)).toBeUndefined();
    const pointer = await ddb().send(new GetCommand({ TableName: platform().tableName, Key: { PK: `USER#${student.id}`, SK: `OPENORDER#TERM#${w.termId}` }, ConsistentRead: true }));
    expect(pointer.Item).toBeUndefined();
    expect(await uses()).toMatchObject({ uses: 0, held: 0 });
    expect((await openLecture(student, first.id)).body.data.canWatch).toBe(false);
    // With 10 more the same request buys the bundle, the coupon first.
    await credit(student.id, 10);
    const bought = await fromBalance(student, { couponCode: code });
    expect(bought.body).toMatchObject({ granted: true, data: { originalPrice: 120, discountedPrice: 60, discount: 50, couponCode: code, balance: 0 } });
    expect(await termPurchase(student.id)).toMatchObject({ pricePaid: 60, orderId: bought.body.orderId });
    expect(await uses()).toMatchObject({ uses: 1, held: 0 });
  });
});
