/**
 * The media bucket as the browser reaches it locally: only through the gateway, as in AWS only
 * through CloudFront and S3's own signature checks. s3rver listens on loopback and checks no
 * signature, so the gateway does what S3 would:
 *
 * - `/media/images/<key>`: public images (CloudFront's unsigned behaviour);
 * - `/media/hls/<assetId>/…`: a video's HLS playlists and segments, only with the signed cookies of
 *   that asset, checked as CloudFront checks them (infra/local/hls-gate.ts);
 * - `/_local/s3/<bucket>/<key>?X-Amz-…`: presigned GETs (video playback, with Range) and PUTs
 *   (uploads), each verified as S3 verifies SigV4 query signatures — the signed headers, Content-Length
 *   of an upload included, the expiry, the key pair — then streamed to s3rver. Lambdas presign against
 *   this path (S3_PUBLIC_ENDPOINT), so nothing else of s3rver (listing, unsigned reads) is reachable.
 *
 * Paths are decoded once and checked before use: an encoded separator, a dot segment, a backslash,
 * a NUL or a second round of encoding is refused, so `/media/images/%2e%2e%2fvideos/…` names nothing.
 */
import { S3RequestPresigner } from '@aws-sdk/s3-request-presigner';
import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import { ERROR_CACHE_CONTROL } from '../definitions/security-headers';

/** Where the presigned S3 URLs point on the local site (S3_PUBLIC_ENDPOINT = <site>/_local/s3). */
export const S3_PROXY_PATH = '/_local/s3';

/**
 * The object path of a raw (still encoded) request path, decoded once — or undefined if it could
 * climb out of where it points or hide a separator: %2f %5c %00 %25 (double encoding) and any other
 * encoded control character, a raw backslash or control character, malformed %-escapes, and empty,
 * '.' or '..' segments after decoding.
 */
export function mediaKeyOf(rawPath: string): string | undefined {
  // eslint-disable-next-line no-control-regex -- control characters are exactly what is refused
  if (/[\\\u0000-\u001f\u007f]/.test(rawPath) || /%(2f|5c|25|[01][0-9a-f]|7f)/i.test(rawPath)) return undefined;
  let key: string;
  try {
    key = decodeURIComponent(rawPath);
  } catch {
    return undefined;
  }
  // eslint-disable-next-line no-control-regex -- as above, after decoding (overlong or odd UTF-8 never gets here: decoding throws)
  if (/[\\\u0000-\u001f\u007f]/.test(key)) return undefined;
  if (key.split('/').some((s) => s === '' || s === '.' || s === '..')) return undefined;
  return key;
}

/** The raw path of a request (before `?`), as the client sent it: not normalised by URL parsing. */
export const rawPathOf = (req: IncomingMessage) => (req.url ?? '/').split('?')[0]!;

export const plainError = (res: ServerResponse, status: number, message: string, headers: Record<string, string> = {}) => {
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'cache-control': ERROR_CACHE_CONTROL, ...headers });
  res.end(JSON.stringify({ message }));
};

const PASS_BACK = ['content-type', 'content-length', 'content-range', 'accept-ranges', 'etag', 'last-modified', 'cache-control'];
const PASS_ON = ['range', 'if-match', 'if-none-match', 'if-modified-since', 'if-unmodified-since', 'content-type', 'content-length', 'origin', 'access-control-request-method', 'access-control-request-headers'];

/**
 * Streams the request to s3rver and its answer back. S3's XML errors do not pass: an error becomes
 * a short JSON message with `no-store`, as CloudFront's fallback answers in AWS (infra/stacks/api-stack.ts).
 */
export function forwardToBucket(
  req: IncomingMessage,
  res: ServerResponse,
  target: URL,
  opts: { method: string; cacheControl?: string; contentType?: string; body?: boolean; extraBack?: (name: string) => boolean },
): Promise<void> {
  const headers: Record<string, string> = {};
  for (const h of PASS_ON) {
    const v = req.headers[h];
    if (typeof v === 'string' && (opts.body || (h !== 'content-type' && h !== 'content-length'))) headers[h] = v;
  }
  return new Promise((resolve) => {
    const up = http.request(target, { method: opts.method, headers }, (answer) => {
      const status = answer.statusCode ?? 502;
      const back: Record<string, string> = {};
      for (const [name, v] of Object.entries(answer.headers)) {
        if (typeof v === 'string' && (PASS_BACK.includes(name) || opts.extraBack?.(name))) back[name] = v;
      }
      if (status >= 400) {
        answer.resume();
        // A missing object is 404 however the bucket words it (s3rver: NoSuchKey 404; S3 without ListBucket: 403).
        const [code, message] = status === 404 || status === 403 ? [404, 'Not found'] : status === 416 ? [416, 'Range not satisfiable'] : [status, status >= 500 ? 'The media store did not answer' : 'Bad media request'];
        const keep = Object.fromEntries(Object.entries(back).filter(([k]) => opts.extraBack?.(k)));
        plainError(res, code, message, keep);
        return resolve();
      }
      if (opts.cacheControl && status < 300) back['cache-control'] = back['cache-control'] ?? opts.cacheControl;
      if (opts.contentType && status < 300) back['content-type'] = opts.contentType;
      res.writeHead(status, back);
      answer.pipe(res);
      answer.on('end', resolve);
      answer.on('error', () => (res.destroy(), resolve()));
    });
    up.on('error', () => {
      if (!res.headersSent) plainError(res, 502, 'The media store did not answer');
      else res.destroy();
      resolve();
    });
    if (opts.body) req.pipe(up);
    else up.end();
  });
}

