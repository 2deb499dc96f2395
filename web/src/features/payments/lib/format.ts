import { type Language, tDocument } from '@/i18n/use-t';

/** Money in pounds: LE (spec 9), ج.م in Arabic, whole pounds as they are, otherwise two decimals (Latin digits, as the catalogue's prices). */
export const amountText = (n: number) => `${Number.isInteger(n) ? n : n.toFixed(2)} ${tDocument('currency')}`;

const locale = (language: Language) => (language === 'ar' ? 'ar-EG' : 'en-GB');

/** A day in the user's language ('12 Nov 2026'). */
export function dayText(iso: string | null | undefined, language: Language): string {
  if (!iso) return '';
  const d = new Date(iso.length === 10 ? `${iso}T12:00:00` : iso);
  return Number.isNaN(d.getTime()) ? iso : new Intl.DateTimeFormat(locale(language), { dateStyle: 'medium' }).format(d);
}

/** A day and time in the user's language. */
export function dateTimeText(iso: string | null | undefined, language: Language): string {
  if (!iso) return '';
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? iso : new Intl.DateTimeFormat(locale(language), { dateStyle: 'medium', timeStyle: 'short' }).format(d);
}

/** A short day for a chart's axis ('12 Nov'). */
export function shortDayText(yyyyMmDd: string, language: Language): string {
  const d = new Date(`${yyyyMmDd}T12:00:00`);
  return Number.isNaN(d.getTime()) ? yyyyMmDd : new Intl.DateTimeFormat(locale(language), { day: 'numeric', month: 'short' }).format(d);
}
