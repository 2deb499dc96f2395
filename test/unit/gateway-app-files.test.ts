/**
 * Issue 44: the installable app's own files from the local gateway, as CloudFront sends them
 * (infra/stacks/site-stack.ts): the service worker and the manifest are revalidated at every visit
 * (`no-cache`: a new version reaches the students at once), the manifest with its own type.
 */
import fs from 'node:fs';
import path from 'node:path';
import { scratchDir } from '../support/scratch';
import { staticGateway } from '../support/static-gateway';

const dist = scratchDir('bioscope-app-files-');
let base: string;
let close: () => Promise<void>;
beforeAll(async () => {
  fs.mkdirSync(path.join(dist, 'assets'));
  fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>x</title>');
  fs.writeFileSync(path.join(dist, 'sw.js'), 'self.skipWaiting;');
  fs.writeFileSync(path.join(dist, 'workbox-e4022e15.js'), 'define([], () => {});');
  fs.writeFileSync(path.join(dist, 'manifest.webmanifest'), '{"name":"بيوسكوب — Bioscope"}');
  ({ base, close } = await staticGateway(dist));
});
afterAll(() => close());

it('sends the service worker, its Workbox runtime and the manifest with no-cache, the manifest as application/manifest+json', async () => {
  const heads = await Promise.all(
    ['/sw.js', '/workbox-e4022e15.js', '/manifest.webmanifest'].map(async (p) => {
      const r = await fetch(base + p);
      return { p, status: r.status, type: r.headers.get('content-type'), cache: r.headers.get('cache-control') };
    }),
  );
  expect(heads).toEqual([
    { p: '/sw.js', status: 200, type: 'text/javascript; charset=utf-8', cache: 'no-cache' },
    { p: '/workbox-e4022e15.js', status: 200, type: 'text/javascript; charset=utf-8', cache: 'no-cache' },
    { p: '/manifest.webmanifest', status: 200, type: 'application/manifest+json', cache: 'no-cache' },
  ]);
});
