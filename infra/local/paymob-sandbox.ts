/**
 * The local stand-in for Paymob (issue 11, "The local payment sandbox"), served by the local gateway
 * under /_local/paymob. It speaks the part of Paymob's API our payments code calls (base URL =
 * PAYMOB_API_URL), so that code runs its production path against it:
 *   POST /v1/intention/                              Token <secretKey>  → 201 intention (pi_test_…)
 *   POST /api/auth/tokens                            {api_key}          → {token}
 *   POST /api/ecommerce/orders/transaction_inquiry   Bearer <token>     → the order's latest transaction
 *   GET  /unifiedcheckout/?publicKey&clientSecret    the checkout page: card, declined card, wallet, kiosk
 * Each payment is a transaction `obj` as Paymob sends it, signed with the settings' HMAC secret by
 * functions/payments/paymob-hmac.ts and POSTed to the intention's notification_url; card and wallet
 * then send the browser to redirection_url with the same fields flattened and signed. A kiosk
 * payment is pending with a bill reference until "Paid at the outlet" sends the later success for
 * the same transaction. For tests and people: GET /transactions.json, and / lists everything (with
 * "Resend callback"): the operator's alone (loopback or an admin's token), as they name every student.
 * State lives in memory and in <dataDir>/paymob/state.json; the settings in settings.json.
 */
import { createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import fs from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import path from 'node:path';
import { fieldsOfObj, fieldsOfQuery, paymobHmac } from '../../functions/payments/paymob-hmac';
import { type LocalRoute, fromLoopback, sendJson } from './gateway';
import { checkoutPage, indexPage, kioskPage, messagePage } from './paymob-sandbox-page';

export const PAYMOB_SANDBOX_PATH = '/_local/paymob';

/** The Paymob settings JSON (same keys as the Secrets Manager secret in AWS). */
export interface PaymobSettings {
  secretKey: string;
  publicKey: string;
  hmacSecret: string;
  apiKey: string;
  integrations: { card: number; wallet: number; kiosk: number };
}
export type PaymobMethod = keyof PaymobSettings['integrations'];

/** A transaction as Paymob's processed callback carries it under `obj` (and the inquiry API returns it). */
export interface TransactionObj {
  id: number;
  pending: boolean;
  amount_cents: number;
  success: boolean;
  is_auth: false;
  is_capture: false;
  is_standalone_payment: true;
  is_voided: false;
  is_refunded: false;
  is_3d_secure: boolean;
  integration_id: number;
  has_parent_transaction: false;
  error_occured: boolean;
  currency: string;
  created_at: string;
  owner: number;
  source_data: { pan: string; sub_type: string; type: string };
  order: { id: number; merchant_order_id: string | null };
  data: { message: string; bill_reference?: number };
}

/** How the intention call answers one student (POST <base>/_behaviour): set by tests. */
interface IntentionBehaviour {
  delayMs: number;
  fail: boolean;
  omitOrderId: boolean;
}

export interface SandboxItem {
  name: string;
  amount: number;
  description?: string;
  quantity: number;
}

export interface SandboxIntention {
  id: string;
  client_secret: string;
  intention_order_id: number;
  amount: number;
  currency: string;
  payment_methods: number[];
  items: SandboxItem[];
  billing_data: Record<string, unknown>;
  special_reference: string | null;
  notification_url: string | null;
  redirection_url: string | null;
  /** Seconds from `created`. */
  expiration: number;
  extras: Record<string, unknown>;
  created: string;
  status: 'intended' | 'paid';
}

/** One delivery (or deliberate loss) of a processed callback. */
export interface CallbackRecord {
  at: string;
  pending: boolean;
  success: boolean;
  /** notification_url answered (any status). */
  delivered: boolean;
  status?: number;
  error?: string;
  /** Not sent: the checkout's "lose the server callback" test option. */
  dropped?: boolean;
}

export interface SandboxTransaction {
  method: PaymobMethod;
  intentionId: string;
  obj: TransactionObj;
  callbacks: CallbackRecord[];
}

interface State {
  version: 1;
  owner: number;
  nextOrderId: number;
  nextTransactionId: number;
  intentions: SandboxIntention[];
  transactions: SandboxTransaction[];
}

/** Paymob's maximum (and default) intention lifetime: 36 days. */
export const MAX_EXPIRATION_SECONDS = 3_110_400;
const TOKEN_SECONDS = 3600;
const CALLBACK_TIMEOUT_MS = 15_000;

/** The local Paymob settings of this data folder: made once with random keys, then read back. */
export function paymobSettingsFor(dataDir: string): PaymobSettings {
  const file = path.join(dataDir, 'paymob', 'settings.json');
  if (fs.existsSync(file)) return JSON.parse(fs.readFileSync(file, 'utf8')) as PaymobSettings;
  const settings: PaymobSettings = {
    secretKey: `egy_sk_test_${randomBytes(32).toString('hex')}`,
    publicKey: `egy_pk_test_${randomBytes(16).toString('base64url')}`,
    hmacSecret: randomBytes(16).toString('hex').toUpperCase(),
    apiKey: randomBytes(48).toString('base64'),
    integrations: { card: 4000001, wallet: 4000002, kiosk: 4000003 },
  };
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, `${JSON.stringify(settings, null, 2)}\n`, { mode: 0o600 });
  return settings;
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const isInt = (v: unknown): v is number => typeof v === 'number' && Number.isInteger(v);
const isHttpUrl = (v: unknown) => {
  if (typeof v !== 'string') return false;
  try {
    return ['http:', 'https:'].includes(new URL(v).protocol);
  } catch {
    return false;
  }
};
const withQuery = (url: string, q: URLSearchParams) => `${url}${url.includes('?') ? '&' : '?'}${q}`;
const safeEqual = (a: string, b: string) => a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));

