import { fileURLToPath, URL } from 'node:url';
import { createTheme } from '@aws-amplify/ui';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { amplifyThemeContext } from './build/amplify-theme-context.ts';
import { precompress } from './build/precompress.ts';
import { publicRoutes } from './build/public-routes.ts';
import { compressServiceWorker, pwaOptions } from './build/pwa.ts';
import { prerenderPages } from './build/prerender.ts';
import { reactRuntime } from './build/react-runtime.ts';
import { screenModules } from './build/route-preload.ts';
import { sourceMapsAside } from './build/source-maps.ts';
import { bioscopeTheme } from './src/app/theme.ts';

const here = (p: string) => fileURLToPath(new URL(p, import.meta.url));

/**
 * `virtual:amplify-theme.css`: the design library's theme (app/theme.ts) turned into its CSS custom
 * properties at build time, the very text Amplify's ThemeProvider would inject at run time, so the
 * shell ships none of the library's token code in its JS (app/provider.tsx). In the build, the
 * per-component variables (`--amplify-components-<name>-…`) that no stylesheet reads and no script
 * names are dropped: the theme declares them for all ~60 components and we style about 15.
 */
function amplifyTheme(): Plugin {
  const id = 'virtual:amplify-theme.css';
  // A .css id without the \0 prefix, so Vite's CSS pipeline bundles and minifies it.
  const resolved = '/@amplify-theme/bioscope.css';
  const componentVar = /(?<=[{;])\s*(--amplify-components-[\w-]+)\s*:[^;{}]*;?/g;
  return {
    name: 'bioscope:amplify-theme',
    resolveId: (source) => (source === id ? resolved : undefined),
    load: (source) => (source === resolved ? createTheme(bioscopeTheme).cssText : undefined),
    generateBundle(_, bundle) {
      const files = Object.values(bundle);
      const scripts = files.flatMap((f) => (f.type === 'chunk' ? [f.code] : []));
      const sheets = files.filter((f) => f.type === 'asset' && f.fileName.endsWith('.css'));
      const named = new Set(scripts.flatMap((code) => code.match(/--amplify-components-[\w-]+/g) ?? []));
      // A variable removed may have been the only reader of another: repeat until nothing goes.
      for (let removed = true; removed; ) {
        removed = false;
        const read = new Set(named);
        for (const f of sheets) for (const [, name] of String(f.source).matchAll(/var\(\s*(--amplify-components-[\w-]+)/g)) read.add(name!);
        for (const f of sheets) {
          if (f.type !== 'asset') continue;
          const before = String(f.source);
          f.source = before.replace(componentVar, (decl, name: string) => (read.has(name) ? decl : ''));
          removed ||= f.source !== before;
        }
      }
    },
  };
}

/** Every `zod` import but the wrapper's own gets web/src/lib/zod-jitless.ts (zod set up for the CSP). */
function zodJitless(): Plugin {
  const wrapper = here('./src/lib/zod-jitless.ts');
  return {
    name: 'bioscope:zod-jitless',
    enforce: 'pre',
    resolveId: (source, importer) => (source === 'zod' && importer !== wrapper ? wrapper : undefined),
  };
}

export default defineConfig({
  root: here('.'),
  plugins: [
    zodJitless(),
    reactRuntime(),
    screenModules(here('./src')),
    react(),
    amplifyTheme(),
    amplifyThemeContext(bioscopeTheme),
    publicRoutes(),
    sourceMapsAside(here('./dist-maps')),
    precompress(),
    prerenderPages({ entry: here('./src/prerender.tsx'), configFile: here('./vite.config.mts'), srcDir: here('./src') }),
    // The manifest and the service worker (build/pwa.ts): after the prerender, which rewrites index.html.
    VitePWA(pwaOptions()),
    compressServiceWorker(),
  ],
  resolve: {
    alias: {
      '@': here('./src'),
      '@shared': here('../shared'),
    },
  },
  build: {
    outDir: here('./dist'),
    emptyOutDir: true,
    // For error reports only: no sourceMappingURL in the scripts, the maps moved to web/dist-maps.
    sourcemap: 'hidden',
    rolldownOptions: {
      // The build's slowest step is meant to be: brotli at its strongest over every file, once per
      // build (build/precompress.ts). Rolldown's notice of slow plugins would name it at each build.
      checks: { bundlerTimings: false },
      output: {
        // The catalogue's small modules that several screens share (its endpoints and helpers, the
        // breadcrumbs, the term and course lists, the video constants) come as one file: left to
        // the bundler, each set of screens sharing them got its own chunk of a few hundred bytes,
        // and a lecture's screen came in nine files (terms in seven). On a phone's link each
        // request holds its share of the bandwidth for a round trip or two however small it is
        // (Lighthouse's LCP on /lec: 2.05–2.13 s -> 1.97–2.02 s). Only these modules, not what
        // they import (that stays where the bundler puts it: the entry, the API chunk).
        codeSplitting: {
          groups: [
            {
              name: 'catalogue-reading',
              test: /[\\/]web[\\/]src[\\/](features[\\/]catalogue[\\/](lib|api)[\\/]|components[\\/]breadcrumbs\.|lib[\\/]endpoints[\\/]list-(terms|courses)\.)|[\\/]shared[\\/]video\.ts$/,
              minShareCount: 2,
              maxModuleSize: 4000,
              includeDependenciesRecursively: false,
            },
          ],
        },
      },
    },
  },
  // The local gateway serves the API on the same origin; in `vite dev` forward /api to it.
  server: { proxy: { '/api': 'http://localhost:3000' } },
});
