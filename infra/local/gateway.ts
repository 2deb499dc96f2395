/**
 * The local stand-in for API Gateway + CloudFront: one HTTP server that serves /api/* from the
 * route table (JWT verified as the authorizer would, then the domain's Lambda handler — the very
 * module CDK deploys — is invoked with an APIGatewayProxyEventV2), /media/images/* and presigned
 * media URLs (/_local/s3/*) from the media bucket (infra/local/media.ts), the local pages under
 * /_local/*, and the built web app with SPA fallback. Every answer carries the security headers of
 * infra/definitions/security-headers.ts, as CloudFront's response headers policy adds them in AWS.
 */
import type { APIGatewayProxyEventV2, APIGatewayProxyResultV2, Context } from 'aws-lambda';
import type { KeyObject } from 'node:crypto';
import fs from 'node:fs';
import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import path from 'node:path';
import { type Domain, matchRoute } from '../../shared/routes';
import { MEDIA_PREFIXES } from '../../functions/lib/media-layout';
import { ERROR_CACHE_CONTROL, securityHeaders } from '../definitions/security-headers';
import { cookiesOf, hlsCacheControl, hlsContentType, playbackAccessProblem } from './hls-gate';
import { apiTimeoutSeconds } from '../definitions/api-timeouts';
import { lambdaContext, toLambdaEvent, writeLambdaResult } from './lambda-event';
import { jwtAuthorizer } from './jwt';
import { type Credentials, forwardToBucket, mediaKeyOf, presignedProblem, rawPathOf, S3_PROXY_PATH } from './media';
import { sendStaticFile } from './static-files';

export type LambdaHandler = (event: APIGatewayProxyEventV2, context: Context) => Promise<APIGatewayProxyResultV2>;

/** A page or endpoint of the local platform only (outbox, payment sandbox, Google stand-in). */
export interface LocalRoute {
  method: string;
  /** Exact path, or a prefix ending in '/'. */
  path: string;
  handle: (req: IncomingMessage, res: ServerResponse, url: URL, body: Buffer) => Promise<void> | void;
  /**
   * 'operator': for whoever runs the platform — a request from this machine (loopback), or one with
   * an admin's token (the session rules of an admin route). With HOST=0.0.0.0 the rest of the
   * network gets 403: the outbox holds everyone's activation links and reset codes.
   */
  access?: 'operator';
}

export interface GatewayOptions {
  port: number;
  host: string;
  /** As API Gateway's JWT authorizer: the pool's issuer, its app clients as audiences. */
  auth: { issuer: string; audience: string[]; jwksUrl: string };
  loadDomain: (domain: Domain) => Promise<LambdaHandler>;
  webDist: string;
  /** The media bucket (s3rver on loopback): its endpoint, name and the key the Lambdas presign with. */
  media: { endpoint: string; bucket: string; credentials: Credentials };
  /**
   * /media/hls/*: CloudFront's signed-cookie behaviour — the site's URL as the policies name it
   * (PUBLIC_URL) and the key group's public keys by key pair id. Absent: every HLS request is refused.
   */
  hls?: { siteUrl: string; keys: ReadonlyMap<string, KeyObject> };
  localRoutes: LocalRoute[];
  /** Whether the caller (token already verified) may use admin routes: the session gate of the auth domain. */
  isAdmin: (event: APIGatewayProxyEventV2) => Promise<boolean>;
  /** Told each API request's time in ns, from the gateway's api() to the response written (the bench's store stats). */
  timeApi?: (ns: number) => void;
  /** Handler invocations at once (0 or unset: no limit); see `invocations`. */
  lambdaConcurrency?: number;
}

const MAX_BODY = 10 * 1024 * 1024; // API Gateway's payload limit
const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.webmanifest': 'application/manifest+json',
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

/** JSON from the gateway itself: never cached (an error must not stick; the rest is live data). */
export const sendJson = (res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) => {
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'cache-control': ERROR_CACHE_CONTROL, ...headers });
  res.end(JSON.stringify(body));
};

const LOOPBACK = /^(127\.\d+\.\d+\.\d+|::1|::ffff:127\.\d+\.\d+\.\d+)$/;
/** A request from this machine itself (not merely to it). */
export const fromLoopback = (req: IncomingMessage) => LOOPBACK.test(req.socket.remoteAddress ?? '');

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

/**
 * At most `limit` handler invocations at once, the rest waiting their turn in arrival order (0: no
 * limit). In AWS each Lambda instance serves one request at a time; here one process serves them all,
 * and without a limit a few hundred requests interleave on one event loop: each takes as long as the
 * slowest, so the tail grows with the crowd instead of the queue.
 */
