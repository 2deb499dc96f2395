/**
 * The installable app (issue 44; docs/offline.md): the web app manifest and the service worker that
 * Workbox writes through vite-plugin-pwa (`generateSW`), as options for `VitePWA` in web/vite.config.mts.
 *
 * The worker precaches the build (shell, scripts, styles, fonts, images) and answers a few catalogue
 * reads network-first, the last answer kept for offline use and marked as such (`offlineMark`). It
 * registers from the app's code (web/src/features/pwa/lib/register.ts: no inline script, the CSP
 * stays `script-src 'self'`) and waits for the student's "reload" before it takes over (`prompt`).
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Plugin } from 'vite';
import type { ManifestOptions, VitePWAOptions } from 'vite-plugin-pwa';
import { API_CACHE_NAME } from '../src/features/pwa/lib/api-cache.ts';
import { compressFile } from './precompress.ts';

export { API_CACHE_NAME };

/** The logo's teal (Amplify's primary 80 in the light theme: components/icons.tsx LogoMark). */
export const BRAND_COLOR = '#047d95';
/** The page's background in each theme (the dark theme is the default one: public/preferences.js). */
export const THEME_COLORS = { dark: '#0d1a26', light: '#ffffff' } as const;

/** Drawn from the logo by scripts/make-app-icons.ts into web/public/icons (committed). */
export const ICONS = [
  { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
  { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
  { src: '/icons/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
] as const;

/** Arabic first: the product's own name (i18n/ar/common.ts appName), then its Latin one. */
export const MANIFEST = {
  id: '/',
  name: 'بيوسكوب — Bioscope',
  short_name: 'بيوسكوب',
  description: 'بيوسكوب: شرح الأحياء وحل الامتحانات والاختبارات لطلاب الثانوية العامة. Biology lectures and quizzes for secondary-school students.',
  lang: 'ar',
  dir: 'rtl',
  start_url: '/',
  scope: '/',
  display: 'standalone',
  orientation: 'any',
  theme_color: THEME_COLORS.dark,
  background_color: THEME_COLORS.dark,
  categories: ['education'],
  icons: [...ICONS],
} satisfies Partial<ManifestOptions>;

/**
 * The catalogue reads kept for offline use, by path (GET only, same origin): the courses, a
 * course's terms, a term's content (sections), a section's lectures, the student's own lectures,
 * the profile. Never a lecture's page (its videos carry signed URLs), playback, progress, keys,
 * payments or the wallet, /api/auth/*, /media/* (HLS playlists and segments included).
 */
export const CACHED_API_PATHS = [
  '/api/cours/all',
  '/api/cours/Term/{courseFor}/{courseId}',
  '/api/cours/content/{termId}',
  '/api/cours/lecture/{contentId}',
  '/api/AWS/get-purched',
  '/api/user/profile',
] as const;

/**
 * CACHED_API_PATHS as the worker matches a request's whole URL: one path segment per `{param}`,
 * any origin the page calls (the API is same-origin here and in AWS), and no query that signs
 * (CloudFront's or S3's signatures).
 */
export const CACHED_API_PATTERN = new RegExp(
  `^https?://[^/]+(?:${CACHED_API_PATHS.map((p) => p.replace(/\{\w+\}/g, '[^/?#]+')).join('|')})(?:\\?(?!.*(?:Signature|X-Amz-|Key-Pair-Id|Policy|token)=)[^#]*)?$`,
);

/** How long a catalogue read waits for the network before the kept answer is shown. */
export const API_NETWORK_TIMEOUT_SECONDS = 4;

/**
 * A Workbox plugin (copied into sw.js by its source: it may use nothing from outside itself).
 * Keeps only a 200 whose body names no signed URL, stamped with the time it was stored; a kept
 * answer given to the page carries `x-bioscope-offline: <that time>` (the app's notice reads it:
 * lib/offline-mark.ts).
 */
export const offlineMark = {
  cacheWillUpdate: async ({ response }: { response: Response }) => {
    if (response.status !== 200) return null;
    const body = await response.clone().text();
    if (/"signedUrl"|X-Amz-Signature|Key-Pair-Id=/.test(body)) return null;
    const headers = new Headers(response.headers);
    headers.set('x-bioscope-stored-at', new Date().toISOString());
    return new Response(body, { status: response.status, statusText: response.statusText, headers });
  },
  cachedResponseWillBeUsed: async ({ cachedResponse }: { cachedResponse?: Response }) => {
    if (!cachedResponse) return cachedResponse;
    const headers = new Headers(cachedResponse.headers);
    headers.set('x-bioscope-offline', headers.get('x-bioscope-stored-at') ?? new Date(0).toISOString());
    return new Response(await cachedResponse.blob(), { status: cachedResponse.status, statusText: cachedResponse.statusText, headers });
  },
};

/** Paths that are never the app's page: no navigation there gets the precached index.html. */
export const NOT_THE_APP = [/^\/api(\/|$)/, /^\/media\//, /^\/_local\//];

/** The worker's file, at the site's root so that it may control every page (the app registers this very URL: SERVICE_WORKER_URL). */
export const SERVICE_WORKER = 'sw.js';

export const pwaOptions = (): Partial<VitePWAOptions> => ({
  strategies: 'generateSW',
  filename: SERVICE_WORKER,
  scope: '/',
  registerType: 'prompt',
  // Registered from the app's code (no script injected into index.html: the CSP allows none inline).
  injectRegister: false,
  // After web/build/prerender.ts has written the pages' copies into index.html and preferences.js,
  // so the precache's revisions are those of the files served (both are `post`: the order of the plugins).
  integration: { closeBundleOrder: 'post' },
  manifest: MANIFEST,
  // The icons and the manifest are in the precache once: through globPatterns, and as vite-plugin-pwa adds the manifest itself.
  includeManifestIcons: false,
  workbox: {
    // The built files, not their .br/.gz twins (the server picks those itself) nor maps (moved out of
    // web/dist: build/source-maps.ts). Left out: the admin's screens and the video library (no use
    // offline: video is never kept) — a student's phone does not download them for nothing.
    globPatterns: ['**/*.{js,css,html,woff2,woff,png,svg,webp,ico,jpg}'],
    globIgnores: ['**/assets/admin-*', '**/assets/hls.*', '**/*.map'],
    sourcemap: false,
    cleanupOutdatedCaches: true,
    // The first worker takes the open page at once (nothing older to replace), so its reads are kept
    // from the first visit; a later version still waits for the student's reload (registerType).
    clientsClaim: true,
    // Every page is index.html (its prerendered copies choose themselves: public/preferences.js), as the server answers.
    navigateFallback: '/index.html',
    navigateFallbackDenylist: NOT_THE_APP,
    runtimeCaching: [
      {
        urlPattern: CACHED_API_PATTERN,
        method: 'GET',
        handler: 'NetworkFirst',
        options: {
          cacheName: API_CACHE_NAME,
          networkTimeoutSeconds: API_NETWORK_TIMEOUT_SECONDS,
          expiration: { maxEntries: 200, maxAgeSeconds: 30 * 86_400 },
          plugins: [offlineMark],
        },
      },
    ],
  },
});

/**
 * The worker's files are written after web/build/precompress.ts has run (vite-plugin-pwa writes them
 * as the build closes): their .br/.gz copies, so the local gateway sends them compressed too.
 */
export function compressServiceWorker(): Plugin {
  let outDir = '';
  return {
    name: 'bioscope:compress-service-worker',
    // After vite-plugin-pwa's own closing step (its plugins are `post` ones).
    enforce: 'post',
    apply: (_, env) => env.command === 'build' && !env.isSsrBuild,
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    closeBundle: {
      order: 'post',
      sequential: true,
      handler() {
        for (const name of fs.readdirSync(outDir)) if (/^(sw|workbox-[\w-]+)\.js$/.test(name)) compressFile(path.join(outDir, name));
      },
    },
  };
}
