/**
 * The local Paymob sandbox (infra/local/paymob-sandbox.ts) over real HTTP: the intention API and
 * its validation, the checkout page, card / declined / wallet / kiosk payments with their signed
 * processed callbacks (received here by a small HTTP server standing in for our webhook) and
 * signed browser returns, the auth token and transaction inquiry APIs, a lost callback, resending,
 * and its state surviving a restart of the platform.
 */
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { signObj, signQuery } from '../support/paymob-reference';
import type { PaymobSettings, SandboxIntention, SandboxTransaction, TransactionObj } from '../../infra/local/paymob-sandbox';
import type { PlatformInfo } from '../../infra/local/platform';
import { spawnPlatform, stopPlatform } from '../../infra/local/spawn';
import { api, makeUser, platform, type TestUser, uniq } from '../support/platform';
import { makeWorld, saveLecture, type World } from './catalogue-fixtures';
import { withReconciler } from '../support/settings-lock';

jest.setTimeout(60_000);

interface Received {
  url: URL;
  body: { type: string; obj: TransactionObj };
}
/** Our webhook's stand-in: records every processed callback; `?answer=500` makes it fail. */
const received: Received[] = [];
let hook: http.Server;
let hookUrl: string;
beforeAll(async () => {
  hook = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const url = new URL(req.url!, 'http://hook');
      received.push({ url, body: JSON.parse(Buffer.concat(chunks).toString('utf8')) as Received['body'] });
      res.writeHead(Number(url.searchParams.get('answer') ?? 200), { 'content-type': 'application/json' });
      res.end('{}');
    });
  });
  await new Promise<void>((r) => hook.listen(0, '127.0.0.1', r));
  hookUrl = `http://127.0.0.1:${(hook.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((r) => hook.close(() => r())));

interface Sandbox {
  url: string;
  apiUrl: string;
  settings: PaymobSettings;
}
const current = (): Sandbox => ({ url: platform().url, ...platform().paymob });
const sandboxOf = (p: PlatformInfo): Sandbox => ({ url: p.url, ...p.paymob });
const REDIRECT = 'https://shop.test/api/payments/paymob/return';

function intentionBody(ref: string, over: Record<string, unknown> = {}, s = current()) {
  return {
    amount: 15000,
    currency: 'EGP',
    payment_methods: [s.settings.integrations.card, s.settings.integrations.wallet, s.settings.integrations.kiosk],
    items: [{ name: 'المحاضرة الأولى: الخلية', amount: 15000, description: 'Lecture', quantity: 1 }],
    billing_data: { first_name: 'Mona', last_name: 'Adel', email: 'mona@example.test', phone_number: '+201001234567' },
    special_reference: ref,
    // Carries its own query: the sandbox appends hmac with '&'.
    notification_url: `${hookUrl}/api/payments/paymob/webhook?ref=${ref}`,
    redirection_url: REDIRECT,
    expiration: 3600,
    extras: { lectureId: 'lec-1' },
    ...over,
  };
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a test reads any field of a response body it did not type
async function post(url: string, body: unknown, headers: Record<string, string> = {}): Promise<{ status: number; body: any }> {
  const r = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: typeof body === 'string' ? body : JSON.stringify(body) });
  const text = await r.text();
  return { status: r.status, body: text ? JSON.parse(text) : undefined };
}
const createIntention = (body: unknown, s = current(), token = s.settings.secretKey) => post(`${s.apiUrl}/v1/intention/`, body, { authorization: `Token ${token}` });

async function intention(over: Record<string, unknown> = {}, s = current()) {
  const ref = uniq('ord');
  const r = await createIntention(intentionBody(ref, over, s), s);
  expect(r.status).toBe(201);
  return { ref, id: r.body.id as string, clientSecret: r.body.client_secret as string, orderId: r.body.intention_order_id as number };
}

const checkoutUrl = (clientSecret: string, s = current(), publicKey = s.settings.publicKey) =>
  `${s.apiUrl}/unifiedcheckout/?publicKey=${encodeURIComponent(publicKey)}&clientSecret=${encodeURIComponent(clientSecret)}`;

/** Submits the checkout form as the browser does (no redirects followed). */
async function pay(clientSecret: string, outcome: 'card' | 'declined' | 'wallet' | 'kiosk', extra: Record<string, string> = {}, s = current()) {
  return fetch(`${s.apiUrl}/unifiedcheckout/pay`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ clientSecret, publicKey: s.settings.publicKey, outcome, ...extra }),
    redirect: 'manual',
  });
}

function nth<T>(list: T[], n: number): T {
  const v = list[n];
  if (v === undefined) throw new Error(`expected an item ${n}; there are ${list.length}`);
  return v;
}
const callbacksFor = (ref: string) => received.filter((c) => c.url.searchParams.get('ref') === ref);
/** The n-th processed callback that reached our webhook for this order. */
const callback = (ref: string, n = 0) => nth(callbacksFor(ref), n);
/** The sandbox's own record of this order: its intention and first (or n-th) transaction. */
async function debug(ref: string, s = current()) {
  const r = await fetch(`${s.apiUrl}/transactions.json?merchant_order_id=${encodeURIComponent(ref)}`);
  const d = (await r.json()) as { intentions: SandboxIntention[]; transactions: SandboxTransaction[] };
  return { ...d, intention: nth(d.intentions, 0), transaction: (n = 0) => nth(d.transactions, n) };
}

/** A processed callback as Paymob documents it: signed over the documented fields of obj with the settings' HMAC secret. */
function expectSigned(c: Received, s = current()) {
  expect(c.body.type).toBe('TRANSACTION');
  expect(c.url.searchParams.get('hmac')).toBe(signObj(c.body.obj as unknown as Record<string, unknown>, s.settings.hmacSecret));
  expect(c.url.pathname).toBe('/api/payments/paymob/webhook');
}

/** The browser return: redirection_url with the flattened fields, signed over the documented fields (order for order.id). */
function expectSignedReturn(location: string | null, s = current()) {
  expect(location).toMatch(new RegExp(`^${REDIRECT.replace(/[.?]/g, '\\$&')}\\?`));
  const params = new URL(location!).searchParams;
  const q = Object.fromEntries(params);
  expect(q.hmac).toBe(signQuery(params, s.settings.hmacSecret));
  return q;
}

const token = async (s = current()) => {
  const r = await post(`${s.apiUrl}/api/auth/tokens`, { api_key: s.settings.apiKey });
  expect(r.status).toBe(201);
  return r.body.token as string;
};
const inquire = async (body: unknown, bearer?: string, s = current()) =>
  post(`${s.apiUrl}/api/ecommerce/orders/transaction_inquiry`, body, bearer ? { authorization: `Bearer ${bearer}` } : {});

describe('the platform', () => {
  it('gives the Lambdas the sandbox as Paymob and exposes its settings', () => {
    const p = platform();
    expect(p.paymob.apiUrl).toBe(`${p.url}/_local/paymob`);
    expect(p.paymob.settings).toEqual({
      secretKey: expect.stringMatching(/^egy_sk_test_/),
      publicKey: expect.stringMatching(/^egy_pk_test_/),
      hmacSecret: expect.any(String),
      apiKey: expect.any(String),
      integrations: { card: 4000001, wallet: 4000002, kiosk: 4000003 },
    });
  });

  it('runs the reconciliation job on demand at POST /_local/reconcile (503 until the payments code has it)', async () => {
    const exists = fs.existsSync(path.resolve(__dirname, '../../functions/payments/reconcile.ts'));
    const r = await withReconciler(() => fetch(`${platform().url}/_local/reconcile?now=${new Date().toISOString()}`, { method: 'POST' }));
    expect(r.status).toBe(exists ? 200 : 503);
    if (exists) expect(await r.json()).toEqual({ checked: expect.any(Number), settled: expect.any(Number), failed: expect.any(Number), expired: expect.any(Number), deferred: expect.any(Number), toldExpiring: expect.any(Number) });
    expect((await fetch(`${platform().url}/_local/reconcile?now=yesterday`, { method: 'POST' })).status).toBe(400);
  });
});

describe('POST /v1/intention/', () => {
  it('creates an intention: 201 with pi_test_ id, egy_csk_test_ client secret, an integer order id, one payment key per integration', async () => {
    const s = current();
    const ref = uniq('ord');
    const r = await createIntention(intentionBody(ref));
    expect(r.status).toBe(201);
    expect(r.body).toMatchObject({ id: expect.stringMatching(/^pi_test_[0-9a-f]{32}$/), client_secret: expect.stringMatching(/^egy_csk_test_[0-9a-f]{32}$/), status: 'intended', special_reference: ref });
    expect(Number.isInteger(r.body.intention_order_id)).toBe(true);
    expect(r.body.payment_keys.map((k: { integration: number }) => k.integration)).toEqual([s.settings.integrations.card, s.settings.integrations.wallet, s.settings.integrations.kiosk]);
    expect(r.body.intention_detail).toMatchObject({ amount: 15000, currency: 'EGP' });
    const again = await createIntention(intentionBody(uniq('ord')));
    expect(again.body.intention_order_id).toBeGreaterThan(r.body.intention_order_id);
    expect(again.body.client_secret).not.toBe(r.body.client_secret);
  });

  it('accepts integration names as Paymob does', async () => {
    expect((await createIntention(intentionBody(uniq('ord'), { payment_methods: ['card', 'kiosk'] }))).status).toBe(201);
  });

  it('401 without the secret key, or with another', async () => {
    const s = current();
    const body = intentionBody(uniq('ord'));
    expect((await post(`${s.apiUrl}/v1/intention/`, body)).status).toBe(401);
    expect((await createIntention(body, s, `${s.settings.secretKey}x`)).status).toBe(401);
    expect((await post(`${s.apiUrl}/v1/intention/`, body, { authorization: `Bearer ${s.settings.secretKey}` })).status).toBe(401);
    // Nothing was stored: the reference is still free.
    expect((await createIntention(body)).status).toBe(201);
  });

  it('404 "Integration ID/Name does not exist" for an integration id that is not this account\'s', async () => {
    const s = current();
    for (const payment_methods of [[1234567], [s.settings.integrations.card, 4000009], ['valu']]) {
      const r = await createIntention(intentionBody(uniq('ord'), { payment_methods }));
      expect(r.status).toBe(404);
      expect(r.body.detail).toMatch(/^Integration ID\/Name does not exist/);
    }
  });

  it('400 with per-field messages: amount, currency, items sum, phone, payment methods', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ amount: 0 }, 'amount'],
      [{ amount: -100 }, 'amount'],
      [{ amount: 150.5 }, 'amount'],
      [{ amount: '15000' }, 'amount'],
      [{ amount: undefined }, 'amount'],
      [{ currency: 'USD' }, 'currency'],
      [{ items: [{ name: 'Lecture', amount: 10000, quantity: 1 }] }, 'items'],
      [{ items: [{ name: 'Lecture', amount: 7500, quantity: 2 }, { name: 'Extra', amount: 1 }] }, 'items'],
      [{ items: [{ amount: 15000 }] }, 'items'],
      [{ items: [] }, 'items'],
      [{ billing_data: { first_name: 'Mona', last_name: 'Adel', email: 'mona@example.test' } }, 'billing_data'],
      [{ billing_data: { phone_number: '  ' } }, 'billing_data'],
      [{ billing_data: undefined }, 'billing_data'],
      [{ payment_methods: [] }, 'payment_methods'],
      [{ notification_url: 'not a url' }, 'notification_url'],
      [{ expiration: 0 }, 'expiration'],
    ];
    for (const [over, field] of cases) {
      const r = await createIntention(intentionBody(uniq('ord'), over));
      expect([JSON.stringify(over), r.status]).toEqual([JSON.stringify(over), 400]);
      expect(Object.keys(r.body)).toEqual([field]);
    }
    const phone = await createIntention(intentionBody(uniq('ord'), { billing_data: { first_name: 'Mona' } }));
    expect(phone.body).toEqual({ billing_data: { phone_number: ['This field is required.'] } });
    // amount × quantity adds up: accepted.
    expect((await createIntention(intentionBody(uniq('ord'), { items: [{ name: 'Lecture', amount: 7500, quantity: 2 }] }))).status).toBe(201);
    const notJson = await post(`${current().apiUrl}/v1/intention/`, '{oops', { authorization: `Token ${current().settings.secretKey}` });
    expect(notJson.status).toBe(400);
  });

  it('400 for a special_reference used before', async () => {
    const ref = uniq('ord');
    expect((await createIntention(intentionBody(ref))).status).toBe(201);
    const dup = await createIntention(intentionBody(ref));
    expect(dup.status).toBe(400);
    expect(dup.body.special_reference[0]).toMatch(/unique/);
  });
});

describe('the checkout page', () => {
  it('shows the item and amount in EGP with the four choices, as plain HTML with no script or outside assets', async () => {
    const i = await intention();
    const r = await fetch(checkoutUrl(i.clientSecret));
    expect(r.status).toBe(200);
    expect(r.headers.get('content-type')).toMatch(/text\/html/);
    const page = await r.text();
    expect(page).toContain('المحاضرة الأولى: الخلية');
    expect(page).toContain('150.00 EGP');
    for (const label of ['Pay by card', 'Card declined', 'Wallet', 'Kiosk (Aman/Masary)', 'Lose the server callback']) expect(page).toContain(label);
    expect(page).not.toMatch(/<script|<link|src=/i);
  });

  it('offers only the intention\'s methods', async () => {
    const i = await intention({ payment_methods: [current().settings.integrations.kiosk] });
    const page = await (await fetch(checkoutUrl(i.clientSecret))).text();
    expect(page).toContain('Kiosk (Aman/Masary)');
    expect(page).not.toContain('Pay by card');
    const r = await pay(i.clientSecret, 'card');
    expect(r.status).toBe(400);
    expect(callbacksFor(i.ref)).toHaveLength(0);
  });

  it('refuses another public key (401) and an unknown client secret (404)', async () => {
    const i = await intention();
    expect((await fetch(checkoutUrl(i.clientSecret, current(), 'egy_pk_test_other'))).status).toBe(401);
    expect((await fetch(checkoutUrl('egy_csk_test_unknown'))).status).toBe(404);
  });
});

describe('payments', () => {
  it('card: posts a signed TRANSACTION callback to notification_url, then 302s the browser to redirection_url with the signed fields', async () => {
    const s = current();
    const i = await intention();
    const r = await pay(i.clientSecret, 'card');
    expect(r.status).toBe(302);
    const q = expectSignedReturn(r.headers.get('location'));

    expect(callbacksFor(i.ref)).toHaveLength(1);
    const cb = callback(i.ref);
    expectSigned(cb);
    expect(cb.url.searchParams.get('ref')).toBe(i.ref); // notification_url's own query kept
    const obj = cb.body.obj;
    expect(obj).toEqual({
      id: expect.any(Number),
      pending: false,
      amount_cents: 15000,
      success: true,
      is_auth: false,
      is_capture: false,
      is_standalone_payment: true,
      is_voided: false,
      is_refunded: false,
      is_3d_secure: true,
      integration_id: s.settings.integrations.card,
      has_parent_transaction: false,
      error_occured: false,
      currency: 'EGP',
      created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      owner: expect.any(Number),
      source_data: { pan: '2346', sub_type: 'MasterCard', type: 'card' },
      order: { id: i.orderId, merchant_order_id: i.ref },
      data: { message: 'Approved' },
    });
    expect(q).toMatchObject({
      id: String(obj.id),
      pending: 'false',
      success: 'true',
      amount_cents: '15000',
      order: String(i.orderId),
      merchant_order_id: i.ref,
      'source_data.pan': '2346',
      'source_data.sub_type': 'MasterCard',
      'source_data.type': 'card',
      'data.message': 'Approved',
      created_at: obj.created_at,
      is_3d_secure: 'true',
    });
    // A tampered return fails verification.
    expect(signQuery(new URLSearchParams({ ...q, amount_cents: '1' }), s.settings.hmacSecret)).not.toBe(q.hmac);

    const d = await debug(i.ref);
    expect(d.intention.status).toBe('paid');
    expect(d.transaction().callbacks).toEqual([expect.objectContaining({ delivered: true, status: 200, pending: false, success: true })]);
    // Paid: the checkout does not take a second payment.
    expect((await fetch(checkoutUrl(i.clientSecret))).status).toBe(409);
    expect((await pay(i.clientSecret, 'card')).status).toBe(409);
    expect(callbacksFor(i.ref)).toHaveLength(1);
  });

  it('declined card: success false, pending false, "Declined"; returns to the shop; the student may try again', async () => {
    const i = await intention();
    const r = await pay(i.clientSecret, 'declined');
    expect(r.status).toBe(302);
    const q = expectSignedReturn(r.headers.get('location'));
    expect(q).toMatchObject({ success: 'false', pending: 'false', 'data.message': 'Declined' });
    const cb = callback(i.ref);
    expectSigned(cb);
    expect(cb.body.obj).toMatchObject({ success: false, pending: false, data: { message: 'Declined' }, integration_id: current().settings.integrations.card });
    expect((await debug(i.ref)).intention.status).toBe('intended');

    const page = await (await fetch(checkoutUrl(i.clientSecret))).text();
    expect(page).toContain('The last attempt was declined');
    const retry = await pay(i.clientSecret, 'card');
    expect(retry.status).toBe(302);
    const second = callback(i.ref, 1);
    expectSigned(second);
    expect(second.body.obj.success).toBe(true);
    expect(second.body.obj.id).not.toBe(cb.body.obj.id);
  });

  it('wallet (Vodafone Cash): success with the wallet source data', async () => {
    const i = await intention();
    const r = await pay(i.clientSecret, 'wallet');
    expect(r.status).toBe(302);
    const q = expectSignedReturn(r.headers.get('location'));
    expect(q).toMatchObject({ success: 'true', 'source_data.type': 'wallet', 'source_data.pan': '01010101010' });
    const cb = callback(i.ref);
    expectSigned(cb);
    expect(cb.body.obj).toMatchObject({
      success: true,
      pending: false,
      is_3d_secure: false,
      integration_id: current().settings.integrations.wallet,
      source_data: { pan: '01010101010', sub_type: 'wallet', type: 'wallet' },
    });
  });

  it('kiosk: pending with a bill reference and no browser return; "Paid at the outlet" sends the success for the same transaction', async () => {
    const s = current();
    const i = await intention();
    const r = await pay(i.clientSecret, 'kiosk');
    expect(r.status).toBe(303);
    const kioskPath = r.headers.get('location')!;
    expect(kioskPath).toMatch(/^\/_local\/paymob\/kiosk\/\d+$/);

    const pending = callback(i.ref);
    expectSigned(pending);
    expect(pending.body.obj).toMatchObject({
      pending: true,
      success: false,
      integration_id: s.settings.integrations.kiosk,
      source_data: { pan: '', sub_type: 'AGGREGATOR', type: 'aggregator' },
      data: { message: 'Pending Payment', bill_reference: expect.any(Number) },
    });
    const reference = pending.body.obj.data.bill_reference!;

    const page = await (await fetch(`${s.url}${kioskPath}`)).text();
    expect(page).toContain(String(reference));
    expect(page).toContain('Paid at the outlet');
    expect(page).toContain(`href="${s.url}/profile/lecPay"`);
    // Back on the checkout: the issued reference, not a second one.
    const again = await fetch(checkoutUrl(i.clientSecret), { redirect: 'manual' });
    expect([again.status, again.headers.get('location')]).toEqual([303, kioskPath]);

    const paid = await fetch(`${s.url}${kioskPath}/paid`, { method: 'POST', redirect: 'manual' });
    expect([paid.status, paid.headers.get('location')]).toEqual([303, kioskPath]);
    expect(callbacksFor(i.ref)).toHaveLength(2);
    const success = callback(i.ref, 1);
    expectSigned(success);
    expect(success.body.obj).toMatchObject({ id: pending.body.obj.id, pending: false, success: true, created_at: pending.body.obj.created_at, data: { bill_reference: reference } });
    expect(await (await fetch(`${s.url}${kioskPath}`)).text()).toMatch(/Paid at the outlet\.<\/b>/);
    // Pressing it again sends nothing more.
    await fetch(`${s.url}${kioskPath}/paid`, { method: 'POST', redirect: 'manual' });
    expect(callbacksFor(i.ref)).toHaveLength(2);
    expect((await debug(i.ref)).transaction().callbacks.map((c) => [c.pending, c.success, c.status])).toEqual([
      [true, false, 200],
      [false, true, 200],
    ]);
  });

  it('records the status the webhook answered, and an unreachable webhook', async () => {
    const failing = await intention({ notification_url: `${hookUrl}/api/payments/paymob/webhook?answer=500&ref=x` });
    expect((await pay(failing.clientSecret, 'card')).status).toBe(302);
    expect((await debug(failing.ref)).transaction().callbacks[0]).toMatchObject({ delivered: true, status: 500 });

    const down = await intention({ notification_url: 'http://127.0.0.1:9/api/payments/paymob/webhook' });
    expect((await pay(down.clientSecret, 'card')).status).toBe(302);
    expect((await debug(down.ref)).transaction().callbacks[0]).toMatchObject({ delivered: false, error: expect.any(String) });
  });

  it('resends a transaction\'s callback, identical and signed (Paymob sends duplicates)', async () => {
    const i = await intention();
    await pay(i.clientSecret, 'card');
    const id = callback(i.ref).body.obj.id;
    const r = await fetch(`${current().apiUrl}/transactions/${id}/resend`, { method: 'POST' });
    expect(r.status).toBe(200);
    const [first, second] = [callback(i.ref), callback(i.ref, 1)];
    expectSigned(second);
    expect(second.body).toEqual(first.body);
    expect(second.url.searchParams.get('hmac')).toBe(first.url.searchParams.get('hmac'));
  });
});

describe('auth tokens and transaction inquiry', () => {
  it('issues a token for the API key only', async () => {
    const s = current();
    expect((await post(`${s.apiUrl}/api/auth/tokens`, { api_key: 'nope' })).status).toBe(403);
    expect((await post(`${s.apiUrl}/api/auth/tokens`, {})).status).toBe(403);
    expect(await token()).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
  });

  it('answers the order\'s latest transaction by merchant_order_id (or order_id), as the callback\'s obj; 404 when none', async () => {
    const t = await token();
    const i = await intention();
    expect((await inquire({ merchant_order_id: i.ref }, t)).status).toBe(404);
    expect((await inquire({ merchant_order_id: 'no-such-order' }, t)).status).toBe(404);

    await pay(i.clientSecret, 'declined');
    await pay(i.clientSecret, 'card');
    const latest = callback(i.ref, 1).body.obj;
    const byRef = await inquire({ merchant_order_id: i.ref }, t);
    expect(byRef.status).toBe(200);
    expect(byRef.body).toEqual(latest);
    expect((await inquire({ order_id: i.orderId }, t)).body).toEqual(latest);
    // The documented alternative: the token in the body.
    expect((await inquire({ merchant_order_id: i.ref, auth_token: t })).status).toBe(200);
  });

  it('401 without a token or with a forged one', async () => {
    const i = await intention();
    expect((await inquire({ merchant_order_id: i.ref })).status).toBe(401);
    const t = await token();
    const [h, p] = t.split('.');
    expect((await inquire({ merchant_order_id: i.ref }, `${h}.${p}.forged`)).status).toBe(401);
    expect((await inquire({ merchant_order_id: i.ref }, current().settings.secretKey)).status).toBe(401);
  });

  it('a lost callback (dropCallback): nothing reaches the webhook, the browser still returns, and the inquiry tells the truth', async () => {
    const i = await intention();
    const r = await pay(i.clientSecret, 'card', { dropCallback: '1' });
    expect(r.status).toBe(302);
    expect(expectSignedReturn(r.headers.get('location')).success).toBe('true');
    expect(callbacksFor(i.ref)).toHaveLength(0);
    expect((await debug(i.ref)).transaction().callbacks).toEqual([expect.objectContaining({ dropped: true, delivered: false })]);
    const inquiry = await inquire({ merchant_order_id: i.ref }, await token());
    expect(inquiry.body).toMatchObject({ success: true, pending: false, order: { merchant_order_id: i.ref } });

    // A kiosk reference paid at the outlet with the callback lost.
    const k = await intention();
    const kiosk = await pay(k.clientSecret, 'kiosk');
    await fetch(`${current().url}${kiosk.headers.get('location')}/paid`, { method: 'POST', body: new URLSearchParams({ dropCallback: '1' }), redirect: 'manual' });
    expect(callbacksFor(k.ref).map((c) => c.body.obj.pending)).toEqual([true]);
    expect((await inquire({ merchant_order_id: k.ref }, await token())).body).toMatchObject({ pending: false, success: true });
  });
});

describe('with our payments code: the whole journey on one machine', () => {
  let w: World;
  let student: TestUser;
  beforeAll(async () => {
    [w, student] = await Promise.all([makeWorld(), makeUser()]);
  });
  /** A 150 LE lecture and the student's payment link for it (our route calls the sandbox's intention API). */
  async function paymentLink() {
    const lecture = await saveLecture(w, { price: '150' });
    const r = await api('POST', `/api/user/payment-intention/${lecture.id}`, { token: student.token, json: {} });
    expect([r.status, r.body.granted]).toEqual([200, false]);
    const paymentUrl = new URL(r.body.paymentUrl as string);
    expect(paymentUrl.href.startsWith(`${current().apiUrl}/unifiedcheckout/?`)).toBe(true);
    return { lectureId: lecture.id, orderId: r.body.orderId as string, clientSecret: paymentUrl.searchParams.get('clientSecret')! };
  }
  const purchases = async () => {
    const r = await api('GET', '/api/AWS/get-purched', { token: student.token });
    expect(r.status).toBe(200);
    return r.body as { data: { id: string }[]; pending: { lectureId: string; status: string; kioskReference: string | null }[] };
  };
  const owns = async (lectureId: string) => (await purchases()).data.some((l) => l.id === lectureId);

  it('card: the signed callback reaches our webhook (200), the return lands on /temp, and the lecture is the student\'s', async () => {
    const link = await paymentLink();
    const page = await (await fetch(checkoutUrl(link.clientSecret))).text();
    expect(page).toContain('150.00 EGP');
    const r = await pay(link.clientSecret, 'card');
    expect(r.status).toBe(302);
    const back = r.headers.get('location')!;
    expect(back.startsWith(`${current().url}/api/payments/paymob/return?`)).toBe(true);
    expect((await debug(link.orderId)).transaction().callbacks[0]).toMatchObject({ delivered: true, status: 200 });
    expect(await owns(link.lectureId)).toBe(true);
    const landing = await fetch(back, { redirect: 'manual' });
    expect([landing.status, new URL(landing.headers.get('location')!, current().url).pathname]).toEqual([302, '/temp']);
  });

  it('a lost callback with no browser return: the order waits, and the reconciliation job settles it from the inquiry', async () => {
    const link = await paymentLink();
    expect((await pay(link.clientSecret, 'card', { dropCallback: '1' })).status).toBe(302); // the browser never comes back
    expect(await owns(link.lectureId)).toBe(false);
    expect((await purchases()).pending.find((o) => o.lectureId === link.lectureId)?.status).toBe('pending');
    const later = new Date(Date.now() + 11 * 60_000).toISOString();
    const r = await withReconciler(() => fetch(`${current().url}/_local/reconcile?now=${later}`, { method: 'POST' }));
    expect(r.status).toBe(200);
    expect(((await r.json()) as { settled: number }).settled).toBeGreaterThanOrEqual(1);
    expect(await owns(link.lectureId)).toBe(true);
  });

  it('kiosk: the student sees the pending order with its reference; paid at the outlet, the lecture arrives', async () => {
    const link = await paymentLink();
    const r = await pay(link.clientSecret, 'kiosk');
    expect(r.status).toBe(303);
    const reference = (await debug(link.orderId)).transaction().obj.data.bill_reference;
    expect((await purchases()).pending.find((o) => o.lectureId === link.lectureId)).toMatchObject({ status: 'pending', kioskReference: String(reference) });
    expect(await owns(link.lectureId)).toBe(false);
    expect((await fetch(`${current().url}${r.headers.get('location')}/paid`, { method: 'POST', redirect: 'manual' })).status).toBe(303);
    expect((await debug(link.orderId)).transaction().callbacks.map((c) => c.status)).toEqual([200, 200]);
    expect(await owns(link.lectureId)).toBe(true);
  });
});

describe('across a restart', () => {
  it('keeps its settings, intentions and kiosk references in the data folder', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bioscope-paymob-'));
    const env = { DATA_DIR: dataDir, SEED_DEMO: '0' };
    try {
      const first = await spawnPlatform(env);
      const s1 = sandboxOf(first.info);
      let ref: string, kioskPath: string, orderId: number, oldToken: string;
      try {
        oldToken = await token(s1);
        ({ ref, orderId } = await intention({}, s1));
        const r = await pay((await debug(ref, s1)).intention.client_secret, 'kiosk', {}, s1);
        kioskPath = r.headers.get('location')!.replace(/^\/_local\/paymob/, '');
      } finally {
        await stopPlatform(first.child, first.dataDir);
      }
      const settings = JSON.parse(fs.readFileSync(path.join(dataDir, 'paymob', 'settings.json'), 'utf8')) as PaymobSettings;
      expect(settings).toEqual(s1.settings);

      const second = await spawnPlatform(env);
      try {
        const s2 = sandboxOf(second.info);
        expect(s2.settings).toEqual(s1.settings);
        const d = await debug(ref, s2);
        expect(d.intentions).toHaveLength(1);
        expect(d.transaction().obj).toMatchObject({ pending: true, order: { id: orderId } });
        const page = await (await fetch(`${s2.apiUrl}${kioskPath}`)).text();
        expect(page).toContain(String(d.transaction().obj.data.bill_reference));
        expect((await fetch(`${s2.apiUrl}${kioskPath}/paid`, { method: 'POST', redirect: 'manual' })).status).toBe(303);
        const [pending, success] = [callback(ref), callback(ref, 1)];
        expectSigned(success, s2);
        expect(success.body.obj).toMatchObject({ id: pending.body.obj.id, pending: false, success: true });
        // A token issued before the restart is still good (Paymob's last 60 minutes).
        expect((await inquire({ merchant_order_id: ref }, oldToken, s2)).body).toMatchObject({ success: true });
        // Order ids go on from where they were.
        expect((await intention({}, s2)).orderId).toBeGreaterThan(orderId);
      } finally {
        await stopPlatform(second.child, second.dataDir);
      }
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  }, 240_000);
});
