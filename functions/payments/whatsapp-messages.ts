/**
 * The WhatsApp template messages a student who turned WhatsApp on gets for a payment confirmed and
 * a kiosk reference about to expire (the only events WhatsApp carries). Made here, sent by the
 * WhatsApp port (functions/notify/whatsapp.ts sendWhatsAppTemplate), whose TemplateMessage this is.
 * The templates' parameters, in order, are their registered bodies' (functions/notify/whatsapp-templates.ts,
 * which the local stand-in enforces and docs/whatsapp.md shows the operator).
 */
import { BUSINESS_TIME_ZONE } from '../../shared/calendar';
import type { Locale } from '../../shared/constants';
import type { TemplateMessage } from '../notify/public';

export const PAYMENT_CONFIRMED_TEMPLATE = 'payment_confirmed';
export const KIOSK_REFERENCE_EXPIRING_TEMPLATE = 'kiosk_reference_expiring';
export type { TemplateMessage };

interface Student {
  /** E.164 (+20…), as the user record keeps it. */
  mobileNumber?: string;
  locale?: Locale;
}

export type WhatsAppEvent =
  | { type: 'paymentConfirmed'; student: Student; orderId: string; name: string; amount: number }
  | { type: 'kioskExpiring'; student: Student; orderId: string; name: string; amount: number; reference: string; expiresAt: string };

/** The amount as the templates' bodies take it (they say the currency themselves: functions/notify/whatsapp-templates.ts). */
const money = (amount: number) => String(amount);
const cairoTime = (iso: string, language: 'ar' | 'en') =>
  new Intl.DateTimeFormat(language === 'ar' ? 'ar-EG' : 'en-GB', { timeZone: BUSINESS_TIME_ZONE, weekday: 'long', day: 'numeric', month: 'long', hour: 'numeric', minute: '2-digit' }).format(new Date(iso));

/**
 * The template message of an event, in the student's language; undefined when the student has no
 * mobile number to send it to. The caller sends it only when the student's WhatsApp setting is on.
 */
export function whatsAppFor(event: WhatsAppEvent): TemplateMessage | undefined {
  const to = event.student.mobileNumber;
  if (!to || !/^\+\d{8,15}$/.test(to)) return undefined;
  const language = event.student.locale === 'ar' ? 'ar' : 'en';
  if (event.type === 'paymentConfirmed') {
    return { to, template: PAYMENT_CONFIRMED_TEMPLATE, language, params: [event.name, money(event.amount)], key: `${PAYMENT_CONFIRMED_TEMPLATE}:${event.orderId}` };
  }
  return {
    to,
    template: KIOSK_REFERENCE_EXPIRING_TEMPLATE,
    language,
    params: [event.reference, money(event.amount), cairoTime(event.expiresAt, language)],
    key: `${KIOSK_REFERENCE_EXPIRING_TEMPLATE}:${event.orderId}:${event.expiresAt}`,
  };
}
