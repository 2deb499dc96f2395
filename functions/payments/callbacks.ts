/** The two ways Paymob tells us about a transaction, verified before anything is read from them. */
import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { BadRequest, HttpError, Unauthorized } from '../lib/errors';
import { logger } from '../lib/log';
import { countMetric, METRICS } from '../lib/metrics';
import { type HmacField, fieldsOfObj, fieldsOfQuery, malformedFields, verifyPaymobHmac } from './paymob-hmac';
import { paymobSettings } from './paymob-settings';
import { type Outcome, type PaymobTransaction, transactionOfSigned, unsignedOfObj, unsignedOfQuery } from './transaction';
import { type Settled, settleSignedTransaction } from './settlement';

const badSignature = () => new Unauthorized('The payment notice is not signed by Paymob', 'payment.signature');

function jsonBody(event: APIGatewayProxyEventV2): Record<string, unknown> {
  const raw = event.body ? (event.isBase64Encoded ? Buffer.from(event.body, 'base64').toString('utf8') : event.body) : '';
  try {
    const v: unknown = JSON.parse(raw);
    if (v && typeof v === 'object' && !Array.isArray(v)) return v as Record<string, unknown>;
  } catch {
    /* below */
  }
  throw new BadRequest('The request body is missing or is not valid JSON', 'badRequest');
}

/**
 * The processed callback (POST, JSON `{type, obj}`, `?hmac=`): a notice of another type is
 * acknowledged and ignored; a transaction is verified over `obj` (401 payment.signature, nothing
 * changes), then settled. Returns undefined when ignored.
 */
export function receiveCallback(event: APIGatewayProxyEventV2): Promise<Settled | undefined> {
  return countedIfRefused('webhook', () => verifyAndSettleCallback(event));
}

/**
 * Every refusal of a Paymob notice (a 4xx: unsigned, malformed, an unknown order, a wrong amount)
 * adds to the PaymentCallbacksRefused metric, which an alarm watches (infra/constructs/monitoring.ts):
 * a few mean a forged or broken notice, many mean our HMAC secret no longer matches Paymob's.
 */
async function countedIfRefused<T>(kind: 'webhook' | 'return', run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (e) {
    if (e instanceof HttpError && e.status < 500) countMetric(METRICS.paymentCallbacksRefused, { kind, code: e.code });
    throw e;
  }
}

async function verifyAndSettleCallback(event: APIGatewayProxyEventV2): Promise<Settled | undefined> {
  const body = jsonBody(event);
  if (body.type !== undefined && body.type !== 'TRANSACTION') {
    logger.info('Paymob callback ignored', { type: String(body.type as string) });
    return undefined;
  }
  const obj = body.obj;
  if (!obj || typeof obj !== 'object' || Array.isArray(obj)) throw badSignature();
  const settings = await paymobSettings();
  const fields = fieldsOfObj(obj as Record<string, unknown>);
  if (!verifyPaymobHmac(fields, event.queryStringParameters?.hmac, settings.hmacSecret)) {
    logger.warn('Paymob callback with a bad signature', { sourceIp: event.requestContext?.http?.sourceIp });
    throw badSignature();
  }
  return settleSignedTransaction(transactionOfSigned(wellFormed(fields), unsignedOfObj(obj as Record<string, unknown>)), settings);
}

/**
 * The signed values, each the shape Paymob gives it, or 400 payment.malformed: a signature over
 * values joined with nothing between also verifies when a value slides into its neighbour.
 */
function wellFormed(fields: Record<HmacField, string>): Record<HmacField, string> {
  const bad = malformedFields(fields);
  if (bad.length) {
    logger.warn('a signed Paymob notice with malformed fields: refused', { fields: bad });
    throw new BadRequest('The payment notice is malformed', 'payment.malformed');
  }
  return fields;
}

/** The browser's return (GET, the transaction's fields as the query): verified over the query, then settled the same way. */
export function receiveReturn(query: Record<string, string | undefined>): Promise<{ transaction: PaymobTransaction; settled: Settled }> {
  return countedIfRefused('return', async () => {
    const settings = await paymobSettings();
    const fields = fieldsOfQuery(query);
    if (!verifyPaymobHmac(fields, query.hmac, settings.hmacSecret)) throw badSignature();
    const transaction = transactionOfSigned(wellFormed(fields), unsignedOfQuery(query));
    return { transaction, settled: await settleSignedTransaction(transaction, settings) };
  });
}

export const CALLBACK_MESSAGES: Record<Outcome | 'ignoredType', string> = {
  paid: 'Payment recorded',
  pending: 'Pending payment recorded',
  failed: 'Failed payment recorded',
  ignored: 'Notice ignored',
  ignoredType: 'Notice ignored',
};
