/**
 * Issue 14: a page downloads one language's texts (web/src/i18n/load-language.ts): until they are
 * here the other language's text stands in (never a blank), an area that loaded first joins them
 * when they come, a failed load is asked again, and the spec's Arabic texts that both languages
 * show are written alike in both dictionaries (ar/home.ts writes them out rather than importing
 * English's, which would bring both files to an Arabic page).
 */
import { ar } from '@/i18n/ar';
import { en } from '@/i18n/en';

type UseT = typeof import('@/i18n/use-t');
type Load = typeof import('@/i18n/load-language');

/** use-t and load-language as a page has them before any language loaded (the test setup adds both to the shared ones). */
async function fresh(): Promise<{ useT: UseT; load: Load }> {
  let mods!: { useT: UseT; load: Load };
  await jest.isolateModulesAsync(async () => {
    mods = { useT: await import('@/i18n/use-t'), load: await import('@/i18n/load-language') };
  });
  return mods;
}

describe('loading a language', () => {
  it('translates once loaded; before, the other loaded language stands in, and with none the key', async () => {
    const { useT, load } = await fresh();
    expect(useT.translate('ar', 'nav.home')).toBe('nav.home');
    expect(useT.hasMessage('nav.home')).toBe(false);
    await load.loadLanguage('en');
    expect(useT.hasLanguage('ar')).toBe(false);
    expect(useT.translate('ar', 'nav.home')).toBe(en['nav.home']);
    expect(useT.hasMessage('nav.home')).toBe(true);
    await load.loadLanguage('ar');
    expect(useT.translate('ar', 'nav.home')).toBe(ar['nav.home']);
    expect(useT.translate('en', 'nav.home')).toBe(en['nav.home']);
  });

  it('loads each language once', async () => {
    const { load } = await fresh();
    const first = load.loadLanguage('ar');
    expect(load.loadLanguage('ar')).toBe(first);
    await first;
    // Here now: nothing is asked again.
    await expect(load.loadLanguage('ar')).resolves.toBeUndefined();
  });

  it("an area that loaded before the language joins it when it comes", async () => {
    const { useT, load } = await fresh();
    useT.addArea({ en: { 'area.test': 'Area' }, ar: { 'area.test': 'منطقة' } });
    await load.loadLanguage('ar');
    expect(useT.translate('ar', 'area.test' as never)).toBe('منطقة');
    await load.loadLanguage('en');
    expect(useT.translate('en', 'area.test' as never)).toBe('Area');
    // And one that loads after.
    useT.addArea({ en: { 'area.later': 'Later' }, ar: { 'area.later': 'لاحقًا' } });
    expect(useT.translate('ar', 'area.later' as never)).toBe('لاحقًا');
  });

  it('asks again after a failed load', async () => {
    let mods!: { useT: UseT; load: Load };
    let fail = true;
    await jest.isolateModulesAsync(async () => {
      jest.doMock('@/i18n/ar', () => {
        if (fail) throw new Error('network');
        return { ar };
      });
      mods = { useT: await import('@/i18n/use-t'), load: await import('@/i18n/load-language') };
    });
    await expect(mods.load.loadLanguage('ar')).rejects.toThrow('network');
    fail = false;
    await mods.load.loadLanguage('ar');
    expect(mods.useT.translate('ar', 'nav.home')).toBe(ar['nav.home']);
    jest.dontMock('@/i18n/ar');
  });
});

describe('the texts both languages show in Arabic', () => {
  it('are written alike in both dictionaries', () => {
    const shared = ['home.teacherName', 'home.qualification1', 'home.qualification2', 'home.qualification3', 'home.teacherMessage', 'home.logIn', 'home.gradesTitle', 'home.gradesSignedOut'] as const;
    for (const key of shared) expect([key, ar[key]]).toEqual([key, en[key]]);
  });
});
