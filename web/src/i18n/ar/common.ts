import type { enCommon } from '../en/common';

/** Arabic texts: common. Same keys as English (a missing key fails tsc). */
export const arCommon: Record<keyof typeof enCommon, string> = {
  appName: 'بيوسكوب',
  breadcrumbs: 'مسار التنقل',
  loading: 'جارٍ التحميل',
  'nav.main': 'القائمة الرئيسية',
  'nav.home': 'الرئيسية',
  'nav.profile': 'حسابي',
  'nav.myLectures': 'محاضراتي',
  'nav.contact': 'تواصل معنا',
  'nav.dashboard': 'لوحة التحكم',
  'nav.logout': 'تسجيل الخروج',
  'nav.menu': 'القائمة',
  'theme.toLight': 'الوضع الفاتح',
  'theme.toDark': 'الوضع الداكن',
  'language.switch': 'English',
  'language.switchLabel': 'تغيير اللغة إلى الإنجليزية',
  'admin.menu': 'قائمة لوحة التحكم',
  'admin.home': 'الرئيسية',
  'admin.courses': 'الكورسات',
  'admin.users': 'المستخدمون',
  'admin.messages': 'الرسائل',
  'admin.quizzes': 'الاختبارات',
  'admin.coupons': 'الكوبونات',
  'admin.greeting': 'أهلاً، {name}',
};