type SourceData = string | ArrayBuffer | ArrayBufferView;
const bytesOf = (d: SourceData) => (typeof d === 'string' ? d : d instanceof ArrayBuffer ? new Uint8Array(d) : new Uint8Array(d.buffer, d.byteOffset, d.byteLength));

/** SHA-256 and HMAC-SHA256 as the SigV4 signer asks for them, from node:crypto. */
class Sha256 {
  private readonly h;
  constructor(secret?: SourceData) {
    this.h = secret === undefined ? createHash('sha256') : createHmac('sha256', bytesOf(secret));
  }
  update(data: SourceData) {
    this.h.update(bytesOf(data));
  }
  digest() {
    return Promise.resolve(new Uint8Array(this.h.digest()));
  }
}

export interface Credentials {
  accessKeyId: string;
  secretAccessKey: string;
}

/** X-Amz-Date (20260101T120000Z) as a Date, or undefined. */
const amzDate = (v: string) => {
  const m = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/.exec(v);
  return m ? new Date(`${m[1]}-${m[2]}-${m[3]}T${m[4]}:${m[5]}:${m[6]}Z`) : undefined;
};

/**
 * Checks a presigned (SigV4 query) request as S3 does: the algorithm, our key, not expired (7 days at
 * most), every signed header present, and the signature over method, path, query and those headers'
 * values. A PUT must have signed its Content-Length (our uploads always do: functions/lib/media-urls.ts),
 * so the size checked when signing is the only size that can be stored. Returns why not, or undefined.
 */
export async function presignedProblem(req: IncomingMessage, rawPath: string, query: URLSearchParams, creds: Credentials, now = Date.now()): Promise<string | undefined> {
  const get = (k: string) => query.get(k) ?? '';
  const signature = get('X-Amz-Signature');
  const signedHeaders = get('X-Amz-SignedHeaders').split(';').filter(Boolean);
  const [keyId, day, region, service, terminal] = get('X-Amz-Credential').split('/');
  const date = amzDate(get('X-Amz-Date'));
  const expires = Number(get('X-Amz-Expires'));
  if (get('X-Amz-Algorithm') !== 'AWS4-HMAC-SHA256' || !signature || !date || !region || service !== 's3' || terminal !== 'aws4_request') return 'A signed URL is required';
  if (keyId !== creds.accessKeyId || day !== get('X-Amz-Date').slice(0, 8)) return 'The URL is not signed with our key';
  if (!Number.isInteger(expires) || expires < 1 || expires > 7 * 24 * 3600) return 'The URL has no valid expiry';
  if (now > date.getTime() + expires * 1000) return 'The signed URL has expired';
  if (date.getTime() > now + 15 * 60_000) return 'The signed URL is dated in the future';
  if (!signedHeaders.includes('host')) return 'The URL does not sign its host';
  if (req.method === 'PUT' && !signedHeaders.includes('content-length')) return 'An upload URL must sign its Content-Length';
  const headers: Record<string, string> = {};
  for (const h of signedHeaders) {
    const v = req.headers[h];
    if (typeof v !== 'string') return `The signed header ${h} is missing`;
    headers[h] = v;
  }
  const unsigned: Record<string, string> = {};
  for (const [k, v] of query) if (k !== 'X-Amz-Signature') unsigned[k] = v;
  const host = headers.host!;
  const presigner = new S3RequestPresigner({ credentials: creds, region, sha256: Sha256 });
  const expected = await presigner.presign(
    { method: req.method ?? 'GET', protocol: 'http:', hostname: host.replace(/:\d+$/, ''), port: undefined, path: rawPath, query: unsigned, headers },
    { signingDate: date, expiresIn: expires, signableHeaders: new Set(signedHeaders) },
  );
  const want = Buffer.from(String(expected.query?.['X-Amz-Signature'] ?? ''), 'utf8');
  const got = Buffer.from(signature, 'utf8');
  return want.length === got.length && timingSafeEqual(want, got) ? undefined : 'The request does not match its signature (method, key, type or length)';
}
