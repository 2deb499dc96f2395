import { base32Decode, base32Encode, newTotpSecret, totpCode, verifyTotp } from '../../infra/local/totp';

// RFC 6238, appendix B: the SHA-1 key is the ASCII "12345678901234567890"; its 8-digit codes end in these 6.
const RFC_SECRET = base32Encode(Buffer.from('12345678901234567890'));
const RFC_VECTORS: [seconds: number, code: string][] = [
  [59, '287082'],
  [1111111109, '081804'],
  [1111111111, '050471'],
  [1234567890, '005924'],
  [2000000000, '279037'],
];

describe('TOTP (the local Cognito gate checks authenticator codes with it)', () => {
  it('base32 is RFC 4648 both ways', () => {
    expect(RFC_SECRET).toBe('GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ');
    expect(base32Decode('GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ').toString()).toBe('12345678901234567890');
    expect(base32Decode('gezdgnbv gy3tqojq')).toEqual(Buffer.from('1234567890'));
  });
  it.each(RFC_VECTORS)('at %i s the code is %s (RFC 6238 test vectors)', (seconds, code) => {
    expect(totpCode(RFC_SECRET, seconds * 1000)).toBe(code);
  });
  it('accepts the step before and after (clock drift), not two away', () => {
    const now = 1_234_567_890_000;
    expect(verifyTotp(RFC_SECRET, '005924', now)).toBe(true);
    expect(verifyTotp(RFC_SECRET, totpCode(RFC_SECRET, now - 30_000), now)).toBe(true);
    expect(verifyTotp(RFC_SECRET, totpCode(RFC_SECRET, now + 30_000), now)).toBe(true);
    expect(verifyTotp(RFC_SECRET, totpCode(RFC_SECRET, now - 60_000), now)).toBe(false);
    expect(verifyTotp(RFC_SECRET, '5924', now)).toBe(false);
  });
  it('makes 160-bit secrets, 32 base32 characters', () => {
    const secret = newTotpSecret();
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(base32Decode(secret)).toHaveLength(20);
  });
});
