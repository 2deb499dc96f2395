import { useCallback } from 'react';
import { useSelector } from 'react-redux';
import { ar } from './ar';
import { en, type MessageKey } from './en';

export type { MessageKey };
export type Language = 'en' | 'ar';
export type Vars = Record<string, string | number>;
/** What `useT()` returns: a key and its `{name}` values → the text in the current language. */
export type Translate = (key: MessageKey, vars?: Vars) => string;

// The lazy areas' keys join these objects when their screens load (addArea).
const dictionaries = { en, ar } as unknown as Record<Language, Record<MessageKey, string>>;

/** True when the dictionaries have `key` (for keys built at run time: `rule.${code}`, `error.${code}`). */
export const hasMessage = (key: string): key is MessageKey => Object.hasOwn(dictionaries.en, key);

/**
 * An area whose texts load with its screens, not with the shell: its module (i18n/<area>-area.ts)
 * calls this when it loads, and every screen using its keys imports that module.
 */
export function addArea(area: Record<Language, Record<string, string>>): void {
  Object.assign(dictionaries.en, area.en);
  Object.assign(dictionaries.ar, area.ar);
}

export function translate(language: Language, key: MessageKey, vars: Vars = {}): string {
  return dictionaries[language][key].replace(/\{(\w+)\}/g, (_, name: string) => String(vars[name] ?? `{${name}}`));
}

/** The interface language outside React (toasts, dialogs): the one the app set on <html lang>. */
export const documentLanguage = (): Language => (typeof document !== 'undefined' && document.documentElement.lang === 'ar' ? 'ar' : 'en');
/** translate() in the document's language, for code outside components. */
export const tDocument: Translate = (key, vars) => translate(documentLanguage(), key, vars);

/** The interface language (store area `language`). */
export const useLanguage = () => useSelector((s: { language: { language: Language } }) => s.language.language);

/** t(key, vars) in the current interface language. */
export function useT(): Translate {
  const language = useLanguage();
  return useCallback((key: MessageKey, vars?: Vars) => translate(language, key, vars), [language]);
}
