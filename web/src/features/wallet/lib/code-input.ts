/**
 * What the redeem box makes of what the student types, before anything is sent. The reading is the
 * server's own (shared/recharge-code.ts: spaces, dashes, case, Arabic-Indic and Persian digits and
 * Crockford's I/L/O forgiven), so the hint under the box shows the code as the server will read it,
 * and says at once when it is too short, too long, holds a character no code has, or fails its check
 * symbol (a typo, told apart before any look-up).
 */
import { CODE_ALPHABET, CODE_SYMBOLS, formatRechargeCode, normalizeRechargeCode, readRechargeCode } from '@shared/recharge-code';

export interface CodeInput {
  /** The characters as the server reads them, grouped as printed ('7K2M-9QX4-HR3P-X'). */
  grouped: string;
  /** How many code characters were typed. */
  length: number;
  /** Characters that are in no code (each once). */
  badChars: string[];
  /** The right length, every character a code's, and the check symbol holds: worth sending. */
  complete: boolean;
}

export function readCode(raw: string): CodeInput {
  const normalized = normalizeRechargeCode(raw);
  const chars = [...normalized].filter((c) => CODE_ALPHABET.includes(c));
  const badChars = [...new Set([...normalized].filter((c) => !CODE_ALPHABET.includes(c)))];
  const read = readRechargeCode(raw);
  const complete = 'code' in read;
  return { grouped: complete ? formatRechargeCode(read.code) : (chars.join('').match(/.{1,4}/g) ?? []).join('-'), length: chars.length, badChars, complete };
}

export type CodeHint =
  | { key: 'wallet.codeEmpty' | 'wallet.error.mistyped' }
  | { key: 'wallet.codeShort' | 'wallet.codeLong'; n: number; max: number }
  | { key: 'wallet.codeBadChars'; chars: string }
  | { key: 'wallet.codeShape'; code: string };

/** The line under the box: what is wrong with the code as typed, or how it reads when it is whole. */
export function codeHint(input: CodeInput): CodeHint {
  if (input.badChars.length) return { key: 'wallet.codeBadChars', chars: input.badChars.join(' ') };
  if (input.length === 0) return { key: 'wallet.codeEmpty' };
  if (input.length < CODE_SYMBOLS) return { key: 'wallet.codeShort', n: input.length, max: CODE_SYMBOLS };
  if (input.length > CODE_SYMBOLS) return { key: 'wallet.codeLong', n: input.length, max: CODE_SYMBOLS };
  if (!input.complete) return { key: 'wallet.error.mistyped' };
  return { key: 'wallet.codeShape', code: input.grouped };
}

/** A failed redeem in the student's words, by its status (400 a typo the check symbol caught, 404, 409 used, 410 stopped or expired, 429). */
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
