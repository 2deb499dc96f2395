/**
 * The browser runs the app on Preact through its React compatibility layer (preact/compat): the
 * code is written against React's API and types (react-router, react-redux, react-hook-form and
 * Amplify UI use it too), and the build points each `react*` import at Preact's counterpart. That
 * takes react-dom's ~60 KB gzip (and its 150–220 ms evaluation on a cheap phone) out of every page's
 * first load. The prerender (web/build/prerender.ts) renders with the same runtime, and so do the
 * component tests (jest.config.js maps the same names: test/web/preact-runtime.test.ts holds the two
 * together); the build fails if react-dom gets into the browser's bundle (`chunksWithReactDom`).
 *
 * react-router ships its development build as its only export; its production build (the same code
 * with its development warnings off) is what the browser gets.
 */
import { createRequire } from 'node:module';
import path from 'node:path';
import type { Plugin } from 'vite';
import { chunksHolding, keepOutOfBrowserBundle } from './bundle-guard.ts';

const require = createRequire(import.meta.url);

/** Each React module name the app or its libraries import, and the Preact module that replaces it. */
export const PREACT_MODULES: Readonly<Record<string, string>> = {
  react: 'preact/compat',
  'react-dom': 'preact/compat',
  'react-dom/client': 'preact/compat/client',
  'react-dom/server': 'preact/compat/server',
  'react-dom/test-utils': 'preact/test-utils',
  'react/jsx-runtime': 'preact/compat/jsx-runtime',
  'react/jsx-dev-runtime': 'preact/compat/jsx-dev-runtime',
};

/** react-router's production build, beside the development one its package.json exports. */
export const reactRouterProduction = (): string =>
  path.join(path.dirname(require.resolve('react-router/package.json')), 'dist/production/index.mjs');

/** Vite's aliases: exact module names only, so `react-redux` or `react-router` are not caught by `react`. */
export const preactAliases = () => [
  ...Object.entries(PREACT_MODULES).map(([find, replacement]) => ({ find: exact(find), replacement })),
  { find: exact('react-router'), replacement: reactRouterProduction() },
];

const exact = (name: string) => new RegExp(`^${name.replace(/[/-]/g, '\\$&')}$`);

const REACT_DOM = /[\\/]node_modules[\\/]react-dom[\\/]/;

/** The browser chunks that carry react-dom's own code (none may: the alias above replaces it). */
export const chunksWithReactDom = (bundle: Parameters<typeof chunksHolding>[0]): string[] => chunksHolding(bundle, REACT_DOM);

/**
 * The aliases for the browser's build and the prerender's Node build alike. The Node build bundles
 * its libraries (rather than loading them from node_modules at run time, where those that import
 * React would get React itself), so the prerendered pages are rendered by the runtime that takes
 * them over.
 */
export function preactRuntime(): Plugin {
  return {
    name: 'bioscope:preact-runtime',
    enforce: 'pre',
    config: () => ({ resolve: { alias: preactAliases() }, ssr: { noExternal: true } }),
    // react-router reads React's useOptimistic where there is one (React 19) and does without it here.
    onLog: (_, log) => !(log.code === 'IMPORT_IS_UNDEFINED' && log.message.includes('useOptimistic')),
    ...keepOutOfBrowserBundle(
      REACT_DOM,
      (chunks) => `preact-runtime: react-dom is in the browser's bundle (${chunks.join(', ')}): import it as 'react-dom' or 'react-dom/client', which the build points at preact/compat`,
    ),
  };
}
