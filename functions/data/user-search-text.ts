/**
 * The users search's index text (pure): a user's tokens (names, phone, e-mail), the heads that
 * partition the newest-first index (AP39H), and the token string every index item carries so one
 * filter checks all the words of a search. The normalisation is shared with the web (shared/search-text.ts).
 */
import { charCount, normaliseText, phoneDigits, withoutPrefixes, words } from '../../shared/search-text';

export { MIN_SEARCH_CHARS, normaliseText, phoneDigits, searchPrefixes, searchTooShort } from '../../shared/search-text';

/**
 * Tokens kept per user at most. With heads of 2..HEAD_CHARS characters a user has at most
 * 3 × 16 head items + 16 token items: the create transaction (with the record and its two guards) stays under 100.
 */
export const MAX_SEARCH_TOKENS = 16;
/** The AP39 layout (version 1) kept up to 24 tokens: what the backfill removes. */
export const LEGACY_MAX_SEARCH_TOKENS = 24;

/** The longest head: AP39H has partitions for every token's first 2, 3 and HEAD_CHARS characters. */
export const HEAD_CHARS = 4;

/**
 * The index tokens of a user: the phone's national digits first (the layout before SEARCH_INDEX_VERSION 4
 * put it last, where a long name or e-mail pushed it past `max`: such a student was not found by phone),
 * then each name part, the e-mail whole, its domain and its parts. `phoneLast`: that former layout.
 */
export function searchTokens(u: { firstName: string; lastName: string; email: string; mobileNumber?: string }, max = MAX_SEARCH_TOKENS, phoneLast = false): string[] {
  // A record written by hand or before a field existed may lack one: indexed without it, never a 500.
  const email = normaliseText(u.email ?? '').trim();
  const [local = '', domain = ''] = email.split('@');
  const phone = u.mobileNumber ? [phoneDigits(u.mobileNumber)] : [];
  const tokens = [
    ...(phoneLast ? [] : phone),
    ...words(u.firstName ?? ''),
    ...words(u.lastName ?? ''),
    email,
    local,
    domain,
    ...words(email),
    ...(phoneLast ? phone : []),
  ];
  // A token never holds white space: the token string below separates them with '\n'.
  return withoutPrefixes(tokens.map((t) => t.replace(/\s+/g, '').slice(0, 100))).slice(0, max);
}

/** The first `n` characters. */
export const firstChars = (w: string, n: number) => [...w].slice(0, n).join('');

/** The partition a word is looked up in: its first HEAD_CHARS characters (the word itself when shorter). */
export const headOf = (word: string) => firstChars(word, HEAD_CHARS);

/** Whether a word is its own head (2..HEAD_CHARS characters): every user in its partition matches it. */
export const isHead = (word: string) => charCount(word) >= 2 && charCount(word) <= HEAD_CHARS;

/** The distinct heads of a user's tokens: each token's first 2, 3 … HEAD_CHARS characters (a 1-character token has none). */
export function searchHeads(tokens: string[]): string[] {
  const heads = new Set<string>();
  for (const t of tokens) for (let n = 2; n <= Math.min(HEAD_CHARS, charCount(t)); n++) heads.add(firstChars(t, n));
  return [...heads];
}

/** The tokens longer than a head: each has an item in the token-ordered index (AP39T), for selective long words. */
export const longTokens = (tokens: string[]) => tokens.filter((t) => charCount(t) > HEAD_CHARS);

/** All of a user's tokens as one string, "\ntok1\ntok2\n": `contains(t, "\n" + word)` ⇔ some token starts with word. */
export const tokenString = (tokens: string[]) => `\n${tokens.join('\n')}\n`;

/** The filter operand of a word (see tokenString). */
export const wordNeedle = (word: string) => `\n${word}`;

/** The same test as the index's filter, in memory. */
export const matchesAll = (t: string, words: string[]) => words.every((w) => t.includes(wordNeedle(w)));
