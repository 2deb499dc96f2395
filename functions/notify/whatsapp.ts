/**
 * The WhatsApp port and its one adapter, the Cloud API's send-message call over fetch:
 * POST {WHATSAPP_API_URL}/{apiVersion}/{phoneNumberId}/messages with a template message
 * (docs/whatsapp.md has the request, the answer and the error codes, with sources). Locally
 * WHATSAPP_API_URL points at the platform's stand-in, which speaks the same API.
 *
 * A send never throws: what Meta refuses (or silence) becomes `{sent: false, code, reason}` and the
 * caller records it. Retrying is the caller's choice; the weekly report does not retry.
 */
import { env } from '../lib/env';
import { logger } from '../lib/log';
import { type WhatsAppSettings, whatsAppSettings } from './whatsapp-settings';

export interface TemplateMessage {
  /** The recipient's number in E.164 (+201…). */
  to: string;
  template: string;
  language: 'ar' | 'en';
  /** The body's {{1}}, {{2}}, … in order. */
  params: string[];
  /** Our idempotency key, logged (the Cloud API has none of its own). */
  key?: string;
}
export type SendResult = { sent: true; id: string } | { sent: false; code: number; reason: string };

/** The templates the operator registers with Meta (docs/whatsapp.md gives their texts), by name. */
export const TEMPLATES = {
  weeklyReport: 'weekly_report',
  paymentConfirmed: 'payment_confirmed',
  kioskReferenceExpiring: 'kiosk_reference_expiring',
} as const;

/** Our own codes beside Meta's: the settings are missing, or nothing (or no JSON) came back. */
export const NOT_CONFIGURED = -1;
export const NO_ANSWER = -2;

const TIMEOUT_MS = 8000;
/** Meta's limit on one body parameter's text (a longer one is refused: 132005 / 131008). */
const PARAM_MAX = 1024;

/** The request body, as the Cloud API documents a template message. */
export function templateBody(m: TemplateMessage) {
  return {
    messaging_product: 'whatsapp',
    recipient_type: 'individual',
    to: m.to,
    type: 'template',
    template: {
      name: m.template,
      language: { code: m.language },
      components: [{ type: 'body', parameters: m.params.map((text) => ({ type: 'text', text: text.slice(0, PARAM_MAX) })) }],
    },
  };
}

interface GraphError {
  error?: { message?: unknown; type?: unknown; code?: unknown; error_subcode?: unknown; error_data?: { details?: unknown }; fbtrace_id?: unknown };
}
interface SendAnswer {
  messages?: { id?: unknown }[];
}

export function whatsAppSender(settings: () => Promise<WhatsAppSettings | undefined> = whatsAppSettings, baseUrl = env.WHATSAPP_API_URL) {
  const base = baseUrl.replace(/\/$/, '');
  return async function send(m: TemplateMessage): Promise<SendResult> {
    const s = await settings();
    if (!s) {
      logger.error('WhatsApp is not configured: message not sent', { template: m.template, key: m.key });
      return { sent: false, code: NOT_CONFIGURED, reason: 'WhatsApp settings are missing' };
    }
    let status: number;
    let body: unknown;
    try {
      const res = await fetch(`${base}/${s.apiVersion}/${s.phoneNumberId}/messages`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${s.accessToken}` },
        body: JSON.stringify(templateBody(m)),
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
      status = res.status;
      body = await res.json().catch(() => undefined);
    } catch (e) {
      logger.error('WhatsApp send: no answer', { template: m.template, key: m.key, error: e });
      return { sent: false, code: NO_ANSWER, reason: 'The WhatsApp API did not answer' };
    }
    const id = (body as SendAnswer | undefined)?.messages?.[0]?.id;
    if (status < 300 && typeof id === 'string') {
      logger.info('WhatsApp message accepted', { template: m.template, key: m.key, id });
      return { sent: true, id };
    }
    const error = (body as GraphError | undefined)?.error;
    const code = typeof error?.code === 'number' ? error.code : NO_ANSWER;
    const reason = typeof error?.message === 'string' ? error.message : `HTTP ${status}`;
    logger.warn('WhatsApp message refused', { template: m.template, key: m.key, status, errorCode: code, reason, details: error?.error_data?.details, fbtrace_id: error?.fbtrace_id });
    return { sent: false, code, reason };
  };
}

const sender = whatsAppSender();
/** Sends one template message through the Cloud API; refusals come back as `{sent: false}` with Meta's code. */
export const sendWhatsAppTemplate = (m: TemplateMessage): Promise<SendResult> => sender(m);
