/**
 * Issue 44: the installable app's own files from the local gateway, as CloudFront sends them
 * (infra/stacks/site-stack.ts): the service worker and the manifest are revalidated at every visit
 * (`no-cache`: a new version reaches the students at once), the manifest with its own type.
 */
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { scratchDir } from '../support/scratch';

const dist = scratchDir('bioscope-app-files-');
let server: http.Server;
let base: string;
beforeAll(async () => {
  fs.mkdirSync(path.join(dist, 'assets'));
  fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>x</title>');
  fs.writeFileSync(path.join(dist, 'sw.js'), 'self.skipWaiting;');
  fs.writeFileSync(path.join(dist, 'workbox-e4022e15.js'), 'define([], () => {});');
  fs.writeFileSync(path.join(dist, 'manifest.webmanifest'), '{"name":"بيوسكوب — Bioscope"}');
  const { createGateway } = await import('../../infra/local/gateway');
  server = createGateway({
    port: 0, host: '127.0.0.1', webDist: dist, localRoutes: [], isAdmin: async () => false,
    media: { endpoint: 'http://127.0.0.1:1', bucket: 'none', credentials: { accessKeyId: 'none', secretAccessKey: 'none' } },
    auth: { issuer: 'http://127.0.0.1:1', audience: [], jwksUrl: 'http://127.0.0.1:1/jwks' },
    loadDomain: () => Promise.reject(new Error('no API here')),
  });
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((ok) => server.close(() => ok())));

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
