/**
 * Prerenders the pages of web/src/prerender.tsx (PRERENDERED: the home page and the login form) at
 * build time, and writes into preferences.js each route's chunks to preload and the data a page asks
 * for first (web/build/route-preload.ts: preloadScript, earlyDataScript):
 * after the client build, builds `entry` for Node with the same config, renders each page in each
 * interface language and theme and writes the copies into the built index.html's `#root`, so they paint with no
 * JavaScript (issue 14). The page's CSP allows no inline script: the copies are plain HTML;
 * public/preferences.js (an external file, run before the first paint) names in <html data-copy> the
 * page the address shows, so that styles/global.css shows only that page's copy in the stored
 * language and theme (every client route gets this same index.html, locally and from CloudFront), and
 * none for a stored session. React then hydrates that copy (main.tsx loads its screens before its
 * first render; web/src/lib/prerender-takeover.ts drops the other copies and undoes the marks).
 */
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { build, type Plugin } from 'vite';
import { compressFile } from './precompress.ts';
import { type Copy, injectPrerender } from './prerender-html.ts';
import { chunkFiles, earlyDataScript, type EarlyRequest, preloadScript, routeFiles, type RouteModules } from './route-preload.ts';

export function prerenderPages({ entry, configFile, srcDir }: { entry: string; configFile: string; srcDir: string }): Plugin {
  let outDir = '';
  let cacheDir = '';
  let base = '/';
  let apiBase = '';
  let files = new Map<string, string[]>();
  return {
    name: 'bioscope:prerender-pages',
    apply: (_, env) => env.command === 'build' && !env.isSsrBuild,
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
      cacheDir = config.cacheDir;
      base = config.base;
      // As web/src/config/env.ts reads it: the API's base URL, '' when same-origin.
      apiBase = String(config.env.VITE_API_BASE_URL ?? '').replace(/\/+$/, '');
    },
    // The client bundle's chunk graph as written: which files each lazy screen needs (web/build/route-preload.ts).
    // Not generateBundle: Vite's CSS plugin drops the chunks that only held CSS after it (a preload of one 404s).
    writeBundle(_, bundle) {
      files = chunkFiles(bundle as Parameters<typeof chunkFiles>[0], srcDir, base);
    },
    closeBundle: {
      order: 'post',
      sequential: true,
      async handler() {
        // Under node_modules (Vite's cache), so the Node build's bare imports (react …) resolve.
        fs.mkdirSync(cacheDir, { recursive: true });
        const tmp = fs.mkdtempSync(path.join(cacheDir, 'prerender-'));
        try {
          await build({
            configFile,
            logLevel: 'warn',
            build: { ssr: entry, outDir: tmp, emptyOutDir: true, sourcemap: false, rollupOptions: { output: { entryFileNames: 'prerender.mjs' } } },
          });
          const { renderPage, routeModules, earlyRequests, PRERENDERED, LANGUAGES, THEMES } = (await import(pathToFileURL(path.join(tmp, 'prerender.mjs')).href)) as {
            renderPage: (page: string, l: Copy['language'], theme: Copy['theme']) => Promise<string>;
            routeModules: () => RouteModules[];
            earlyRequests: () => EarlyRequest[];
            PRERENDERED: Record<string, string>;
            LANGUAGES: Copy['language'][];
            THEMES: Copy['theme'][];
          };
          const index = path.join(outDir, 'index.html');
          const copies: Copy[] = [];
          for (const page of Object.keys(PRERENDERED))
            for (const language of LANGUAGES) for (const theme of THEMES) copies.push({ page, language, theme, html: await renderPage(page, language, theme) });
          fs.writeFileSync(index, injectPrerender(fs.readFileSync(index, 'utf8'), copies));
          compressFile(index);
          // The page opened fetches its screen's chunks beside the entry: preferences.js runs first on every page.
          const table = routeFiles(routeModules(), files);
          if (!table.length) throw new Error('route-preload: no route has a lazy screen with files (screen-modules plugin missing?)');
          const missing = [...new Set(table.flatMap(([, f]) => f))].filter((f) => !fs.existsSync(path.join(outDir, f.slice(base.length))));
          if (missing.length) throw new Error(`route-preload: the table names files the build did not write: ${missing.join(', ')}`);
          // Each interface language's texts, a chunk of their own (web/src/i18n/load-language.ts).
          const languages = Object.fromEntries(
            LANGUAGES.map((l) => {
              const own = files.get(`i18n/${l}.ts`);
              if (!own?.length) throw new Error(`route-preload: no chunk of its own holds i18n/${l}.ts (is it imported statically somewhere?)`);
              return [l, own];
            }),
          );
          const preferences = path.join(outDir, 'preferences.js');
          fs.appendFileSync(preferences, preloadScript(table, languages) + earlyDataScript(earlyRequests(), apiBase));
          compressFile(preferences);
        } finally {
          fs.rmSync(tmp, { recursive: true, force: true });
        }
      },
    },
  };
}
