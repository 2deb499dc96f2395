/**
 * The users search's text rules both sides need (pure): how a search box's text is normalised into
 * the words to look up, and whether it is long enough to search. The server builds its index tokens
 * with the same normalisation (functions/data/user-search-text.ts), so "أحمد", "احمد" and "إحمد" meet,
 * as do "Ahmed" and "AHMED", "01012345678", "+201012345678" and "1012345678".
 */

/** A search needs one word of at least this many characters (after normalisation: a phone's 0 / +20 dropped). */
export const MIN_SEARCH_CHARS = 2;

const ARABIC_DIGITS = /[\u0660-\u0669\u06F0-\u06F9]/g;
const digitOf = (c: string) => String((c.codePointAt(0)! - (c >= '\u06F0' ? 0x06f0 : 0x0660)) % 10);

/**
 * Lower case, Latin accents and Arabic diacritics (tashkeel, tatweel) dropped, Arabic letter variants
 * folded (أ إ آ ٱ → ا, ى → ي, ة → ه, ؤ → و, ئ → ي), Arabic-Indic digits made ASCII.
 */
export function normaliseText(s: string): string {
  return s
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .normalize('NFKC')
    .toLowerCase()
    .replace(ARABIC_DIGITS, digitOf)
    .replace(/[\u064B-\u065F\u0670\u0640]/g, '')
    .replace(/[\u0623\u0625\u0622\u0671]/g, '\u0627')
    .replace(/\u0649/g, '\u064A')
    .replace(/\u0629/g, '\u0647')
    .replace(/\u0624/g, '\u0648')
    .replace(/\u0626/g, '\u064A');
}

/**
 * An Egyptian mobile number as its national digits without the trunk 0 ("1012345678"), from any of
 * "+201012345678", "00201012345678", "201012345678", "01012345678", "1012345678" (or a prefix of them).
 */
export function phoneDigits(s: string): string {
  const raw = normaliseText(s).trim();
  let d = raw.replace(/\D/g, '');
  if (raw.startsWith('+20')) d = d.slice(2);
  else if (d.startsWith('0020')) d = d.slice(4);
  else if (d.startsWith('20') && d.length >= 12) d = d.slice(2);
  return d.replace(/^0+/, '');
}

/** The letter-and-digit runs of a text, normalised. */
export const words = (s: string) => normaliseText(s).split(/[^\p{L}\p{N}]+/u).filter(Boolean);

/** Drops entries that are a prefix of another kept one (whatever starts with the longer starts with the shorter). */
export function withoutPrefixes(tokens: Iterable<string>): string[] {
  const unique = [...new Set(tokens)].filter((t) => t.length > 0);
  return unique.filter((t) => !unique.some((u) => u !== t && u.startsWith(t)));
}

const PHONE_LIKE = /^\+?[\d\s()-]+$/;

/**
 * The prefixes a search looks up; a user matches when every prefix starts one of their tokens.
 * Words are split on spaces; one with '@' or '.' stays whole (an e-mail, matched against the whole
 * e-mail token), a phone-like word (digits with an optional + / leading zeros) becomes its national digits.
 * A search that is all phone-like ("010 1234 5678", "+20 (10) 1234-5678") is one number.
 */
export function searchPrefixes(search: string): string[] {
  const text = normaliseText(search).trim();
  if (PHONE_LIKE.test(text)) {
    const d = phoneDigits(text);
    return d ? [d] : [];
  }
  const out: string[] = [];
  for (const w of text.split(/\s+/).filter(Boolean)) {
    if (PHONE_LIKE.test(w)) {
      const d = phoneDigits(w);
      if (d) out.push(d);
    } else if (/[@.]/.test(w)) out.push(w.slice(0, 100));
    else out.push(...words(w));
  }
  return withoutPrefixes(out);
}

/** Characters of a word (an Arabic letter or an emoji counts once). */
export const charCount = (w: string) => [...w].length;

/**
 * A search with words, none of MIN_SEARCH_CHARS characters: refused (400) rather than read half the
 * school; the web does not send it and says why. A search with no words at all is the plain list.
 */
export function searchTooShort(search: string): boolean {
  const prefixes = searchPrefixes(search);
  return prefixes.length > 0 && prefixes.every((p) => charCount(p) < MIN_SEARCH_CHARS);
}