export function invocations(limit: number) {
  let running = 0;
  const waiting: (() => void)[] = [];
  return async <T>(run: () => Promise<T>): Promise<T> => {
    // A finished invocation hands its place straight to the oldest waiting one.
    if (limit > 0 && running >= limit) await new Promise<void>((resolve) => waiting.push(resolve));
    else running++;
    try {
      return await run();
    } finally {
      const next = waiting.shift();
      if (next) next();
      else running--;
    }
  };
}

export function createGateway(opts: GatewayOptions): http.Server {
  const verify = jwtAuthorizer(opts.auth);
  const invoke = invocations(opts.lambdaConcurrency ?? 0);

  async function api(req: IncomingMessage, res: ServerResponse, url: URL, body: Buffer) {
    if (opts.timeApi) {
      const started = process.hrtime.bigint();
      res.once('finish', () => opts.timeApi!(Number(process.hrtime.bigint() - started)));
    }
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
    writeLambdaResult(res, await invoke(() => handler(event, lambdaContext(`bioscope-${m.route.domain}`, apiTimeoutSeconds(m.route.domain)))));
  }

  const bucketUrl = (key: string) => new URL(`${opts.media.endpoint}/${opts.media.bucket}/${key.split('/').map(encodeURIComponent).join('/')}`);

  /** Like CloudFront's /media/images/* behaviour: images are public; videos need a signed URL (issued by the lecture routes). */
  async function media(req: IncomingMessage, res: ServerResponse) {
    const raw = rawPathOf(req);
    // Decoded once and checked before the prefix is judged: %2e%2e%2f and its kin name nothing.
    const key = raw.startsWith('/media/') ? mediaKeyOf(raw.slice('/media/'.length)) : undefined;
    if (!key) return sendJson(res, 400, { message: 'Malformed media path' });
    if (key.startsWith(MEDIA_PREFIXES.hls)) return hls(req, res, key);
    if (!key.startsWith('images/')) return sendJson(res, 403, { message: 'Forbidden' });
    await forwardToBucket(req, res, bucketUrl(key), { method: req.method ?? 'GET', cacheControl: 'public, max-age=86400' });
  }

  /** Like CloudFront's /media/hls/* behaviour: a signed URL, or the asset's signed cookies, or 403 (infra/local/hls-gate.ts). */
  async function hls(req: IncomingMessage, res: ServerResponse, key: string) {
    if (!opts.hls) return sendJson(res, 403, { message: 'Video playback is not set up on this platform' });
    // The full URL as requested (raw path and query), as CloudFront matches a policy's Resource.
    const problem = playbackAccessProblem(cookiesOf(req), `${opts.hls.siteUrl.replace(/\/$/, '')}${req.url ?? '/'}`, opts.hls.keys);
    if (problem) return sendJson(res, 403, { message: problem });
    await forwardToBucket(req, res, bucketUrl(key), { method: req.method ?? 'GET', cacheControl: hlsCacheControl(key), contentType: hlsContentType(key) });
  }

  /** Presigned S3 URLs (playback, uploads): the signature verified as S3 would, then on to s3rver. */
  async function presigned(req: IncomingMessage, res: ServerResponse, url: URL) {
    const raw = rawPathOf(req);
    const path = raw.startsWith(`${S3_PROXY_PATH}/`) ? mediaKeyOf(raw.slice(S3_PROXY_PATH.length + 1)) : undefined;
    const [bucket, ...rest] = path?.split('/') ?? [];
    if (!path || bucket !== opts.media.bucket || rest.length === 0) return sendJson(res, 400, { message: 'Malformed media path' });
    const key = rest.join('/');
    const cors = (name: string) => name.startsWith('access-control-') || name === 'vary';
    // A browser's CORS preflight carries no signature (only `npm run dev:web` serves the page from another origin).
    if (req.method === 'OPTIONS') return forwardToBucket(req, res, bucketUrl(key), { method: 'OPTIONS', extraBack: cors });
    if (!['GET', 'HEAD', 'PUT'].includes(req.method ?? '')) return sendJson(res, 405, { message: 'Method not allowed' });
    const problem = await presignedProblem(req, raw, url.searchParams, opts.media.credentials);
    if (problem) {
      req.resume();
      return sendJson(res, 403, { message: problem });
    }
    // A part of a multipart upload (UploadPart) keeps its uploadId and partNumber: both are signed.
    const target = bucketUrl(key);
    const [uploadId, partNumber] = [url.searchParams.get('uploadId'), url.searchParams.get('partNumber')];
    if (req.method === 'PUT' && uploadId && partNumber) target.search = new URLSearchParams({ partNumber, uploadId }).toString();
    await forwardToBucket(req, res, target, { method: req.method!, body: req.method === 'PUT', extraBack: cors });
  }

  /** May this caller use an operator page: from this machine, or with an admin's token? */
  async function operator(req: IncomingMessage, url: URL): Promise<boolean> {
    if (fromLoopback(req)) return true;
    const auth = await verify(req.headers.authorization);
    if ('error' in auth) return false;
    const event = toLambdaEvent(req, url, Buffer.alloc(0), { routeKey: `${req.method} ${url.pathname}`, pathParameters: {} }, auth.claims as Record<string, unknown>);
    return opts.isAdmin(event);
  }

  function web(req: IncomingMessage, res: ServerResponse, url: URL) {
    const root = opts.webDist;
    let decoded: string;
    try {
      decoded = decodeURIComponent(url.pathname);
    } catch {
      return sendJson(res, 400, { message: 'Malformed path' });
    }
    // Source maps stay off the site (the build puts them in web/dist-maps; an old build may hold some).
    if (decoded.endsWith('.map')) return sendJson(res, 404, { message: 'Not found' });
    let file = path.join(root, path.normalize(decoded).replace(/^(\.\.[/\\])+/, ''));
    if (!file.startsWith(root)) return sendJson(res, 403, { message: 'Forbidden' });
    if (!fs.existsSync(file) || fs.statSync(file).isDirectory()) {
      if (path.extname(url.pathname)) return sendJson(res, 404, { message: 'Not found' });
      file = path.join(root, 'index.html'); // SPA fallback
    }
    if (!fs.existsSync(file)) {
      res.writeHead(503, { 'content-type': 'text/plain; charset=utf-8', 'cache-control': ERROR_CACHE_CONTROL });
      return res.end('The web app is not built yet: run `npm run build:web` (npm start does it for you).');
    }
    const immutable = url.pathname.startsWith('/assets/');
    sendStaticFile(req, res, file, {
      'content-type': TYPES[path.extname(file)] ?? 'application/octet-stream',
      'cache-control': immutable ? 'public, max-age=31536000, immutable' : 'no-cache',
    });
  }

  return http.createServer(async (req, res) => {
    try {
      // Pages, API, media, local pages and errors alike. HSTS only where the site is reached over HTTPS
      // (a TLS proxy in front says so); browsers ignore it over plain HTTP anyway.
      const https = req.headers['x-forwarded-proto'] === 'https';
      for (const [name, value] of Object.entries(securityHeaders({ https }))) res.setHeader(name, value);
      // A Host no URL can carry is the client's mistake (Node's parser lets it through).
      const host = req.headers.host ?? 'localhost';
      if (!URL.canParse(`http://${host}/`)) return sendJson(res, 400, { message: 'Malformed Host header' });
      if (!URL.canParse(req.url ?? '/', `http://${host}`)) return sendJson(res, 400, { message: 'Malformed request path' });
      const url = new URL(req.url ?? '/', `http://${host}`);
      // Uploads stream (up to a video's 5 GB), so presigned media go before any body is read.
      if (url.pathname === S3_PROXY_PATH || url.pathname.startsWith(`${S3_PROXY_PATH}/`)) return await presigned(req, res, url);
      const local = opts.localRoutes.find((r) => r.method === req.method && (r.path.endsWith('/') ? url.pathname.startsWith(r.path) : url.pathname === r.path));
      if (local?.access === 'operator' && !(await operator(req, url))) {
        req.resume();
        return sendJson(res, 403, { message: 'Only an admin, or a browser on the machine that runs the platform, may open this page' });
      }
      const needsBody = !['GET', 'HEAD'].includes(req.method ?? 'GET');
      const body = needsBody ? await readBody(req) : Buffer.alloc(0);
      if (body === undefined) return sendJson(res, 413, { message: 'Request body is larger than 10 MB' });
      if (local) return await local.handle(req, res, url, body);
      if (url.pathname === '/api' || url.pathname.startsWith('/api/')) return await api(req, res, url, body);
      if (url.pathname.startsWith('/media/') && (req.method === 'GET' || req.method === 'HEAD')) return await media(req, res);
      if (req.method === 'GET' || req.method === 'HEAD') return web(req, res, url);
      return sendJson(res, 404, { message: 'Not found' });
    } catch (e) {
      console.error('[gateway]', e);
      if (!res.headersSent) sendJson(res, 500, { message: 'Something went wrong on our side. Please try again.' });
      else res.end();
    }
  });
}
