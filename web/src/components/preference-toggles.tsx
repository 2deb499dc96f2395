import { useDispatch, useSelector } from 'react-redux';
import { MoonIcon, SunIcon } from '@/components/icons';
import { loadLanguage } from '@/i18n/load-language';
import { hasLanguage, useT } from '@/i18n/use-t';
import { selectLanguage, setLanguage } from '@/stores/language-slice';
import { selectTheme, toggleTheme } from '@/stores/theme-slice';

/** Theme and language switches, shown in the top navigation, the admin bar and the auth pages. */
export function PreferenceToggles() {
  const t = useT();
  const dispatch = useDispatch();
  const theme = useSelector(selectTheme);
  const language = useSelector(selectLanguage);
  return (
    <div className="toggles">
      <button
        type="button"
        className="icon-button"
        onClick={() => dispatch(toggleTheme())}
        aria-label={theme === 'dark' ? t('theme.toLight') : t('theme.toDark')}
        title={theme === 'dark' ? t('theme.toLight') : t('theme.toDark')}
        data-testid="theme-toggle"
      >
        {theme === 'dark' ? <SunIcon /> : <MoonIcon />}
      </button>
      <button
        type="button"
        className="chip-button"
        // The other language's texts load first when the page has not had them (one small file),
        // then the page switches at once.
        onClick={() => {
          const next = language === 'ar' ? 'en' : 'ar';
          const toNext = () => dispatch(setLanguage(next));
          if (hasLanguage(next)) toNext();
          else void loadLanguage(next).then(toNext, toNext);
        }}
        aria-label={t('language.switchLabel')}
        lang={language === 'ar' ? 'en' : 'ar'}
        data-testid="language-toggle"
      >
        {t('language.switch')}
      </button>
    </div>
  );
}
