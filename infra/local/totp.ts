/**
 * Authenticator-app codes as Cognito's software-token MFA takes them: TOTP (RFC 6238) over HOTP
 * (RFC 4226) with SHA-1, 6 digits and a 30 s step, the secret in base32 (RFC 4648) as
 * AssociateSoftwareToken gives it. A code of the step before or after is accepted too (clock drift).
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
export const TOTP_STEP_SECONDS = 30;
export const TOTP_DIGITS = 6;

export function base32Encode(bytes: Buffer): string {
  let bits = 0;
  let value = 0;
  let out = '';
  for (const byte of bytes) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      out += ALPHABET[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
  }
  if (bits > 0) out += ALPHABET[(value << (5 - bits)) & 31];
  return out;
}

export function base32Decode(text: string): Buffer {
  const clean = text.toUpperCase().replace(/=+$/, '').replace(/\s/g, '');
  let bits = 0;
  let value = 0;
  const out: number[] = [];
  for (const ch of clean) {
    const i = ALPHABET.indexOf(ch);
    if (i < 0) throw new Error(`not base32: ${ch}`);
    value = ((value << 5) | i) & 0xffff;
    bits += 5;
    if (bits >= 8) {
      out.push((value >>> (bits - 8)) & 0xff);
      bits -= 8;
    }
  }
  return Buffer.from(out);
}

/** A new secret: 20 random bytes (160 bits, RFC 4226's recommendation), base32 (32 characters). */
export const newTotpSecret = (): string => base32Encode(randomBytes(20));

/** HOTP of `counter` with `key`, `digits` long (RFC 4226, 5.3: dynamic truncation). */
export function hotp(key: Buffer, counter: number, digits = TOTP_DIGITS): string {
  const msg = Buffer.alloc(8);
  msg.writeBigUInt64BE(BigInt(counter));
  const mac = createHmac('sha1', key).update(msg).digest();
  const offset = mac[mac.length - 1]! & 0x0f;
  const binary = mac.readUInt32BE(offset) & 0x7fffffff;
  return String(binary % 10 ** digits).padStart(digits, '0');
}

/** The code an authenticator app shows for `secret` (base32) at `now` (ms). */
export const totpCode = (secret: string, now = Date.now()): string => hotp(base32Decode(secret), Math.floor(now / 1000 / TOTP_STEP_SECONDS));

/** True when `code` is the code of the current step or of the one just before or after it. */
export function verifyTotp(secret: string, code: string, now = Date.now()): boolean {
  if (!/^\d{6}$/.test(code)) return false;
  const key = base32Decode(secret);
  const step = Math.floor(now / 1000 / TOTP_STEP_SECONDS);
  return [step - 1, step, step + 1].some((s) => timingSafeEqual(Buffer.from(hotp(key, s)), Buffer.from(code)));
}
