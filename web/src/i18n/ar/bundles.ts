import type { enBundles } from '../en/bundles';

/** النصوص العربية لباقات الترم: محرر الباقة في لوحة المعلم، والعرض في صفحة محتوى الترم، والباقات في محاضراتي. */
export const arBundles: Record<keyof typeof enBundles, string> = {
  'bundle.editNamed': 'باقة الترم كامل: {name}',
  'bundle.none': 'غير معروض كترم كامل',
  'bundle.summary': 'الترم كامل: {price} حتى {date}',
  'bundle.price': 'سعر الباقة (جنيه)',
  'bundle.endsAt': 'تنتهي في',
  'bundle.endsHint': 'من يشتريها تبقى له كل محاضرات الترم حتى نهاية هذا اليوم',
  'bundle.save': 'حفظ الباقة',
  'bundle.remove': 'إيقاف بيع الباقة',
  'bundle.saved': 'تم حفظ الباقة',
  'bundle.removed': 'توقف بيع الباقة',
  'bundle.failed': 'تعذّر حفظ الباقة',
  'bundle.offer': 'الترم كامل بـ {price} بدلًا من {sum}',
  'bundle.offerDetail': 'كل محاضرات {name}، وما يُضاف منها لاحقًا، حتى {date}',
  'bundle.buy': 'اشترِ الترم كامل',
  'bundle.buying': 'جارٍ تجهيز الدفع…',
  'bundle.payNow': 'ادفع {amount} بالبطاقة أو المحفظة أو في منفذ دفع',
  'bundle.granted': 'أصبح الترم كامل متاحًا لك',
  'bundle.buyFailed': 'تعذّر فتح صفحة الدفع',
  'bundle.balanceShort': 'رصيدك ({balance}) لا يكفي لسعر الترم كامل ({price}).',
  'bundle.mineTitle': 'الترمات الكاملة',
  'bundle.mineUntil': 'كل المحاضرات حتى {date}',
  'bundle.paid': 'المدفوع {price}',
  'bundle.lectureCount': 'عدد المحاضرات: {n}',
  'bundle.salesName': 'الترم كامل: {name}',
};
