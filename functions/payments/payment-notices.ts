/**
 * What tells the student of a paid order: the bell's notification, a Put inside the paying
 * transaction (a replayed callback fails that transaction and writes no second one), and, after
 * it, an e-mail in their language when their e-mail setting is on (never failing the payment).
 */
import { type OrderRecord } from '../data/order-repo';
import { sendMail } from '../data/mailer';
import { noteItem, notificationSettingsOf } from '../data/notification-repo';
import type { TransactItem } from '../data/items';
import { userById } from '../data/user-repo';
import { logger } from '../lib/log';

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

/** After the paying transaction: the receipt mail, when the student's e-mail setting is on. */
export async function mailPaymentConfirmed(o: OrderRecord): Promise<void> {
  try {
    const [user, settings] = await Promise.all([userById(o.userId), notificationSettingsOf(o.userId)]);
    if (!user || !settings.email) return;
    await sendMail({ to: user.email, ...paidMail(user.locale, user.firstName, o) });
  } catch (e) {
    logger.error('the order was paid, its mail was not sent', { orderId: o.id, error: e });
  }
}
