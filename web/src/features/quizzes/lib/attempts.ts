import type { Language } from '@/i18n/use-t';

/** When an attempt finished, in the interface's language (a bad date as it came). */
export function attemptTime(iso: string, language: Language): string {
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? iso : new Intl.DateTimeFormat(language === 'ar' ? 'ar-EG' : 'en-GB', { dateStyle: 'medium', timeStyle: 'short' }).format(d);
}

/** A percent as the results print it ('—' when not known). */
export const percentText = (n: number | null | undefined) => (n === null || n === undefined ? '—' : `${n}%`);
