/**
 * What a notification says and where it leads: the lecture, the quiz, My lectures, /pay for a kiosk
 * reference's lecture (My lectures for a term's), the wallet.
 */
import type { Language, Translate } from '@/i18n/use-t';
import { moneyText } from '@/lib/money';
import type { StudentNotification } from '../api/list-notifications';

export interface NotificationLink {
  to: string;
  state?: unknown;
}

export function notificationLink(n: StudentNotification): NotificationLink {
  switch (n.type) {
    case 'newLecture':
      return { to: `/lec/${encodeURIComponent(n.lectureId)}` };
    case 'quizResult':
      return { to: `/quiz?id=${encodeURIComponent(n.quizId)}` };
    case 'paymentConfirmed':
      return { to: '/profile/lecPay' };
    case 'kioskExpiring':
      // /pay reads its lecture from the navigation state's last entry (features/payments/lib/pay-state.ts).
      return n.lectureId ? { to: '/pay', state: { breadcrumb: [{ id: n.lectureId, price: n.amount, lectureName: n.name, name: n.name }] } } : { to: '/profile/lecPay' };
    case 'walletCredited':
      return { to: '/profile/wallet' };
  }
}

export const dateTimeText = (iso: string, language: Language) =>
  new Intl.DateTimeFormat(language === 'ar' ? 'ar-EG' : 'en-GB', { timeZone: 'Africa/Cairo', day: 'numeric', month: 'short', hour: 'numeric', minute: '2-digit' }).format(new Date(iso));

/** A name set apart from the text around it (U+2068 … U+2069): a Latin name in an Arabic line keeps its place. */
const isolated = (name: string) => `\u2068${name}\u2069`;

export function notificationText(n: StudentNotification, t: Translate, language: Language): string {
  const money = (amount: number) => moneyText(amount, t('currency'));
  switch (n.type) {
    case 'newLecture':
      return t('notifications.newLecture', { course: isolated(n.courseName), lecture: isolated(n.lectureName) });
    case 'quizResult':
      return t(n.passed ? 'notifications.quizPassed' : 'notifications.quizFailed', { title: isolated(n.title), score: n.score, total: n.total });
    case 'paymentConfirmed':
      return t('notifications.paymentConfirmed', { name: isolated(n.name), amount: money(n.amount) });
    case 'kioskExpiring':
      return t('notifications.kioskExpiring', { reference: isolated(n.reference), name: isolated(n.name), amount: money(n.amount), when: dateTimeText(n.expiresAt, language) });
    case 'walletCredited':
      return t(`notifications.walletCredited.${n.reason}`, { amount: money(n.amount) });
  }
}
