import type { enNotifications } from '../en/notifications';

/** Arabic texts: the student's notifications list and their settings on /profile (i18n/notifications-area.ts). */
export const arNotifications: Record<keyof typeof enNotifications, string> = {
  'notifications.title': 'الإشعارات',
  'notifications.markAllRead': 'تعليم الكل كمقروء',
  'notifications.empty': 'لا جديد بعد. ستظهر هنا المحاضرات الجديدة لصفك ونتائج الاختبارات والمدفوعات.',
  'notifications.loadFailed': 'تعذّر تحميل الإشعارات.',
  'notifications.tryAgain': 'حاول مرة أخرى',
  'notifications.close': 'إغلاق',
  'notifications.unread': 'غير مقروء',
  'notifications.newLecture': 'محاضرة جديدة في {course}: {lecture}',
  'notifications.quizPassed': '{title}: {score}/{total} — ناجح',
  'notifications.quizFailed': '{title}: {score}/{total} — لم تنجح بعد',
  'notifications.paymentConfirmed': 'تم تأكيد الدفع: {name} ({amount})',
  'notifications.kioskExpiring': 'رقم الدفع {reference} لـ {name} ({amount}) ينتهي {when}',
  'notifications.walletCredited.code': 'أُضيف {amount} إلى محفظتك من كود شحن',
  'notifications.walletCredited.topUp': 'أُضيف {amount} إلى محفظتك (شحن)',
  'notifications.walletCredited.refund': 'أُعيد {amount} إلى محفظتك',
  'notifications.walletCredited.adjustment': 'أضاف المدرس {amount} إلى محفظتك',
  'notifications.settingsTitle': 'الإشعارات',
  'notifications.settingsHint': 'يعرضها الجرس دائمًا. وأخبرني أيضًا عبر:',
  'notifications.email': 'البريد الإلكتروني (إيصالات الدفع)',
  'notifications.whatsapp': 'واتساب (المدفوعات وأرقام الدفع التي تقترب من الانتهاء)',
  'notifications.saved': 'تم الحفظ',
  'notifications.saveFailed': 'تعذّر حفظ الإعداد.',
};
