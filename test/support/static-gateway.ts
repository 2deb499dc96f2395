/**
 * The local gateway (infra/local/gateway.ts) over a small web build of a test's own, with no API, media or
 * sign-in behind it: how a test reads the headers and bodies the gateway sends for web files without
 * depending on web/dist.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export async function staticGateway(webDist: string): Promise<{ base: string; close: () => Promise<void> }> {
  const { createGateway } = await import('../../infra/local/gateway');
  const server = createGateway({
    port: 0, host: '127.0.0.1', webDist, localRoutes: [], isAdmin: async () => false,
    media: { endpoint: 'http://127.0.0.1:1', bucket: 'none', credentials: { accessKeyId: 'none', secretAccessKey: 'none' } },
    auth: { issuer: 'http://127.0.0.1:1', audience: [], jwksUrl: 'http://127.0.0.1:1/jwks' },
    loadDomain: () => Promise.reject(new Error('no API here')),
  });
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
  return {
    base: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise<void>((ok) => (server as http.Server).close(() => ok())),
  };
}