/** The browser return's query: the obj's fields flattened as Paymob sends them, signed. */
export function returnQuery(obj: TransactionObj, hmacSecret: string): URLSearchParams {
  const q: Record<string, string> = {
    id: String(obj.id),
    pending: String(obj.pending),
    amount_cents: String(obj.amount_cents),
    success: String(obj.success),
    is_auth: String(obj.is_auth),
    is_capture: String(obj.is_capture),
    is_standalone_payment: String(obj.is_standalone_payment),
    is_voided: String(obj.is_voided),
    is_refunded: String(obj.is_refunded),
    is_3d_secure: String(obj.is_3d_secure),
    integration_id: String(obj.integration_id),
    has_parent_transaction: String(obj.has_parent_transaction),
    error_occured: String(obj.error_occured),
    currency: obj.currency,
    created_at: obj.created_at,
    owner: String(obj.owner),
    order: String(obj.order.id),
    'source_data.pan': obj.source_data.pan,
    'source_data.sub_type': obj.source_data.sub_type,
    'source_data.type': obj.source_data.type,
    merchant_order_id: obj.order.merchant_order_id ?? '',
    'data.message': obj.data.message,
  };
  return new URLSearchParams({ ...q, hmac: paymobHmac(fieldsOfQuery(q), hmacSecret) });
}

export interface PaymobSandboxOptions {
  dataDir: string;
  settings: PaymobSettings;
  /** The site's base URL (the kiosk page links back to its /profile/lecPay). */
  publicUrl: string;
  base?: string;
}

export interface PaymobSandbox {
  routes: LocalRoute[];
  /** Writes pending state to disk now (the platform's stop calls it). */
  flush(): void;
}

