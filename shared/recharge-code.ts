/**
 * Recharge codes (the cards bookshops sell): 12 symbols of Crockford base32 drawn at random (60 bits)
 * and a check symbol, written XXXX-XXXX-XXXX-C. The check (Luhn mod 32) catches every single
 * mistyped symbol and nearly every swap of two neighbours, so a typo is told apart from a code that
 * does not exist before anything is looked up. What a student types is forgiven its spaces, dashes,
 * letter case, Arabic-Indic and Persian digits, and Crockford's look-alikes (I, L → 1; O → 0).
 * The browser (the redeem box, the printed sheet) and the server use this one file.
 */

/** Crockford's base32: digits and letters without I, L, O, U. */
export const CODE_ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
/** Random symbols in a code (5 bits each: 60 bits). */
export const CODE_RANDOM_SYMBOLS = 12;
/** With the check symbol. */
export const CODE_SYMBOLS = CODE_RANDOM_SYMBOLS + 1;

const N = CODE_ALPHABET.length;
const valueOf = (symbol: string) => CODE_ALPHABET.indexOf(symbol);

/** Luhn mod N: from the right, every second symbol doubled (its base-32 digits summed). */
function luhnSum(symbols: string, doubleFirst: boolean): number {
  let sum = 0;
  let double = doubleFirst;
  for (let i = symbols.length - 1; i >= 0; i--) {
    let v = valueOf(symbols[i]!);
    if (double) {
      v *= 2;
      v = Math.floor(v / N) + (v % N);
    }
    sum += v;
    double = !double;
  }
  return sum % N;
}

/** The check symbol of 12 random symbols. */
export const checkSymbolOf = (body: string) => CODE_ALPHABET[(N - luhnSum(body, true)) % N]!;

/** A new code in its canonical form (13 symbols, no dashes); `random` fills bytes (crypto.getRandomValues). */
export function newRechargeCode(random: (bytes: Uint8Array<ArrayBuffer>) => Uint8Array = (b) => globalThis.crypto.getRandomValues(b)): string {
  // 256 is a multiple of 32: each byte's low 5 bits are uniform.
  const body = [...random(new Uint8Array(CODE_RANDOM_SYMBOLS))].map((b) => CODE_ALPHABET[b & 31]).join('');
  return body + checkSymbolOf(body);
}

/** The canonical form as printed: XXXX-XXXX-XXXX-C. */
export const formatRechargeCode = (code: string) => `${code.slice(0, 4)}-${code.slice(4, 8)}-${code.slice(8, 12)}-${code.slice(12)}`;

const ARABIC_INDIC_ZERO = 0x0660;
const PERSIAN_ZERO = 0x06f0;

/** What a student typed, in the alphabet's spelling (not yet checked): no separators, upper case, look-alikes mapped. */
export function normalizeRechargeCode(typed: string): string {
  return typed
    .normalize('NFKC')
    .replace(/[\u0660-\u0669]/g, (d) => String(d.charCodeAt(0) - ARABIC_INDIC_ZERO))
    .replace(/[\u06f0-\u06f9]/g, (d) => String(d.charCodeAt(0) - PERSIAN_ZERO))
    .replace(/[\s\-\u2010-\u2015\u2212\u0640_.]/g, '')
    .toUpperCase()
    .replace(/[IL]/g, '1')
    .replace(/O/g, '0');
}

/**
 * A typed code read: `{ code }` in canonical form when it has the shape and its check holds,
 * `{ mistyped: true }` otherwise (a wrong length, a symbol outside the alphabet, a failed check).
 */
export function readRechargeCode(typed: string): { code: string } | { mistyped: true } {
  const code = normalizeRechargeCode(typed);
  if (code.length !== CODE_SYMBOLS || [...code].some((c) => valueOf(c) < 0) || luhnSum(code, false) !== 0) return { mistyped: true };
  return { code };
}
