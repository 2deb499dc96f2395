import type { Language } from '@/i18n/use-t';

/** Figures and dates in the page's language: Arabic digits on an Arabic page (ar-EG), Latin in English. */
const locale = (language: Language) => (language === 'ar' ? 'ar-EG' : 'en-GB');

export const numberText = (n: number, language: Language) => new Intl.NumberFormat(locale(language)).format(n);

/** Whole minutes of watched seconds. */
export const minutesOf = (seconds: number) => Math.round(seconds / 60);

/** A day: an ISO time (its Cairo day), or a report's Cairo day 'YYYY-MM-DD' (that calendar day, whatever the browser's zone). */
export function dayText(value: string | null | undefined, language: Language): string {
  if (!value) return '';
  const dayOnly = /^\d{4}-\d{2}-\d{2}$/.test(value);
  const d = new Date(dayOnly ? `${value}T00:00:00Z` : value);
  if (Number.isNaN(d.getTime())) return value;
  return new Intl.DateTimeFormat(locale(language), { dateStyle: 'medium', timeZone: dayOnly ? 'UTC' : 'Africa/Cairo' }).format(d);
}
