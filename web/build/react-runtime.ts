/**
 * The browser runs React 19 and react-dom, as do the prerender (web/build/prerender.ts, with
 * react-dom/server) and the component tests. The build fails if a `preact` module gets into the
 * browser's bundle (the app was once built on Preact's React layer; test/e2e/browser-bundle.test.ts
 * reads the built scripts too).
 *
 * react-router ships its development build as its only export; its production build (the same code
 * with its development warnings off) is what the browser and the prerender get.
 */
import { createRequire } from 'node:module';
import path from 'node:path';
import type { Plugin } from 'vite';
import { chunksHolding, keepOutOfBrowserBundle } from './bundle-guard.ts';

const require = createRequire(import.meta.url);

/** react-router's production build, beside the development one its package.json exports. */
export const reactRouterProduction = (): string =>
  path.join(path.dirname(require.resolve('react-router/package.json')), 'dist/production/index.mjs');

const PREACT = /[\\/]node_modules[\\/]preact(-render-to-string)?[\\/]/;

/** The browser chunks that carry a preact module (none may). */
export const chunksWithPreact = (bundle: Parameters<typeof chunksHolding>[0]): string[] => chunksHolding(bundle, PREACT);

/**
 * For the browser's build and the prerender's Node build alike. The Node build bundles its
 * libraries, so the prerendered pages are rendered by the same modules (react-router's production
 * build) that hydrate them.
 */
export function reactRuntime(): Plugin {
  return {
    name: 'bioscope:react-runtime',
    enforce: 'pre',
    config: () => ({ resolve: { alias: [{ find: /^react-router$/, replacement: reactRouterProduction() }] }, ssr: { noExternal: true } }),
    ...keepOutOfBrowserBundle(PREACT, (chunks) => `react-runtime: a preact module is in the browser's bundle (${chunks.join(', ')}): the app runs on React`),
  };
}
