import { type Language, tDocument } from '@/i18n/use-t';

const locale = (language: Language) => (language === 'ar' ? 'ar-EG' : 'en-GB');

/** A day in the user's language ('12 Nov 2026'). */
export function dayText(iso: string | null | undefined, language: Language): string {
  if (!iso) return '';
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? iso : new Intl.DateTimeFormat(locale(language), { dateStyle: 'medium' }).format(d);
}

/** A day and time in the user's language. */
export function dateTimeText(iso: string | null | undefined, language: Language): string {
  if (!iso) return '';
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? iso : new Intl.DateTimeFormat(locale(language), { dateStyle: 'medium', timeStyle: 'short' }).format(d);
}

/** Money in pounds: LE (spec 9), ج.م in Arabic (spec 9), Latin digits as the catalogue's prices. */
export const amountText = (n: number) => `${Number.isInteger(n) ? n : n.toFixed(2)} ${tDocument('currency')}`;

/** A phone as stored (+20…) shown the way Egyptians write it (0…), left to right. */
export const phoneText = (p: string | undefined) => (p ? p.replace(/^\+20/, '0') : '');

export const fullName = (u: { firstName: string; lastName: string }) => `${u.firstName} ${u.lastName}`.trim();
