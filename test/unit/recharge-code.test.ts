/** Recharge codes (issue 40): the format, the check symbol and what a student's typing is forgiven. */
import { CODE_ALPHABET, checkSymbolOf, formatRechargeCode, newRechargeCode, normalizeRechargeCode, readRechargeCode } from '../../shared/recharge-code';

const many = Array.from({ length: 200 }, () => newRechargeCode());

describe('a new code', () => {
  it('is 12 random Crockford symbols and a check symbol, printed XXXX-XXXX-XXXX-C', () => {
    for (const code of many) {
      expect(code).toMatch(/^[0-9A-HJKMNP-TV-Z]{13}$/);
      expect(formatRechargeCode(code)).toMatch(/^[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]$/);
      expect(readRechargeCode(formatRechargeCode(code))).toEqual({ code });
    }
    expect(new Set(many).size).toBe(many.length);
  });

  it('draws every symbol of every random place (60 bits: 5 per symbol)', () => {
    const bytes = (fill: number) => (b: Uint8Array) => b.fill(fill);
    expect(newRechargeCode(bytes(0)).slice(0, 12)).toBe('000000000000');
    expect(newRechargeCode(bytes(31)).slice(0, 12)).toBe('ZZZZZZZZZZZZ');
    // High bits are dropped, low 5 kept: 0xE5 → 5.
    expect(newRechargeCode(bytes(0xe5)).slice(0, 12)).toBe('555555555555');
  });
});

describe('the check symbol', () => {
  it('catches every single mistyped symbol', () => {
    for (const code of many.slice(0, 5)) {
      for (let i = 0; i < code.length; i++) {
        for (const other of CODE_ALPHABET) {
          if (other === code[i]) continue;
          expect(readRechargeCode(code.slice(0, i) + other + code.slice(i + 1))).toEqual({ mistyped: true });
        }
      }
    }
  });

  it('catches a swap of two different neighbours (but for the pairs Luhn mod 32 cannot see)', () => {
    let swaps = 0;
    let caught = 0;
    for (const code of many) {
      for (let i = 0; i + 1 < code.length; i++) {
        if (code[i] === code[i + 1]) continue;
        swaps++;
        if ('mistyped' in readRechargeCode(code.slice(0, i) + code[i + 1] + code[i] + code.slice(i + 2))) caught++;
      }
    }
    expect(caught / swaps).toBeGreaterThan(0.99);
  });

  it('is the symbol that makes the Luhn mod 32 sum zero', () => {
    expect(checkSymbolOf('000000000000')).toBe('0');
    expect(checkSymbolOf('000000000001')).toBe('Y'); // 1 doubled is 2; 32 - 2 = 30
    expect(readRechargeCode('0000-0000-0001-Y')).toEqual({ code: '000000000001Y' });
  });
});

describe('what a student types is forgiven', () => {
  const code = '000000000001Y';
  it.each([
    ['spaces and no dashes', ' 0000 0000 0001 Y '],
    ['lower case', '0000-0000-0001-y'],
    ['other dashes', '0000–0000—0001‐Y'],
    ['Arabic-Indic digits', '٠٠٠٠-٠٠٠٠-٠٠٠١-Y'],
    ['Persian digits', '۰۰۰۰ ۰۰۰۰ ۰۰۰۱ y'],
    ['full-width forms', '００００-００００-０００１-Ｙ'],
    ['O for 0, I and L for 1', 'oOoo-0000-000I-Y'],
    ['l for 1', '0000-0000-000l-y'],
  ])('%s', (_what, typed) => {
    expect(readRechargeCode(typed)).toEqual({ code });
  });

  it('normalises without checking', () => {
    expect(normalizeRechargeCode(' ab-cd ٣ ')).toBe('ABCD3');
  });

  it.each([
    ['too short', '0000-0000-0001'],
    ['too long', '0000-0000-0001-Y0'],
    ['U is no symbol', '0000-0000-000U-Y'],
    ['a wrong check', '0000-0000-0001-X'],
    ['empty', ''],
  ])('%s is mistyped', (_what, typed) => {
    expect(readRechargeCode(typed)).toEqual({ mistyped: true });
  });
});
