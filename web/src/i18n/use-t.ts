import { useCallback } from 'react';
import { useSelector } from 'react-redux';
import { choose } from './choice';
import type { MessageKey } from './en';

export type { MessageKey };
export type Language = 'en' | 'ar';
export type Vars = Record<string, string | number>;
/** What `useT()` returns: a key and its `{name}` values → the text in the current language. */
export type Translate = (key: MessageKey, vars?: Vars) => string;

type Dictionary = Record<MessageKey, string>;

// Issue 14: a page downloads the texts of its own language only (en.ts or ar.ts, ~5 KB brotli each,
// out of the entry; i18n/load-language.ts): main.tsx loads the stored language before the first
// render (preferences.js has already asked for its file, web/build/route-preload.ts), and the
// language switch loads the other before it switches. The lazy areas' keys join these objects when
// their screens load (addArea).
const dictionaries: Partial<Record<Language, Dictionary>> = {};
const areas: Record<Language, Record<string, string>>[] = [];

/** Puts a language's shell dictionary in place, with every area already added (tests and the prerender add both at once). */
export function addLanguage(language: Language, dictionary: Record<string, string>): void {
  dictionaries[language] = Object.assign({}, dictionary, ...areas.map((a) => a[language])) as Dictionary;
}

export const hasLanguage = (language: Language): boolean => !!dictionaries[language];

/** True when the dictionaries have `key` (for keys built at run time: `rule.${code}`, `error.${code}`). Every language has the same keys. */
export const hasMessage = (key: string): key is MessageKey => {
  const any = dictionaries.en ?? dictionaries.ar;
  return !!any && Object.hasOwn(any, key);
};

/**
 * An area whose texts load with its screens, not with the shell: its module (i18n/<area>-area.ts)
 * calls this when it loads, and every screen using its keys imports that module.
 */
export function addArea(area: Record<Language, Record<string, string>>): void {
  areas.push(area);
  for (const language of ['en', 'ar'] as const) if (dictionaries[language]) Object.assign(dictionaries[language], area[language]);
}

/** `key`'s text in `language` (in the other language while that one has not loaded: never blank; the key itself if none has). */
export function translate(language: Language, key: MessageKey, vars: Vars = {}): string {
  const text = choose(language, (dictionaries[language] ?? dictionaries.en ?? dictionaries.ar)?.[key] ?? key, vars);
  return text.replace(/\{(\w+)\}/g, (_, name: string) => String(vars[name] ?? `{${name}}`));
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
