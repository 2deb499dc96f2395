/** The users search's normalisation and tokens (functions/data/user-search-text.ts). */
import { normaliseText, phoneDigits, searchPrefixes, searchTokens } from '../../functions/data/user-search-text';

const matches = (user: Parameters<typeof searchTokens>[0], search: string) => {
  const tokens = searchTokens(user);
  const prefixes = searchPrefixes(search);
  return prefixes.length > 0 && prefixes.every((p) => tokens.some((t) => t.startsWith(p)));
};

const ahmed = { firstName: 'أحمد', lastName: 'عبد الرحمن', email: 'Ahmed.Ali@Gmail.com', mobileNumber: '+201012345678' };
const sara = { firstName: 'Sára', lastName: 'Mostafa', email: 'sara_m@yahoo.com', mobileNumber: '+201198765432' };

describe('normaliseText', () => {
  it('folds Arabic letter variants, drops tashkeel and tatweel, makes Arabic-Indic digits ASCII', () => {
    expect(normaliseText('أحمد')).toBe(normaliseText('احمد'));
    expect(normaliseText('إسلام')).toBe('اسلام');
    expect(normaliseText('آمنة')).toBe('امنه');
    expect(normaliseText('مُحَمَّد')).toBe('محمد');
    expect(normaliseText('مـحـمـد')).toBe('محمد');
    expect(normaliseText('مصطفى')).toBe('مصطفي');
    expect(normaliseText('٠١٠١٢')).toBe('01012');
    expect(normaliseText('۰۱۲')).toBe('012');
  });
  it('lower-cases and drops Latin accents', () => {
    expect(normaliseText('SÁRA Éloïse')).toBe('sara eloise');
  });
});

describe('phoneDigits', () => {
  it.each(['+201012345678', '00201012345678', '201012345678', '01012345678', '1012345678', '+20 101 234 5678', '٠١٠١٢٣٤٥٦٧٨'])('%s → 1012345678', (p) => {
    expect(phoneDigits(p)).toBe('1012345678');
  });
  it('keeps a prefix a prefix', () => {
    expect(phoneDigits('0101')).toBe('101');
    expect(phoneDigits('+2010')).toBe('10');
    expect(phoneDigits('0')).toBe('');
  });
});

describe('searchTokens', () => {
  it('has each name part, the phone national digits, the e-mail whole and its domain; no token is a prefix of another', () => {
    const t = searchTokens(ahmed);
    expect(t).toEqual(expect.arrayContaining(['احمد', 'عبد', 'الرحمن', '1012345678', 'ahmed.ali@gmail.com', 'gmail.com', 'ali']));
    for (const a of t) for (const b of t) if (a !== b) expect(b.startsWith(a)).toBe(false);
  });
});

describe('searching', () => {
  it.each([
    ['Arabic name fragment', 'احم'],
    ['Arabic name with hamza typed', 'أحمد'],
    ['second part of the last name', 'الرح'],
    ['first and last name', 'احمد عبد'],
    ['phone with leading 0', '010123'],
    ['phone with +20', '+2010123'],
    ['phone without prefix', '10123456'],
    ['whole phone', '01012345678'],
    ['e-mail fragment', 'ahmed.al'],
    ['e-mail upper case', 'AHMED.ALI@GMAIL.COM'],
    ['e-mail domain', 'gmail.com'],
    ['e-mail part', 'ali'],
  ])('finds by %s', (_what, search) => {
    expect(matches(ahmed, search)).toBe(true);
  });
  it.each([
    ['Latin name without the accent', 'sara'],
    ['Latin name upper case', 'MOST'],
    ['e-mail with underscore', 'sara_m'],
  ])('finds by %s', (_what, search) => {
    expect(matches(sara, search)).toBe(true);
  });
  it.each(['محمد', 'احمد سعيد', '0111', 'hotmail', 'zz'])('does not match %s', (search) => {
    expect(matches(ahmed, search)).toBe(false);
  });
  it('an empty or punctuation-only search has no prefixes (the plain newest-first list)', () => {
    expect(searchPrefixes('   ')).toEqual([]);
    expect(searchPrefixes('+20')).toEqual([]);
  });
});
