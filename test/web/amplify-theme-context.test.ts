/**
 * Issue 14: Amplify's theme context is written at build time (web/build/amplify-theme-context.ts), so
 * the browser never runs createTheme(). What the primitives read of it must be what the library's own
 * context would hold: the breakpoints, and a design token at every name of the app's theme.
 */
import { createTheme, isDesignToken } from '@aws-amplify/ui';
import type { Plugin } from 'vite';
import { amplifyThemeContext } from '../../web/build/amplify-theme-context';
import { bioscopeTheme } from '@/app/theme';

const library = '/app/node_modules/@aws-amplify/ui-react/dist/esm';
const load = (plugin: Plugin, id: string) => (plugin.load as (id: string) => string | undefined)(id);

/** Runs a module the plugin wrote, with a React whose createContext hands back its default value. */
function contextValue(code: string): { theme: { name: string; breakpoints: unknown; tokens: Record<string, unknown> }; colorMode: unknown } {
  const body = code.replace("import * as React from 'react';", '').replace(/export \{[^}]*\};?/, 'return ThemeContext;');
  return new Function('React', body)({ createContext: (value: unknown) => value });
}

/** Every path to a design token, below `node`. */
function tokenPaths(node: unknown, at: string[] = []): string[] {
  if (isDesignToken(node)) return [at.join('.')];
  if (!node || typeof node !== 'object') return [];
  return Object.entries(node).flatMap(([k, v]) => (at.length === 0 && k === 'components' ? [] : tokenPaths(v, [...at, k])));
}

describe("Amplify's theme context, built ahead", () => {
  const plugin = amplifyThemeContext(bioscopeTheme);
  const real = createTheme(bioscopeTheme);

  it("holds the app theme's name, breakpoints and a token at each of its token names", () => {
    const value = contextValue(load(plugin, `${library}/components/ThemeProvider/ThemeContext.mjs`)!);
    expect(value.colorMode).toBeUndefined();
    expect(value.theme.name).toBe(real.name);
    expect(value.theme.breakpoints).toEqual(real.breakpoints);
    const built = tokenPaths(value.theme.tokens);
    expect(built.length).toBeGreaterThan(150);
    expect(built.sort()).toEqual(tokenPaths(real.tokens).sort());
    expect(built).toContain('space.small');
  });

  it('gives useTheme the context without the fallback that builds a theme, and leaves every other module alone', () => {
    const hook = load(plugin, `${library}/hooks/useTheme.mjs`)!;
    expect(hook).toContain('ThemeContext');
    expect(hook).not.toMatch(/createTheme|@aws-amplify\/ui'/);
    expect(load(plugin, `${library}/primitives/View/View.mjs`)).toBeUndefined();
    expect(load(plugin, '/app/web/src/hooks/useTheme.mjs')).toBeUndefined();
  });
});
