/**
 * The local stand-in for API Gateway + CloudFront: one HTTP server that serves /api/* from the
 * route table (JWT verified as the authorizer would, then the domain's Lambda handler — the very
 * module CDK deploys — is invoked with an APIGatewayProxyEventV2), /media/images/* from the media
 * bucket, the local pages under /_local/*, and the built web app with SPA fallback.
 */
import type { APIGatewayProxyEventV2, APIGatewayProxyResultV2, Context } from 'aws-lambda';
import fs from 'node:fs';
import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import path from 'node:path';
import { type Domain, matchRoute } from '../../shared/routes';
import { lambdaContext, toLambdaEvent, writeLambdaResult } from './lambda-event';
import { jwtAuthorizer } from './jwt';

export type LambdaHandler = (event: APIGatewayProxyEventV2, context: Context) => Promise<APIGatewayProxyResultV2>;

/** A page or endpoint of the local platform only (outbox, payment sandbox, Google stand-in). */
export interface LocalRoute {
  method: string;
  /** Exact path, or a prefix ending in '/'. */
  path: string;
  handle: (req: IncomingMessage, res: ServerResponse, url: URL, body: Buffer) => Promise<void> | void;
}

export interface GatewayOptions {
  port: number;
  host: string;
  /** As API Gateway's JWT authorizer: the pool's issuer, its app clients as audiences. */
  auth: { issuer: string; audience: string[]; jwksUrl: string };
  loadDomain: (domain: Domain) => Promise<LambdaHandler>;
  webDist: string;
  /** Base URL of the media bucket (path style), for /media/images/*. */
  mediaOrigin: string;
  localRoutes: LocalRoute[];
}

const MAX_BODY = 10 * 1024 * 1024; // API Gateway's payload limit
const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.webm': 'video/webm',
  '.mp4': 'video/mp4',
  '.txt': 'text/plain; charset=utf-8',
};

export const sendJson = (res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) => {
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', ...headers });
  res.end(JSON.stringify(body));
};

async function readBody(req: IncomingMessage): Promise<Buffer | undefined> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const c of req) {
    size += (c as Buffer).length;
    if (size > MAX_BODY) return undefined;
    chunks.push(c as Buffer);
  }
  return Buffer.concat(chunks);
}

export function createGateway(opts: GatewayOptions): http.Server {
  const verify = jwtAuthorizer(opts.auth);

  async function api(req: IncomingMessage, res: ServerResponse, url: URL, body: Buffer) {
    const m = matchRoute(req.method ?? 'GET', url.pathname);
    if (!m) return sendJson(res, 404, { message: `No route ${req.method} ${url.pathname}` });
    let claims: Record<string, unknown> | undefined;
    if (m.route.access !== 'public') {
      const auth = await verify(req.headers.authorization);
      if ('error' in auth) return sendJson(res, 401, { message: auth.error });
      claims = auth.claims as Record<string, unknown>;
    }
    const handler = await opts.loadDomain(m.route.domain);
    const event = toLambdaEvent(req, url, body, { routeKey: m.route.id, pathParameters: m.params }, claims);
    writeLambdaResult(res, await handler(event, lambdaContext(`bioscope-${m.route.domain}`)));
  }

  async function media(req: IncomingMessage, res: ServerResponse, url: URL) {
    const key = url.pathname.slice('/media/'.length);
    // Like CloudFront: images are public, videos need a signed URL (issued by the lecture routes).
    if (!key.startsWith('images/') || key.includes('..')) return sendJson(res, 403, { message: 'Forbidden' });
    const upstream = await fetch(`${opts.mediaOrigin}/${key}`, { method: req.method, headers: req.headers.range ? { range: req.headers.range } : {} });
    const headers: Record<string, string> = { 'cache-control': 'public, max-age=86400' };
    for (const h of ['content-type', 'content-length', 'content-range', 'accept-ranges', 'etag', 'last-modified']) {
      const v = upstream.headers.get(h);
      if (v) headers[h] = v;
    }
    res.writeHead(upstream.status === 403 ? 404 : upstream.status, headers);
    res.end(Buffer.from(await upstream.arrayBuffer()));
  }

  function web(req: IncomingMessage, res: ServerResponse, url: URL) {
    const root = opts.webDist;
    let decoded: string;
    try {
      decoded = decodeURIComponent(url.pathname);
    } catch {
      return sendJson(res, 400, { message: 'Malformed path' });
    }
    let file = path.join(root, path.normalize(decoded).replace(/^(\.\.[/\\])+/, ''));
    if (!file.startsWith(root)) return sendJson(res, 403, { message: 'Forbidden' });
    if (!fs.existsSync(file) || fs.statSync(file).isDirectory()) {
      if (path.extname(url.pathname)) return sendJson(res, 404, { message: 'Not found' });
      file = path.join(root, 'index.html'); // SPA fallback
    }
    if (!fs.existsSync(file)) {
      res.writeHead(503, { 'content-type': 'text/plain; charset=utf-8' });
      return res.end('The web app is not built yet: run `npm run build:web` (npm start does it for you).');
    }
    const immutable = url.pathname.startsWith('/assets/');
    res.writeHead(200, {
      'content-type': TYPES[path.extname(file)] ?? 'application/octet-stream',
      'cache-control': immutable ? 'public, max-age=31536000, immutable' : 'no-cache',
      'x-content-type-options': 'nosniff',
    });
    fs.createReadStream(file).pipe(res);
  }

  return http.createServer(async (req, res) => {
    try {
      const url = new URL(req.url ?? '/', `http://${req.headers.host ?? 'localhost'}`);
      const local = opts.localRoutes.find((r) => r.method === req.method && (r.path.endsWith('/') ? url.pathname.startsWith(r.path) : url.pathname === r.path));
      const needsBody = !['GET', 'HEAD'].includes(req.method ?? 'GET');
      const body = needsBody ? await readBody(req) : Buffer.alloc(0);
      if (body === undefined) return sendJson(res, 413, { message: 'Request body is larger than 10 MB' });
      if (local) return await local.handle(req, res, url, body);
      if (url.pathname === '/api' || url.pathname.startsWith('/api/')) return await api(req, res, url, body);
      if (url.pathname.startsWith('/media/') && (req.method === 'GET' || req.method === 'HEAD')) return await media(req, res, url);
      if (req.method === 'GET' || req.method === 'HEAD') return web(req, res, url);
      return sendJson(res, 404, { message: 'Not found' });
    } catch (e) {
      console.error('[gateway]', e);
      if (!res.headersSent) sendJson(res, 500, { message: 'Something went wrong on our side. Please try again.' });
      else res.end();
    }
  });
}
