import type { enCommerceShared } from '../en/commerce-shared';

/** Arabic texts of commerce that other screens need. Same keys as English (a missing key fails tsc). */
export const arCommerceShared: Record<keyof typeof enCommerceShared, string> = {
  'admin.sales': 'المبيعات',
  'field.accessDays': 'مدة الوصول',
  'access.label': 'مدة الوصول (بالأيام)',
  'access.hint': 'تستمر صلاحية الشراء هذا العدد من الأيام. فارغ: {days}.',
};
