import { createTheme, isDesignToken, type Theme } from '@aws-amplify/ui';
import type { Plugin } from 'vite';

/**
 * Amplify's theme context without building a theme in the browser. The library's ThemeContext
 * module calls `createTheme()` as it loads, for a default the app never paints (its colours come
 * from virtual:amplify-theme.css, built by web/vite.config.mts): about 25 ms on a desktop, four
 * times that on a cheap phone, in the task that takes over the login page. The primitives read only
 * the theme's breakpoints and which token names exist (a style prop such as `gap="small"` becomes
 * `var(--amplify-space-small)`), so the build writes exactly those, taken from the same theme
 * (app/theme.ts, passed by web/vite.config.mts).
 */
export function amplifyThemeContext(theme: Theme): Plugin {
  const context = /[\\/]@aws-amplify[\\/]ui-react[\\/]dist[\\/]esm[\\/]components[\\/]ThemeProvider[\\/]ThemeContext\.mjs$/;
  const hook = /[\\/]@aws-amplify[\\/]ui-react[\\/]dist[\\/]esm[\\/]hooks[\\/]useTheme\.mjs$/;
  const shape = (node: unknown): unknown =>
    isDesignToken(node)
      ? 0
      : node && typeof node === 'object'
        ? Object.fromEntries(Object.entries(node).filter(([k]) => k !== 'components').map(([k, v]) => [k, shape(v)]))
        : node;
  return {
    name: 'bioscope:amplify-theme-context',
    enforce: 'pre',
    load(id) {
      const file = id.split('?')[0]!;
      // useTheme falls back to a fresh createTheme() without a context; there always is one here, so
      // neither the library's default tokens nor its theme builder ship.
      if (hook.test(file))
        return `import * as React from 'react';\nimport { ThemeContext } from '../components/ThemeProvider/ThemeContext.mjs';\nconst getThemeFromContext = (context) => context.theme;\nconst useTheme = () => React.useContext(ThemeContext).theme;\nconst useColorMode = () => React.useContext(ThemeContext).colorMode;\nexport { getThemeFromContext, useColorMode, useTheme };\n`;
      if (!context.test(file)) return undefined;
      const { name, breakpoints, tokens } = createTheme(theme);
      // Each token a 0 in the text, read back as a token with no value (isDesignToken: has `value`).
      const names = JSON.stringify(JSON.stringify(shape(tokens)));
      const value = `{ name: ${JSON.stringify(name)}, breakpoints: ${JSON.stringify(breakpoints)}, tokens: JSON.parse(${names}, (_, v) => (v === 0 ? { value: null } : v)) }`;
      return `import * as React from 'react';\nconst ThemeContext = React.createContext({ theme: ${value}, colorMode: undefined });\nexport { ThemeContext };\n`;
    },
  };
}
