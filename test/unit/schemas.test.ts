import { discountedPrice, isFreePrice, performanceBand } from '../../shared/constants';
import { englishIssueMessage } from '../../shared/rules';
import { resetCode, signupBody } from '../../shared/schemas/auth';
import { normaliseEgyptMobile, PASSWORD_RULES, toLatinDigits } from '../../shared/schemas/common';

describe('Egyptian mobile numbers', () => {
  it.each([
    ['01012345678', '+201012345678'],
    ['+201112345678', '+201112345678'],
    ['00201212345678', '+201212345678'],
    ['0155 123 4567', '+201551234567'],
    ['٠١٠١٢٣٤٥٦٧٨', '+201012345678'],
    ['۰۱۱ ۱۲۳۴ ۵۶۷۸', '+201112345678'],
  ])('normalises %s', (raw, want) => expect(normaliseEgyptMobile(raw)).toBe(want));
  it.each(['0131234567', '01312345678', '1234', '+441012345678', ''])('refuses %s', (raw) => expect(normaliseEgyptMobile(raw)).toBeNull());
});

describe('Arabic-Indic and Persian digits', () => {
  it('reads them as 0–9 and leaves everything else', () => {
    expect(toLatinDigits('٠١٢٣٤٥٦٧٨٩ ۰۱۲۳۴۵۶۷۸۹ a+1')).toBe('0123456789 0123456789 a+1');
  });
  it('are accepted in a reset code, which is sent on in 0–9', () => {
    expect(resetCode.parse(' ١٢٣٤٥٦ ')).toBe('123456');
    expect(resetCode.safeParse('١٢٣').success).toBe(false);
  });
});

describe('password rules', () => {
  const verdict = (p: string) => PASSWORD_RULES.map((r) => r.test(p));
  it('checks length, a digit, upper and lower case', () => {
    expect(verdict('Abcdefg1')).toEqual([true, true, true]);
    expect(verdict('Abc1')).toEqual([false, true, true]);
    expect(verdict('Abcdefgh')).toEqual([true, false, true]);
    expect(verdict('abcdefg1')).toEqual([true, true, false]);
  });
});

describe('sign-up body', () => {
  const good = { firstName: 'Sara', lastName: 'Ali', email: 'Sara@Example.com', password: 'Passw0rdX', confirm: 'Passw0rdX', mobileNumber: '01012345678', schooleYear: 'First year' };
  it('accepts a good one, lower-casing the e-mail and normalising the phone', () => {
    const r = signupBody.parse(good);
    expect(r.email).toBe('sara@example.com');
    expect(r.mobileNumber).toBe('+201012345678');
  });
  it.each([
    [{ confirm: 'Other0rdX' }, /confirm must match/],
    [{ password: 'short1A', confirm: 'short1A' }, /password needs/],
    [{ mobileNumber: '12345' }, /Egyptian mobile/],
    [{ schooleYear: 'Fourth year' }, /schooleYear/],
    [{ email: 'nope' }, /e-mail/],
    [{ firstName: '  ' }, /firstName is required/],
  ])('refuses %o with a readable message', (patch, msg) => {
    // The readable English comes from the server's error map (shared/rules.ts), as in http.ts.
    const r = signupBody.safeParse({ ...good, ...patch }, { error: englishIssueMessage });
    expect(r.success).toBe(false);
    expect(r.error!.issues.map((i) => i.message).join('; ')).toMatch(msg);
  });
});

describe('business constants', () => {
  it('treats 0, "0" and null as free', () => {
    expect([0, '0', null, undefined].map(isFreePrice)).toEqual([true, true, true, true]);
    expect(isFreePrice(150)).toBe(false);
  });
  it('applies a coupon percent and ignores an impossible one', () => {
    expect(discountedPrice(150, 20)).toBe(120);
    expect(discountedPrice(150, 100)).toBe(0);
    expect(discountedPrice(150, 120)).toBe(150);
    expect(discountedPrice(99.99, 33)).toBe(66.99);
  });
  it('bands scores as the spec says', () => {
    expect([95, 80, 79, 70, 65, 60, 59, 0].map(performanceBand)).toEqual(['Excellent', 'Excellent', 'Good', 'Good', 'Average', 'Average', 'Needs Improvement', 'Needs Improvement']);
  });
});
