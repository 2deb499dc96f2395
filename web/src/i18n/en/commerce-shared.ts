/**
 * English texts of commerce that other screens need, so they load with the shell: the admin
 * menu's Sales and the lecture form's access period. The commerce screens' own texts are in
 * commerce.ts, which loads with them (i18n/commerce-area.ts).
 */
export const enCommerceShared = {
  'admin.sales': 'Sales',
  'field.accessDays': 'Access period',
  'access.label': 'Access period (days)',
  'access.hint': 'A purchase lasts this many days. Empty: {days}.',
} as const;