export function createPaymobSandbox(o: PaymobSandboxOptions): PaymobSandbox {
  const base = o.base ?? PAYMOB_SANDBOX_PATH;
  const { settings } = o;
  const file = path.join(o.dataDir, 'paymob', 'state.json');
  const state: State = fs.existsSync(file)
    ? (JSON.parse(fs.readFileSync(file, 'utf8')) as State)
    : { version: 1, owner: 1_000_000 + randomInt(900_000), nextOrderId: 300_000_001, nextTransactionId: 190_000_001, intentions: [], transactions: [] };
  const bySecret = new Map(state.intentions.map((i) => [i.client_secret, i]));
  const byReference = new Map(state.intentions.filter((i) => i.special_reference !== null).map((i) => [i.special_reference!, i]));
  const byIntentionId = new Map(state.intentions.map((i) => [i.id, i]));
  const byTransactionId = new Map(state.transactions.map((t) => [t.obj.id, t]));

  // Written at most every 200 ms (the bench creates intentions at a high rate), and on stop.
  let timer: NodeJS.Timeout | undefined;
  const flush = () => {
    if (timer) clearTimeout(timer);
    timer = undefined;
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(`${file}.tmp`, JSON.stringify(state));
    fs.renameSync(`${file}.tmp`, file);
  };
  const changed = () => {
    timer ??= setTimeout(flush, 200);
  };

  const methodOf = (integrationId: number): PaymobMethod | undefined => (Object.keys(settings.integrations) as PaymobMethod[]).find((m) => settings.integrations[m] === integrationId);
  const expired = (i: SandboxIntention, now = Date.now()) => Date.parse(i.created) + i.expiration * 1000 < now;
  const transactionsOf = (i: SandboxIntention) => state.transactions.filter((t) => t.intentionId === i.id);

  // ---- the API ----------------------------------------------------------------------------------

  /** Paymob's API tokens are JWTs; ours are HS512 over the API key, so they survive a restart. */
  const tokenKey = createHmac('sha256', settings.apiKey).update('sandbox-token').digest();
  const b64 = (v: object) => Buffer.from(JSON.stringify(v)).toString('base64url');
  const issueToken = () => {
    const head = `${b64({ alg: 'HS512', typ: 'JWT' })}.${b64({ class: 'Merchant', profile_pk: state.owner, exp: Math.floor(Date.now() / 1000) + TOKEN_SECONDS })}`;
    return `${head}.${createHmac('sha512', tokenKey).update(head).digest('base64url')}`;
  };
  const tokenValid = (token: string) => {
    const [h, p, sig] = token.split('.');
    if (!h || !p || !sig || !safeEqual(sig, createHmac('sha512', tokenKey).update(`${h}.${p}`).digest('base64url'))) return false;
    const { exp } = JSON.parse(Buffer.from(p, 'base64url').toString()) as { exp: number };
    return exp * 1000 > Date.now();
  };

  const parseJson = (res: ServerResponse, body: Buffer): Record<string, unknown> | undefined => {
    try {
      const v: unknown = JSON.parse(body.toString('utf8') || '{}');
      if (isObject(v)) return v;
    } catch {
      /* answered below */
    }
    sendJson(res, 400, { detail: 'JSON parse error - the body must be a JSON object.' });
    return undefined;
  };

  /**
   * How the intention call behaves for one student (by billing e-mail), as tests set it: answer
   * late, refuse (500), or leave out `intention_order_id`, so the branches of a gateway that is slow,
   * broken or terse run against the real client. Scoped to one e-mail so parallel tests do not meet.
   */
  const behaviours = new Map<string, IntentionBehaviour>();
  function setBehaviour(req: IncomingMessage, res: ServerResponse, body: Buffer) {
    if (!fromLoopback(req)) return sendJson(res, 403, { detail: 'The sandbox behaviour is set from this machine only.' });
    const b = parseJson(res, body);
    if (!b) return;
    if (typeof b.email !== 'string' || !b.email) return sendJson(res, 400, { email: ['This field is required.'] });
    const behaviour: IntentionBehaviour = {
      delayMs: isInt(b.delayMs) && b.delayMs > 0 ? Math.min(b.delayMs, 30_000) : 0,
      fail: b.fail === true,
      omitOrderId: b.omitOrderId === true,
    };
    const key = b.email.trim().toLowerCase();
    if (behaviour.delayMs || behaviour.fail || behaviour.omitOrderId) behaviours.set(key, behaviour);
    else behaviours.delete(key);
    sendJson(res, 200, { email: key, ...behaviour });
  }

  async function createIntention(req: IncomingMessage, res: ServerResponse, body: Buffer) {
    const auth = req.headers.authorization ?? '';
    if (!auth) return sendJson(res, 401, { detail: 'Authentication credentials were not provided.' });
    if (!auth.startsWith('Token ') || !safeEqual(auth.slice('Token '.length).trim(), settings.secretKey)) return sendJson(res, 401, { detail: 'Invalid token.' });
    const b = parseJson(res, body);
    if (!b) return;

    const errors: Record<string, unknown> = {};
    const required = 'This field is required.';
    if (b.amount === undefined) errors.amount = [required];
    else if (!isInt(b.amount)) errors.amount = ['A valid integer is required.'];
    else if (b.amount <= 0) errors.amount = ['Ensure this value is greater than or equal to 1.'];
    if (b.currency === undefined) errors.currency = [required];
    else if (b.currency !== 'EGP') errors.currency = ['Currency must be EGP: the integrations of this account are in EGP.'];

    if (!Array.isArray(b.payment_methods) || b.payment_methods.length === 0) errors.payment_methods = [b.payment_methods === undefined ? required : 'A non-empty list of integration ids is required.'];

    const items: SandboxItem[] = [];
    if (!Array.isArray(b.items) || b.items.length === 0) errors.items = [b.items === undefined ? required : 'A non-empty list of items is required.'];
    else {
      const itemErrors = b.items.map((it: unknown) => {
        if (!isObject(it)) return { non_field_errors: ['Invalid data. Expected a dictionary.'] };
        const e: Record<string, string[]> = {};
        if (typeof it.name !== 'string' || !it.name.trim()) e.name = [required];
        if (!isInt(it.amount) || it.amount < 0) e.amount = ['A valid non-negative integer is required.'];
        if (it.quantity !== undefined && (!isInt(it.quantity) || it.quantity < 1)) e.quantity = ['Ensure this value is greater than or equal to 1.'];
        if (it.description !== undefined && typeof it.description !== 'string') e.description = ['Not a valid string.'];
        if (!Object.keys(e).length) items.push({ name: it.name as string, amount: it.amount as number, description: it.description as string | undefined, quantity: (it.quantity as number | undefined) ?? 1 });
        return e;
      });
      if (itemErrors.some((e) => Object.keys(e).length)) errors.items = itemErrors;
      else if (!errors.amount && items.reduce((s, it) => s + it.amount * it.quantity, 0) !== b.amount) {
        errors.items = ['The items amounts (amount × quantity) must add up to the intention amount.'];
      }
    }

    if (!isObject(b.billing_data)) errors.billing_data = [b.billing_data === undefined ? required : 'Invalid data. Expected a dictionary.'];
    else {
      const e: Record<string, string[]> = {};
      const phone = b.billing_data.phone_number;
      if (phone === undefined || phone === null) e.phone_number = [required];
      else if (typeof phone !== 'string' || !phone.trim()) e.phone_number = ['This field may not be blank.'];
      for (const k of ['first_name', 'last_name', 'email'])
        if (b.billing_data[k] !== undefined && typeof b.billing_data[k] !== 'string') e[k] = ['Not a valid string.'];
      if (Object.keys(e).length) errors.billing_data = e;
    }

    let reference: string | null = null;
    if (b.special_reference !== undefined && b.special_reference !== null) {
      if (typeof b.special_reference !== 'string' && !isInt(b.special_reference)) errors.special_reference = ['Not a valid string.'];
      else {
        reference = String(b.special_reference);
        if (byReference.has(reference)) errors.special_reference = ['Special reference must be unique: an intention with this special_reference exists.'];
      }
    }
    for (const k of ['notification_url', 'redirection_url'])
      if (b[k] !== undefined && b[k] !== null && !isHttpUrl(b[k])) errors[k] = ['Enter a valid URL.'];
    if (b.expiration !== undefined && (!isInt(b.expiration) || b.expiration < 1 || b.expiration > MAX_EXPIRATION_SECONDS)) {
      errors.expiration = [`Ensure this value is an integer between 1 and ${MAX_EXPIRATION_SECONDS}.`];
    }
    if (b.extras !== undefined && b.extras !== null && !isObject(b.extras)) errors.extras = ['Invalid data. Expected a dictionary.'];
    if (Object.keys(errors).length) return sendJson(res, 400, errors);

    const behaviour = behaviours.get(String((b.billing_data as Record<string, unknown>).email ?? '').trim().toLowerCase());
    if (behaviour?.delayMs) await new Promise((r) => setTimeout(r, behaviour.delayMs));
    if (behaviour?.fail) return sendJson(res, 500, { detail: 'Internal server error (the sandbox was told to fail this intention).' });

    // Integration ids (or their names) must be this account's, in its mode (test).
    const integrationIds: number[] = [];
    for (const m of b.payment_methods as unknown[]) {
      const id = typeof m === 'string' && m in settings.integrations ? settings.integrations[m as PaymobMethod] : typeof m === 'string' && /^\d+$/.test(m) ? Number(m) : m;
      if (!isInt(id) || !methodOf(id)) {
        return sendJson(res, 404, {
          detail: 'Integration ID/Name does not exist in our system . You can find the list of Integration ID’/Names from Merchant Dashboard under Developers → Payment Integrations Tab',
        });
      }
      if (!integrationIds.includes(id)) integrationIds.push(id);
    }

    const intention: SandboxIntention = {
      id: `pi_test_${randomBytes(16).toString('hex')}`,
      client_secret: `egy_csk_test_${randomBytes(16).toString('hex')}`,
      intention_order_id: state.nextOrderId++,
      amount: b.amount as number,
      currency: 'EGP',
      payment_methods: integrationIds,
      items,
      billing_data: b.billing_data as Record<string, unknown>,
      special_reference: reference,
      notification_url: (b.notification_url as string | undefined) ?? null,
      redirection_url: (b.redirection_url as string | undefined) ?? null,
      expiration: (b.expiration as number | undefined) ?? MAX_EXPIRATION_SECONDS,
      extras: (b.extras as Record<string, unknown> | undefined) ?? {},
      created: new Date().toISOString(),
      status: 'intended',
    };
    state.intentions.push(intention);
    bySecret.set(intention.client_secret, intention);
    byIntentionId.set(intention.id, intention);
    if (reference !== null) byReference.set(reference, intention);
    changed();

    const NAMES: Record<PaymobMethod, [string, string]> = { card: ['Card', 'online'], wallet: ['Mobile Wallet', 'wallet'], kiosk: ['Kiosk', 'kiosk'] };
    sendJson(res, 201, {
      id: intention.id,
      object: 'paymentintention',
      client_secret: intention.client_secret,
      ...(behaviour?.omitOrderId ? {} : { intention_order_id: intention.intention_order_id }),
      status: intention.status,
      special_reference: intention.special_reference,
      created: intention.created,
      confirmed: false,
      payment_keys: integrationIds.map((integration) => ({
        integration,
        key: `ZXlK${randomBytes(48).toString('base64url')}`,
        gateway_type: methodOf(integration) === 'kiosk' ? 'AGGREGATOR' : methodOf(integration) === 'wallet' ? 'WALLET' : 'VPC',
        iframe_id: null,
        order_id: behaviour?.omitOrderId ? null : intention.intention_order_id,
        redirection_url: intention.redirection_url,
        save_card: false,
      })),
      payment_methods: integrationIds.map((integration_id) => {
        const [name, method_type] = NAMES[methodOf(integration_id)!];
        return { integration_id, alias: null, name, method_type, currency: 'EGP', live: false, use_cvc_with_moto: false };
      }),
      intention_detail: { amount: intention.amount, items: intention.items, currency: intention.currency, billing_data: intention.billing_data },
      extras: { creation_extras: intention.extras, confirmation_extras: null },
      card_detail: null,
      card_tokens: [],
    });
  }

  function authToken(res: ServerResponse, body: Buffer) {
    const b = parseJson(res, body);
    if (!b) return;
    if (typeof b.api_key !== 'string' || !safeEqual(b.api_key, settings.apiKey)) return sendJson(res, 403, { detail: 'incorrect credentials' });
    sendJson(res, 201, { token: issueToken(), profile: { id: state.owner, user: { username: 'bioscope-local' } } });
  }

  function inquiry(req: IncomingMessage, res: ServerResponse, body: Buffer) {
    const b = parseJson(res, body);
    if (!b) return;
    const auth = req.headers.authorization ?? '';
    const token = auth.startsWith('Bearer ') ? auth.slice('Bearer '.length).trim() : typeof b.auth_token === 'string' ? b.auth_token : '';
    if (!token) return sendJson(res, 401, { detail: 'Authentication credentials were not provided.' });
    if (!tokenValid(token)) return sendJson(res, 401, { detail: 'Invalid or expired token.' });
    let intention: SandboxIntention | undefined;
    if (b.merchant_order_id !== undefined && b.merchant_order_id !== null) intention = byReference.get(String(b.merchant_order_id as string));
    else if (b.order_id !== undefined && b.order_id !== null) intention = state.intentions.find((i) => String(i.intention_order_id) === String(b.order_id as string));
    else return sendJson(res, 400, { detail: 'Send merchant_order_id or order_id.' });
    const latest = intention && transactionsOf(intention).at(-1);
    if (!latest) return sendJson(res, 404, { detail: 'Not found.' });
    sendJson(res, 200, latest.obj);
  }

  // ---- payments -----------------------------------------------------------------------------------

  /** POSTs the processed callback of `t` as it stands now (awaited), and records how it went. */
  async function deliver(t: SandboxTransaction, drop: boolean): Promise<CallbackRecord> {
    const intention = byIntentionId.get(t.intentionId)!;
    const obj = structuredClone(t.obj);
    const record: CallbackRecord = { at: new Date().toISOString(), pending: obj.pending, success: obj.success, delivered: false };
    if (drop) record.dropped = true;
    else if (!intention.notification_url) record.error = 'The intention has no notification_url.';
    else {
      const hmac = paymobHmac(fieldsOfObj(obj as unknown as Record<string, unknown>), settings.hmacSecret);
      try {
        const r = await fetch(withQuery(intention.notification_url, new URLSearchParams({ hmac })), {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'user-agent': 'Paymob local sandbox' },
          body: JSON.stringify({ type: 'TRANSACTION', obj }),
          signal: AbortSignal.timeout(CALLBACK_TIMEOUT_MS),
        });
        await r.arrayBuffer().catch(() => undefined);
        Object.assign(record, { delivered: true, status: r.status });
      } catch (e) {
        record.error = e instanceof Error ? (e.cause instanceof Error ? `${e.message}: ${e.cause.message}` : e.message) : String(e);
      }
    }
    t.callbacks.push(record);
    changed();
    return record;
  }

  type Outcome = 'card' | 'declined' | 'wallet' | 'kiosk';
  function newTransaction(i: SandboxIntention, outcome: Outcome): SandboxTransaction {
    const method: PaymobMethod = outcome === 'declined' ? 'card' : outcome;
    const source = {
      card: { pan: '2346', sub_type: 'MasterCard', type: 'card' },
      wallet: { pan: '01010101010', sub_type: 'wallet', type: 'wallet' },
      kiosk: { pan: '', sub_type: 'AGGREGATOR', type: 'aggregator' },
    }[method];
    const kiosk = method === 'kiosk';
    const obj: TransactionObj = {
      id: state.nextTransactionId++,
      pending: kiosk,
      amount_cents: i.amount,
      success: outcome === 'card' || outcome === 'wallet',
      is_auth: false,
      is_capture: false,
      is_standalone_payment: true,
      is_voided: false,
      is_refunded: false,
      is_3d_secure: method === 'card',
      integration_id: settings.integrations[method],
      has_parent_transaction: false,
      error_occured: false,
      currency: i.currency,
      created_at: new Date().toISOString(),
      owner: state.owner,
      source_data: source,
      order: { id: i.intention_order_id, merchant_order_id: i.special_reference },
      data: kiosk ? { message: 'Pending Payment', bill_reference: randomInt(10_000_000, 100_000_000) } : { message: outcome === 'declined' ? 'Declined' : 'Approved' },
    };
    const t: SandboxTransaction = { method, intentionId: i.id, obj, callbacks: [] };
    state.transactions.push(t);
    byTransactionId.set(obj.id, t);
    if (obj.success && !obj.pending) i.status = 'paid';
    changed();
    return t;
  }

  const html = (res: ServerResponse, status: number, page: string) => {
    res.writeHead(status, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' });
    res.end(page);
  };
  const redirect = (res: ServerResponse, status: 302 | 303, location: string) => {
    res.writeHead(status, { location, 'cache-control': 'no-store' });
    res.end();
  };
  const kioskUrl = (t: SandboxTransaction) => `${base}/kiosk/${t.obj.id}`;
  const siteLinks = { home: o.publicUrl, purchases: `${o.publicUrl}/profile/lecPay` };

  function checkout(res: ServerResponse, url: URL) {
    const publicKey = url.searchParams.get('publicKey') ?? '';
    const secret = url.searchParams.get('clientSecret') ?? '';
    if (!safeEqual(publicKey, settings.publicKey)) return html(res, 401, messagePage('Invalid public key', 'The publicKey of this link is not the public key of the local Paymob settings.', siteLinks.home));
    const i = bySecret.get(secret);
    if (!i) return html(res, 404, messagePage('Payment not found', 'No intention has this client secret.', siteLinks.home));
    if (i.status === 'paid') return html(res, 409, messagePage('Already paid', `Order ${i.intention_order_id} is paid.`, siteLinks.purchases));
    const pendingKiosk = transactionsOf(i).find((t) => t.method === 'kiosk' && t.obj.pending);
    if (pendingKiosk) return redirect(res, 303, kioskUrl(pendingKiosk));
    if (expired(i)) return html(res, 410, messagePage('Payment link expired', `The intention of order ${i.intention_order_id} has expired.`, siteLinks.home));
    const methods = i.payment_methods.map(methodOf).filter((m): m is PaymobMethod => !!m);
    html(res, 200, checkoutPage({ base, intention: i, methods, publicKey, declinedBefore: transactionsOf(i).some((t) => !t.obj.success), home: siteLinks.home }));
  }

  async function pay(res: ServerResponse, body: Buffer) {
    const form = new URLSearchParams(body.toString('utf8'));
    const outcome = form.get('outcome') as Outcome | null;
    const drop = form.get('dropCallback') === '1';
    if (!safeEqual(form.get('publicKey') ?? '', settings.publicKey)) return html(res, 401, messagePage('Invalid public key', 'The form did not carry the public key of the local Paymob settings.', siteLinks.home));
    const i = bySecret.get(form.get('clientSecret') ?? '');
    if (!i) return html(res, 404, messagePage('Payment not found', 'No intention has this client secret.', siteLinks.home));
    if (!outcome || !['card', 'declined', 'wallet', 'kiosk'].includes(outcome)) return html(res, 400, messagePage('Choose a way to pay', 'The form named no payment method.', siteLinks.home));
    if (i.status === 'paid') return html(res, 409, messagePage('Already paid', `Order ${i.intention_order_id} is paid.`, siteLinks.purchases));
    const pendingKiosk = transactionsOf(i).find((t) => t.method === 'kiosk' && t.obj.pending);
    if (pendingKiosk) return redirect(res, 303, kioskUrl(pendingKiosk));
    if (expired(i)) return html(res, 410, messagePage('Payment link expired', `The intention of order ${i.intention_order_id} has expired.`, siteLinks.home));
    const method = outcome === 'declined' ? 'card' : outcome;
    if (!i.payment_methods.includes(settings.integrations[method])) return html(res, 400, messagePage('Not offered', `This intention does not offer ${method} payments.`, siteLinks.home));

    const t = newTransaction(i, outcome);
    await deliver(t, drop);
    if (method === 'kiosk') return redirect(res, 303, kioskUrl(t));
    if (!i.redirection_url) return html(res, 200, messagePage(t.obj.success ? 'Paid' : 'Declined', `Transaction ${t.obj.id}: ${t.obj.data.message}. The intention has no redirection_url.`, siteLinks.home));
    redirect(res, 302, withQuery(i.redirection_url, returnQuery(t.obj, settings.hmacSecret)));
  }

  function kiosk(res: ServerResponse, id: number) {
    const t = byTransactionId.get(id);
    if (!t || t.method !== 'kiosk') return html(res, 404, messagePage('Reference not found', `No kiosk transaction ${id}.`, siteLinks.home));
    html(res, 200, kioskPage({ base, transaction: t, intention: byIntentionId.get(t.intentionId)!, backUrl: siteLinks.purchases }));
  }

  async function paidAtOutlet(res: ServerResponse, id: number, body: Buffer) {
    const t = byTransactionId.get(id);
    if (!t || t.method !== 'kiosk') return html(res, 404, messagePage('Reference not found', `No kiosk transaction ${id}.`, siteLinks.home));
    if (t.obj.pending) {
      // The same transaction, now paid: Paymob's later success callback for the reference.
      Object.assign(t.obj, { pending: false, success: true, data: { ...t.obj.data, message: 'Approved' } });
      byIntentionId.get(t.intentionId)!.status = 'paid';
      await deliver(t, new URLSearchParams(body.toString('utf8')).get('dropCallback') === '1');
    }
    redirect(res, 303, kioskUrl(t));
  }

  /** Sends a transaction's processed callback again as it stands (Paymob retries and duplicates). */
  async function resend(res: ServerResponse, id: number, url: URL) {
    const t = byTransactionId.get(id);
    if (!t) return sendJson(res, 404, { detail: 'Not found.' });
    const record = await deliver(t, false);
    if (url.searchParams.get('back') === 'index') return redirect(res, 303, `${base}/`);
    sendJson(res, 200, record);
  }

  function listing(url: URL) {
    const ref = url.searchParams.get('merchant_order_id');
    const intentions = ref ? state.intentions.filter((i) => i.special_reference === ref) : state.intentions;
    const ids = new Set(intentions.map((i) => i.id));
    return { intentions, transactions: state.transactions.filter((t) => ids.has(t.intentionId)) };
  }

  const idIn = (m: RegExpMatchArray) => Number(m[1]);
  const notFound = (res: ServerResponse) => sendJson(res, 404, { detail: 'Not found.' });
  // The gateway takes the first route that matches: the student's checkout and Paymob's API come
  // first, open to the classroom; the prefix routes last are the operator's lists and actions.
  return {
    flush,
    routes: [
      { method: 'GET', path: `${base}/unifiedcheckout`, handle: (_req, res, url) => checkout(res, url) },
      { method: 'GET', path: `${base}/unifiedcheckout/`, handle: (_req, res, url) => (url.pathname === `${base}/unifiedcheckout/` ? checkout(res, url) : notFound(res)) },
      {
        method: 'GET',
        path: `${base}/kiosk/`,
        handle: (_req, res, url) => {
          const m = url.pathname.slice(base.length).match(/^\/kiosk\/(\d+)$/);
          return m ? kiosk(res, idIn(m)) : notFound(res);
        },
      },
      {
        // Every student's name, e-mail, phone and client secret.
        method: 'GET',
        path: `${base}/`,
        access: 'operator',
        handle: (_req, res, url) => {
          const p = url.pathname.slice(base.length);
          if (p === '/') return html(res, 200, indexPage({ base, intentions: state.intentions, transactions: state.transactions, publicKey: settings.publicKey, settings }));
          if (p === '/transactions.json') return sendJson(res, 200, listing(url), { 'cache-control': 'no-store' });
          notFound(res);
        },
      },
      {
        method: 'POST',
        path: `${base}/transactions/`,
        access: 'operator',
        handle: async (_req, res, url) => {
          const m = url.pathname.slice(base.length).match(/^\/transactions\/(\d+)\/resend$/);
          return m ? await resend(res, idIn(m), url) : notFound(res);
        },
      },
      {
        method: 'POST',
        path: `${base}/`,
        handle: async (req, res, url, body) => {
          const p = url.pathname.slice(base.length);
          let m: RegExpMatchArray | null;
          if (p === '/v1/intention/' || p === '/v1/intention') return await createIntention(req, res, body);
          if (p === '/_behaviour') return setBehaviour(req, res, body);
          if (p === '/api/auth/tokens') return authToken(res, body);
          if (p === '/api/ecommerce/orders/transaction_inquiry') return inquiry(req, res, body);
          if (p === '/unifiedcheckout/pay') return await pay(res, body);
          if ((m = p.match(/^\/kiosk\/(\d+)\/paid$/))) return await paidAtOutlet(res, idIn(m), body);
          notFound(res);
        },
      },
    ],
  };
}
