/**
 * What tells the student of a paid order: the bell's notification, a Put inside the paying
 * transaction (a replayed callback fails that transaction and writes no second one), and, after
 * it, an e-mail in their language when their e-mail setting is on and a WhatsApp message when they
 * turned WhatsApp on (neither ever failing the payment).
 */
import { type OrderRecord, updateOrder } from '../data/order-repo';
import { sendMail } from '../data/mailer';
import { noteItem, notificationSettingsOf } from '../data/notification-repo';
import type { TransactItem } from '../data/items';
import { userById } from '../data/user-repo';
import { logger } from '../lib/log';
import { sendWhatsAppTemplate } from '../notify/public';
import { whatsAppFor } from './whatsapp-messages';

/** The notification of a paid order: a lecture's or term's payment confirmed, a top-up or a late term's refund a wallet credit. */
export function paidNoteItem(o: OrderRecord, now: Date, refunded = false): TransactItem {
  if (o.kind === 'topUp' || refunded) return noteItem(o.userId, { type: 'walletCredited', amount: o.amount, reason: refunded ? 'refund' : 'topUp' }, now);
  return noteItem(o.userId, { type: 'paymentConfirmed', orderId: o.id, name: o.lectureName, amount: o.amount }, now);
}

const paidMail = (locale: string | undefined, firstName: string, o: OrderRecord) => {
  const what = o.kind === 'topUp' ? null : o.lectureName;
  return locale === 'ar'
    ? {
        subject: 'تم تأكيد الدفع على بيوسكوب',
        text: `أهلاً ${firstName}،\n\nوصلنا ${o.amount} جنيه${what ? ` مقابل «${what}»` : ' في رصيدك'}. ${what ? 'تجده الآن في محاضراتي.' : 'تجده الآن في محفظتك.'}\n\nرقم الطلب: ${o.id}`,
      }
    : {
        subject: 'Your Bioscope payment is confirmed',
        text: `Hello ${firstName},\n\nWe received EGP ${o.amount}${what ? ` for "${what}"` : ' into your balance'}. ${what ? 'It is in My lectures now.' : 'It is in your wallet now.'}\n\nOrder: ${o.id}`,
      };
};

/** A top-up's name in the WhatsApp message (a lecture's or term's is its own). */
const TOP_UP_NAME = { ar: 'شحن الرصيد', en: 'Balance top-up' } as const;

/**
 * After the paying transaction (once: a replay never reaches it): the receipt mail when the student's
 * e-mail setting is on, the payment_confirmed WhatsApp template when their WhatsApp setting is.
 */
export async function tellPaymentConfirmed(o: OrderRecord): Promise<void> {
  try {
    const [user, settings] = await Promise.all([userById(o.userId), notificationSettingsOf(o.userId)]);
    if (!user) return;
    const sends: Promise<unknown>[] = [];
    if (settings.email) sends.push(sendMail({ to: user.email, ...paidMail(user.locale, user.firstName, o) }));
    const name = o.kind === 'topUp' ? TOP_UP_NAME[user.locale === 'ar' ? 'ar' : 'en'] : o.lectureName;
    const message = settings.whatsapp ? whatsAppFor({ type: 'paymentConfirmed', student: user, orderId: o.id, name, amount: o.amount }) : undefined;
    if (message) sends.push(sendWhatsAppTemplate(message).then((r) => r.sent || logger.warn('payment WhatsApp not sent', { orderId: o.id, code: r.code })));
    await Promise.all(sends);
  } catch (e) {
    logger.error('the order was paid, its mail or WhatsApp message was not sent', { orderId: o.id, error: e });
  }
}

/**
 * A pending kiosk order whose reference ends within 24 hours (the reconciler finds it): marked told
 * on condition it was not and is still pending, then, when the student turned WhatsApp on, the
 * kiosk_reference_expiring template (the bell shows it anyway, computed when read). At most once: a
 * run that dies between the mark and the send tells nothing. False when another run marked it first.
 */
export async function tellKioskExpiring(o: OrderRecord, now: Date): Promise<boolean> {
  try {
    await updateOrder(o.id, { expiringToldAt: now.toISOString() }, { statusIn: ['pending'], absent: 'expiringToldAt' });
  } catch (e) {
    if ((e as { name?: string }).name === 'ConditionalCheckFailedException') return false;
    throw e;
  }
  try {
    const [user, settings] = await Promise.all([userById(o.userId), notificationSettingsOf(o.userId)]);
    const message = user && settings.whatsapp && o.kioskReference ? whatsAppFor({ type: 'kioskExpiring', student: user, orderId: o.id, name: o.lectureName, amount: o.amount, reference: o.kioskReference, expiresAt: o.holdUntil }) : undefined;
    if (message) {
      const r = await sendWhatsAppTemplate(message);
      if (!r.sent) logger.warn('kiosk expiring WhatsApp not sent', { orderId: o.id, code: r.code });
    }
  } catch (e) {
    logger.error('kiosk reference ending: the student was not told', { orderId: o.id, error: e });
  }
  return true;
}
