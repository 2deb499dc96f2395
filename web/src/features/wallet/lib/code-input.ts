/**
 * What the redeem box makes of what the student types, before anything is sent: the server forgives
 * the same things (spaces, dashes, lower case, Arabic-Indic digits; Crockford's I and L read as 1, O
 * as 0), so the hint under the box shows the code as the server will read it, and says at once when
 * it is too short, too long or holds a character no code has (a U, a symbol).
 */
export const CODE_LENGTH = 12;
const ALPHABET = /^[0-9A-HJKMNP-TV-Z]$/;

/** ٠–٩ (Arabic-Indic) and ۰–۹ (Persian) digits as 0–9. */
const latinDigits = (s: string) => s.replace(/[\u0660-\u0669\u06F0-\u06F9]/g, (d) => String(d.charCodeAt(0) % 16));

export interface CodeInput {
  /** The characters as the server reads them, grouped by four ('7K2M-9QX4-…'). */
  grouped: string;
  /** How many code characters were typed. */
  length: number;
  /** Characters that are in no code (each once, as typed). */
  badChars: string[];
  /** Twelve good characters: worth sending. */
  complete: boolean;
}

export function readCode(raw: string): CodeInput {
  const chars: string[] = [];
  const bad = new Set<string>();
  for (const ch of latinDigits(raw).toUpperCase()) {
    if (/[\s\-_.\u2010-\u2015\u0640]/.test(ch)) continue;
    const c = ch === 'I' || ch === 'L' ? '1' : ch === 'O' ? '0' : ch;
    if (ALPHABET.test(c)) chars.push(c);
    else bad.add(ch);
  }
  const groups = chars.join('').match(/.{1,4}/g) ?? [];
  return { grouped: groups.join('-'), length: chars.length, badChars: [...bad], complete: chars.length === CODE_LENGTH && bad.size === 0 };
}

export type CodeHint = { key: 'wallet.codeEmpty' } | { key: 'wallet.codeShort' | 'wallet.codeLong'; n: number } | { key: 'wallet.codeBadChars'; chars: string } | { key: 'wallet.codeShape'; code: string };

/** The line under the box: what is wrong with the code as typed, or how it reads when it is whole. */
export function codeHint(input: CodeInput): CodeHint {
  if (input.badChars.length) return { key: 'wallet.codeBadChars', chars: input.badChars.join(' ') };
  if (input.length === 0) return { key: 'wallet.codeEmpty' };
  if (input.length < CODE_LENGTH) return { key: 'wallet.codeShort', n: input.length };
  if (input.length > CODE_LENGTH) return { key: 'wallet.codeLong', n: input.length };
  return { key: 'wallet.codeShape', code: input.grouped };
}

/** A failed redeem in the student's words, by its status (the contract: 400 a typo the check character caught, 404, 409, 410, 429). */
export function redeemFailureKey(status: number) {
  switch (status) {
    case 400:
      return 'wallet.error.mistyped';
    case 404:
      return 'wallet.error.unknown';
    case 409:
      return 'wallet.error.used';
    case 410:
      return 'wallet.error.stopped';
    case 429:
      return 'wallet.error.tooMany';
    default:
      return 'wallet.error.other';
  }
}
