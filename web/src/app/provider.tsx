import { ThemeProvider } from '@aws-amplify/ui-react';
import { useEffect, type ReactNode } from 'react';
import { Provider, useSelector } from 'react-redux';
import { selectLanguage } from '@/stores/language-slice';
import { selectTheme } from '@/stores/theme-slice';
import type { AppStore } from './store';
import { bioscopeTheme } from './theme';

/** Colour mode and direction follow the preferences; Arabic turns the whole document RTL. */
function Preferences({ children }: { children: ReactNode }) {
  const mode = useSelector(selectTheme);
  const language = useSelector(selectLanguage);
  const dir = language === 'ar' ? 'rtl' : 'ltr';

  useEffect(() => {
    const root = document.documentElement;
    root.lang = language;
    root.dir = dir;
    document.dir = dir;
  }, [language, dir]);

  useEffect(() => {
    document.documentElement.dataset.theme = mode;
    document.documentElement.style.colorScheme = mode;
  }, [mode]);

  return (
    <ThemeProvider theme={bioscopeTheme} colorMode={mode} direction={dir}>
      {children}
    </ThemeProvider>
  );
}

export function AppProvider({ store, children }: { store: AppStore; children: ReactNode }) {
  return (
    <Provider store={store}>
      <Preferences>{children}</Preferences>
    </Provider>
  );
}
