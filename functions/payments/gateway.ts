/**
 * The PaymentGateway port and its one adapter, Paymob's HTTP API over fetch. In AWS the base URL is
 * https://accept.paymob.com; locally PAYMOB_API_URL points at the platform's sandbox, which speaks
 * the same API. Any refusal or silence becomes 502 payment.gateway: the detail goes to the log,
 * the student hears nothing internal.
 */
import { PAYMENT_CURRENCY, PAYMENT_HOLD_MINUTES } from '../../shared/constants';
import { env } from '../lib/env';
import { BadGateway } from '../lib/errors';
import { logger } from '../lib/log';
import { type PaymobSettings, paymobSettings } from './paymob-settings';

export interface IntentionInput {
  /** Our order id: Paymob's special_reference, returned as merchant_order_id. */
  orderId: string;
  amountCents: number;
  item: { name: string; description: string };
  billing: { firstName: string; lastName: string; email: string; phone: string };
  extras?: Record<string, string>;
}
export interface Intention {
  intentionId: string;
  /** Paymob's order id for the intention (a callback's obj.order.id); absent if Paymob gave none. */
  intentionOrderId?: number;
  paymentUrl: string;
}

export interface PaymentGateway {
  createIntention(input: IntentionInput): Promise<Intention>;
  /** The latest transaction of our order at Paymob (the shape of a callback's `obj`), or null when there is none. */
  inquire(merchantOrderId: string): Promise<Record<string, unknown> | null>;
}

export const USER_AGENT = 'Bioscope-Payments/1.0 (+https://github.com/bioscope)';
const TIMEOUT_MS = 8000;
/** Paymob's API tokens last 60 minutes; we renew ours after 50. */
const TOKEN_TTL_MS = 50 * 60 * 1000;
/** Paymob caps an item's name; longer lecture names are cut. */
const ITEM_NAME_MAX = 50;

export const gatewayError = () => new BadGateway('The payment service did not answer. Nothing was charged; please try again.', 'payment.gateway');

interface Answer {
  status: number;
  body: unknown;
}

/** Paymob's required billing fields we do not collect get 'NA', as Paymob's own plugins send. */
export function billingData(b: IntentionInput['billing']) {
  const or = (v: string) => (v.trim() ? v.trim() : 'NA');
  return {
    first_name: or(b.firstName),
    last_name: or(b.lastName),
    email: or(b.email),
    phone_number: or(b.phone),
    apartment: 'NA',
    floor: 'NA',
    street: 'NA',
    building: 'NA',
    shipping_method: 'NA',
    postal_code: 'NA',
    city: 'NA',
    country: 'NA',
    state: 'NA',
  };
}

/** The intention's body as Paymob's Intention API takes it (reference/paymob.md). */
export function intentionBody(input: IntentionInput, s: PaymobSettings, publicUrl: string) {
  const base = publicUrl.replace(/\/$/, '');
  return {
    amount: input.amountCents,
    currency: PAYMENT_CURRENCY,
    payment_methods: [s.integrations.card, s.integrations.wallet, s.integrations.kiosk],
    items: [{ name: input.item.name.slice(0, ITEM_NAME_MAX), amount: input.amountCents, description: input.item.description || input.item.name, quantity: 1 }],
    billing_data: billingData(input.billing),
    special_reference: input.orderId,
    notification_url: `${base}/api/payments/paymob/webhook`,
    redirection_url: `${base}/api/payments/paymob/return`,
    expiration: PAYMENT_HOLD_MINUTES * 60,
    extras: { orderId: input.orderId, ...input.extras },
  };
}

export function paymobGateway(settings: () => Promise<PaymobSettings> = paymobSettings, baseUrl = env.PAYMOB_API_URL, publicUrl = env.PUBLIC_URL): PaymentGateway {
  const base = baseUrl.replace(/\/$/, '');
  let token: { value: string; until: number } | undefined;

  async function call(what: string, path: string, headers: Record<string, string>, body: unknown): Promise<Answer> {
    try {
      const res = await fetch(`${base}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json', 'user-agent': USER_AGENT, ...headers },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
      const text = await res.text();
      let parsed: unknown = text;
      try {
        parsed = text ? JSON.parse(text) : undefined;
      } catch {
        /* not JSON: kept as text for the log */
      }
      return { status: res.status, body: parsed };
    } catch (e) {
      logger.error(`Paymob ${what}: no answer`, { path, error: e });
      throw gatewayError();
    }
  }

  const refused = (what: string, a: Answer) => {
    logger.error(`Paymob ${what} refused`, { status: a.status, body: a.body });
    return gatewayError();
  };

  async function apiToken(s: PaymobSettings, renew = false): Promise<string> {
    if (!renew && token && token.until > Date.now()) return token.value;
    if (!s.apiKey) {
      logger.error('Paymob settings have no apiKey: transaction inquiry is impossible');
      throw gatewayError();
    }
    const a = await call('auth token', '/api/auth/tokens', {}, { api_key: s.apiKey });
    const value = (a.body as { token?: unknown } | undefined)?.token;
    if (a.status >= 300 || typeof value !== 'string') throw refused('auth token', { status: a.status, body: a.status < 300 ? '(no token)' : a.body });
    token = { value, until: Date.now() + TOKEN_TTL_MS };
    return value;
  }

  return {
    async createIntention(input) {
      const s = await settings();
      const a = await call('intention', '/v1/intention/', { authorization: `Token ${s.secretKey}` }, intentionBody(input, s, publicUrl));
      const b = a.body as { id?: unknown; client_secret?: unknown; intention_order_id?: unknown } | undefined;
      if (a.status >= 300 || !b || typeof b.client_secret !== 'string' || b.id === undefined) throw refused('intention', a);
      const paymentUrl = `${base}/unifiedcheckout/?publicKey=${encodeURIComponent(s.publicKey)}&clientSecret=${encodeURIComponent(b.client_secret)}`;
      const intentionOrderId = Number(b.intention_order_id);
      return { intentionId: String(b.id as string | number), paymentUrl, ...(Number.isFinite(intentionOrderId) && b.intention_order_id !== null ? { intentionOrderId } : {}) };
    },

    async inquire(merchantOrderId) {
      const s = await settings();
      for (let attempt = 0; attempt < 2; attempt++) {
        const bearer = await apiToken(s, attempt > 0);
        const a = await call('inquiry', '/api/ecommerce/orders/transaction_inquiry', { authorization: `Bearer ${bearer}` }, { merchant_order_id: merchantOrderId });
        if (a.status === 401 && attempt === 0) continue; // the token expired early: one renewal
        if (a.status === 404) return null;
        if (a.status >= 300 || !a.body || typeof a.body !== 'object') throw refused('inquiry', a);
        return a.body as Record<string, unknown>;
      }
      throw gatewayError();
    },
  };
}

/** The gateway the handlers use. */
export const gateway: PaymentGateway = paymobGateway();
