import { useCallback } from 'react';
import { useSelector } from 'react-redux';
import { ar } from './ar';
import { en, type MessageKey } from './en';

export type Language = 'en' | 'ar';
const dictionaries: Record<Language, Record<MessageKey, string>> = { en, ar };

export function translate(language: Language, key: MessageKey, vars: Record<string, string | number> = {}): string {
  return dictionaries[language][key].replace(/\{(\w+)\}/g, (_, name: string) => String(vars[name] ?? `{${name}}`));
}

/** t(key, vars) in the current interface language (store area `language`). */
export function useT() {
  const language = useSelector((s: { language: { language: Language } }) => s.language.language);
  return useCallback((key: MessageKey, vars?: Record<string, string | number>) => translate(language, key, vars), [language]);
}
