import { DirectionProvider } from '@radix-ui/react-direction';
import { useEffect, type ReactNode } from 'react';
import { Provider, useSelector } from 'react-redux';
import { selectLanguage } from '@/stores/language-slice';
import { selectTheme } from '@/stores/theme-slice';
import type { AppStore } from './store';
import { THEME_NAME } from './theme';

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

  // What Amplify's ThemeProvider renders, with its theme's CSS built ahead (main.tsx imports
  // virtual:amplify-theme.css, made from app/theme.ts by web/vite.config.mts), so the shell ships
  // none of the library's token code. Its primitives find the same tokens as CSS variables.
  return (
    <DirectionProvider dir={dir}>
      <div data-amplify-theme={THEME_NAME} data-amplify-color-mode={mode} dir={dir}>
        {children}
      </div>
    </DirectionProvider>
  );
}

export function AppProvider({ store, children }: { store: AppStore; children: ReactNode }) {
  return (
    <Provider store={store}>
      <Preferences>{children}</Preferences>
    </Provider>
  );
}
