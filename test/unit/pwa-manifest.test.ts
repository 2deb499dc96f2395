/**
 * The installable app (issue 44): the manifest's fields, its icons on disk, the page's theme
 * colours, and what the service worker keeps for offline use (web/build/pwa.ts).
 */
import fs from 'node:fs';
import path from 'node:path';
import { API_CACHE_NAME, CACHED_API_PATTERN, MANIFEST, NOT_THE_APP, offlineMark, pwaOptions, SERVICE_WORKER } from '../../web/build/pwa';
import { SERVICE_WORKER_URL } from '../../web/src/features/pwa/lib/register';

const web = path.resolve(__dirname, '../../web');

/** A PNG's width and height, from its IHDR chunk. */
const pngSize = (file: string) => {
  const b = fs.readFileSync(file);
  expect(b.subarray(1, 4).toString('latin1')).toBe('PNG');
  return `${b.readUInt32BE(16)}x${b.readUInt32BE(20)}`;
};

describe('the web app manifest', () => {
  it('names the app in Arabic first, right to left, standalone, over the whole site', () => {
    expect(MANIFEST).toMatchObject({
      name: 'بيوسكوب — Bioscope',
      short_name: 'بيوسكوب',
      lang: 'ar',
      dir: 'rtl',
      start_url: '/',
      scope: '/',
      display: 'standalone',
      theme_color: '#0d1a26',
      background_color: '#0d1a26',
    });
    expect(pwaOptions().manifest).toBe(MANIFEST);
  });

  it('has icons of 192 and 512 pixels and a maskable 512, each a PNG of that size in web/public', () => {
    expect(MANIFEST.icons.map((i) => `${i.sizes} ${i.purpose}`)).toEqual(['192x192 any', '512x512 any', '512x512 maskable']);
    for (const icon of MANIFEST.icons) {
      expect(icon.type).toBe('image/png');
      expect(pngSize(path.join(web, 'public', icon.src))).toBe(icon.sizes);
    }
  });

  it('the page gives the browser a theme colour for the dark and the light theme', () => {
    const html = fs.readFileSync(path.join(web, 'index.html'), 'utf8');
    expect(html).toContain('<meta name="theme-color" content="#0d1a26" media="(prefers-color-scheme: dark)" />');
    expect(html).toContain('<meta name="theme-color" content="#ffffff" media="(prefers-color-scheme: light)" />');
    // Linked by vite-plugin-pwa at build time, not by hand; no inline script either (the CSP).
    expect(html).not.toMatch(/<script(?![^>]*\bsrc=)[^>]*>/);
  });
});

describe('the service worker', () => {
  const options = pwaOptions();

  it('is made by Workbox, registered by the app itself, and waits for the student to reload', () => {
    expect(options).toMatchObject({ strategies: 'generateSW', registerType: 'prompt', injectRegister: false, filename: 'sw.js', scope: '/' });
    expect(SERVICE_WORKER_URL).toBe(`/${SERVICE_WORKER}`);
    expect(options.workbox).toMatchObject({ navigateFallback: '/index.html', sourcemap: false });
    expect(options.workbox?.globPatterns).toEqual(['**/*.{js,css,html,woff2,woff,png,svg,webp,ico,jpg}']);
  });

  it('never answers a navigation to the API, media or the local pages with the app', () => {
    const fallsBack = (p: string) => !NOT_THE_APP.some((r) => r.test(p));
    expect(['/', '/profile', '/auth/login', '/term', '/lec/1'].filter(fallsBack)).toEqual(['/', '/profile', '/auth/login', '/term', '/lec/1']);
    expect(['/api/user/profile', '/api', '/media/hls/a/master.m3u8', '/_local/outbox'].filter(fallsBack)).toEqual([]);
  });

  it('keeps the catalogue reads network-first with a short timeout', () => {
    expect(options.workbox?.runtimeCaching).toEqual([
      expect.objectContaining({ urlPattern: CACHED_API_PATTERN, method: 'GET', handler: 'NetworkFirst', options: expect.objectContaining({ cacheName: API_CACHE_NAME, networkTimeoutSeconds: 4, plugins: [offlineMark] }) }),
    ]);
    const o = 'http://localhost:4630';
    const kept = ['/api/cours/all', '/api/cours/Term/general/c1', '/api/cours/content/t1', '/api/cours/lecture/s1', '/api/AWS/get-purched', '/api/user/profile', '/api/cours/all?page=2'];
    expect(kept.filter((p) => !CACHED_API_PATTERN.test(o + p))).toEqual([]);
  });

  it('never keeps auth, a lecture with its videos, playback, progress, keys, payments, the wallet, media or a signed query', () => {
    const o = 'http://localhost:4630';
    const never = [
      '/api/auth/login',
      '/api/auth/devices',
      '/api/cours/lectureaaa/l1',
      '/api/v/lecture/l1',
      '/api/AWS/get-signed-url',
      '/api/AWS/media-keys/a1',
      '/api/wallet',
      '/api/payments/sales',
      '/api/user/notifications',
      '/api/cours/bundle/t1',
      '/media/hls/a1/master.m3u8',
      '/media/hls/a1/360p/seg-1.ts',
      '/api/cours/all?Signature=x',
      '/api/cours/all?X-Amz-Signature=x',
      '/api/cours/all/extra',
    ];
    expect(never.filter((p) => CACHED_API_PATTERN.test(o + p))).toEqual([]);
  });
});

describe('the offline mark (a Workbox plugin copied into sw.js by its source)', () => {
  // Rebuilt from its source text, as Workbox writes it into sw.js: it must use nothing from outside itself.
  const plugin = new Function(`return ({ cacheWillUpdate: ${offlineMark.cacheWillUpdate.toString()}, cachedResponseWillBeUsed: ${offlineMark.cachedResponseWillBeUsed.toString()} })`)() as typeof offlineMark;

  it('stamps a kept answer with the time it was stored, and a kept answer given back says so', async () => {
    const before = Date.now();
    const stored = await plugin.cacheWillUpdate({ response: new Response('{"data":[]}', { status: 200, headers: { 'content-type': 'application/json' } }) });
    const at = stored!.headers.get('x-bioscope-stored-at')!;
    expect(Date.parse(at)).toBeGreaterThanOrEqual(before);
    const served = await plugin.cachedResponseWillBeUsed({ cachedResponse: stored! });
    expect(served!.headers.get('x-bioscope-offline')).toBe(at);
    expect(served!.headers.get('content-type')).toBe('application/json');
    expect(await served!.text()).toBe('{"data":[]}');
    expect(await plugin.cachedResponseWillBeUsed({ cachedResponse: undefined })).toBeUndefined();
  });

  it('keeps no error and no answer that names a signed URL', async () => {
    expect(await plugin.cacheWillUpdate({ response: new Response('{}', { status: 401 }) })).toBeNull();
    expect(await plugin.cacheWillUpdate({ response: new Response('{"signedUrl":"https://x/y?Signature=1"}', { status: 200 }) })).toBeNull();
  });
});
