/**
 * A term's bundle paid at a kiosk after the term ended (the local Paymob sandbox's outlet, signed
 * callbacks): no bundle that is over before it starts — the amount goes to the student's wallet
 * (a ledger entry of kind refund naming the order) in the same exactly-once settlement, and the
 * order says why (refundReason 'termEnded') to the student and on the sales page, which counts it
 * as money on a balance, not as revenue.
 */
import { GetCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { api, ddb, makeUser, platform } from '../support/platform';
import { paidObj, signObj } from '../support/paymob-reference';
import { makeWorld, saveLecture, type World } from './catalogue-fixtures';
import { addedUp, figures } from './sales-report';

jest.setTimeout(90_000);

let w: World;
beforeAll(async () => {
  w = await makeWorld();
  await saveLecture(w, { price: '90' });
});

const settings = () => platform().paymob.settings;
const sandbox = () => platform().paymob.apiUrl;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function order(id: string) {
  const r = await ddb().send(new GetCommand({ TableName: platform().tableName, Key: { PK: `ORDER#${id}`, SK: 'ORDER' }, ConsistentRead: true }));
  return r.Item as { id: string; status: string; amount: number; amountCents: number; intentionOrderId: number; refundReason?: string; method: string | null };
}
async function ledger(userId: string) {
  const r = await ddb().send(
    new QueryCommand({ TableName: platform().tableName, KeyConditionExpression: 'PK = :pk AND begins_with(SK, :sk)', ExpressionAttributeValues: { ':pk': `USER#${userId}`, ':sk': 'WALLETENTRY#' }, ConsistentRead: true }),
  );
  return (r.Items ?? []) as { kind: string; amountPiasters: number; ref: string }[];
}

describe('a kiosk payment for a term bundle that arrives after the term ended', () => {
  it('credits the amount to the wallet (kind refund, ref the order) once, writes no bundle, and marks the order refundReason termEnded', async () => {
    const endsAt = new Date(Date.now() + 8000).toISOString();
    expect((await api('PATCH', `/api/cours/Term/bundle/${w.termId}`, { token: w.admin.token, json: { bundlePrice: 75.5, endsAt } })).status).toBe(200);
    const student = await makeUser();
    const intention = await api('POST', `/api/user/payment-intention/term/${w.termId}`, { token: student.token, json: {} });
    expect(intention.status).toBe(200);
    const orderId = intention.body.orderId as string;
    const clientSecret = new URL(intention.body.paymentUrl).searchParams.get('clientSecret')!;
    const kiosk = await fetch(`${sandbox()}/unifiedcheckout/pay`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ clientSecret, publicKey: settings().publicKey, outcome: 'kiosk' }),
      redirect: 'manual',
    });
    expect(kiosk.status).toBe(303);
    expect(await order(orderId)).toMatchObject({ status: 'pending', method: 'kiosk' });
    const transactionId = kiosk.headers.get('location')!.match(/\/kiosk\/(\d+)$/)![1]!;

    // The student pays at the outlet once the term has ended.
    await sleep(Math.max(0, Date.parse(endsAt) - Date.now() + 500));
    const outlet = await fetch(`${sandbox()}/kiosk/${transactionId}/paid`, { method: 'POST', redirect: 'manual' });
    expect(outlet.status).toBe(303);

    const o = await order(orderId);
    expect(o).toMatchObject({ status: 'paid', method: 'kiosk', refundReason: 'termEnded', amount: 75.5 });
    const bundle = await ddb().send(new GetCommand({ TableName: platform().tableName, Key: { PK: `USER#${student.id}`, SK: `PURCHASE#TERM#${w.termId}` }, ConsistentRead: true }));
    expect(bundle.Item).toBeUndefined();

    // The same signed success, delivered ten more times at once, credits nothing more.
    const obj = paidObj(Number(transactionId), o, settings().integrations.kiosk, {
      is_3d_secure: false,
      source_data: { pan: '', sub_type: 'AGGREGATOR', type: 'aggregator' },
    });
    const replays = await Promise.all(Array.from({ length: 10 }, () => api('POST', `/api/payments/paymob/webhook?hmac=${signObj(obj, settings().hmacSecret)}`, { json: { type: 'TRANSACTION', obj } })));
    expect(replays.map((r) => r.status)).toEqual(Array(10).fill(200));

    expect(await ledger(student.id)).toEqual([expect.objectContaining({ kind: 'refund', amountPiasters: 7550, ref: orderId })]);
    const wallet = await api('GET', '/api/wallet', { token: student.token });
    expect(wallet.body.data).toEqual({ balance: 75.5, entries: [{ id: '1', kind: 'refund', amount: 75.5, balanceAfter: 75.5, at: expect.any(String), ref: orderId }] });

    // My lectures: no bundle; the sales page: the order with its reason, money on a balance (not revenue).
    const mine = await api('GET', '/api/AWS/get-purched', { token: student.token });
    expect([mine.body.bundles, mine.body.pending]).toEqual([[], []]);
    const sales = (await api('GET', '/api/payments/sales', { token: w.admin.token })).body.data;
    expect(sales.orders.find((x: { id: string }) => x.id === orderId)).toMatchObject({ kind: 'term', status: 'paid', refundReason: 'termEnded', amount: 75.5 });
    expect(figures(sales)).toEqual(addedUp(sales));
    expect(sales.byLecture.find((x: { termId?: string }) => x.termId === w.termId)).toBeUndefined();
  });

  it('a bundle paid before the term ends is still the bundle, with no refund', async () => {
    const endsAt = new Date(Date.now() + 30 * 86_400_000).toISOString();
    expect((await api('PATCH', `/api/cours/Term/bundle/${w.termId}`, { token: w.admin.token, json: { bundlePrice: 40, endsAt } })).status).toBe(200);
    const student = await makeUser();
    const r = await api('POST', `/api/user/payment-intention/term/${w.termId}`, { token: student.token, json: {} });
    const clientSecret = new URL(r.body.paymentUrl).searchParams.get('clientSecret')!;
    const card = await fetch(`${sandbox()}/unifiedcheckout/pay`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ clientSecret, publicKey: settings().publicKey, outcome: 'card' }),
      redirect: 'manual',
    });
    await api('GET', card.headers.get('location')!.slice(platform().url.length));
    const o = await order(r.body.orderId);
    expect(o.status).toBe('paid');
    expect(o.refundReason).toBeUndefined();
    expect(await ledger(student.id)).toEqual([]);
  });
});
