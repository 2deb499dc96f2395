/**
 * Issue 14: one language's texts per page. i18n/en.ts and i18n/ar.ts are chunks of their own,
 * imported here only: main.tsx loads the stored language before its first render (preferences.js
 * has already asked for its file, web/build/route-preload.ts), the language switch loads the other
 * before it switches. A module apart from use-t.ts: with the dynamic imports there, the bundler took
 * use-t out of the entry into a file of its own (one more request on every page).
 */
import { addLanguage, hasLanguage, type Language } from './use-t';

const loading = new Map<Language, Promise<void>>();

/** Loads `language`'s texts once (again after a failed load); resolved at once when they are here. */
export function loadLanguage(language: Language): Promise<void> {
  if (hasLanguage(language)) return Promise.resolve();
  let load = loading.get(language);
  if (!load) {
    load = (language === 'ar' ? import('./ar').then((m) => addLanguage('ar', m.ar)) : import('./en').then((m) => addLanguage('en', m.en))).catch((e: unknown) => {
      loading.delete(language);
      throw e;
    });
    loading.set(language, load);
  }
  return load;
}
