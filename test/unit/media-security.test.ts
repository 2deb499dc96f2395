/**
 * The pieces that keep media safe, in isolation: a media path decoded once and refused if it could
 * climb or hide a separator; a presigned S3 URL verified as S3 verifies it (the signed Content-Length
 * included); image bytes judged by their signature; one CSP for the gateway and CloudFront; and a web
 * page with no inline script for that CSP to refuse.
 */
import { PutObjectCommand, GetObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import type { IncomingMessage } from 'node:http';
import fs from 'node:fs';
import path from 'node:path';
import { type MediaOrigins, videoKeyOf } from '../../functions/catalogue/media';
import { contentSecurityPolicy, cspDirectives, securityHeaders } from '../../infra/definitions/security-headers';
import { mediaKeyOf, presignedProblem } from '../../infra/local/media';
import { imageTypeOf, rasterImage } from '../../shared/schemas/catalogue';

describe('mediaKeyOf: decode once, then check', () => {
  it.each([
    ['images/01A.png', 'images/01A.png'],
    ['images/01A-a%20b.png', 'images/01A-a b.png'],
    ['videos/01A-%D8%AF%D8%B1%D8%B3.webm', 'videos/01A-درس.webm'],
    ['images/a..b.png', 'images/a..b.png'],
  ])('%s → %s', (raw, key) => expect(mediaKeyOf(raw)).toBe(key));

  it.each([
    ['an encoded slash', 'images/%2e%2e%2fvideos/01A.webm'],
    ['an encoded slash, upper case', 'images/%2E%2E%2Fvideos/01A.webm'],
    ['dots then an encoded slash', 'images/..%2fvideos/01A.webm'],
    ['encoded dot segment', 'images/%2e%2e/videos/01A.webm'],
    ['half-encoded dot segment', 'images/.%2e/videos/01A.webm'],
    ['a plain dot segment', 'images/../videos/01A.webm'],
    ['a single dot segment', 'images/./01A.png'],
    ['an encoded backslash', 'images/..%5cvideos/01A.webm'],
    ['a raw backslash', 'images/..\\videos/01A.webm'],
    ['double encoding', 'images/%252e%252e%252fvideos/01A.webm'],
    ['an encoded NUL', 'images/01A.png%00.webm'],
    ['a raw NUL', 'images/01A.png\u0000'],
    ['an encoded control character', 'images/01A%0a.png'],
    ['an empty segment', 'images//01A.png'],
    ['a leading slash', '/videos/01A.webm'],
    ['overlong UTF-8 for ../', 'images/%c0%ae%c0%ae%c0%afvideos/01A.webm'],
    ['malformed escapes', 'images/%E0%A4%A.png'],
  ])('refuses %s', (_what, raw) => expect(mediaKeyOf(raw)).toBeUndefined());
});

describe('presignedProblem: a presigned URL checked as S3 checks it', () => {
  const creds = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };
  const client = new S3Client({ region: 'eu-central-1', endpoint: 'http://127.0.0.1:3000/_local/s3', forcePathStyle: true, credentials: creds, requestChecksumCalculation: 'WHEN_REQUIRED' });
  const putUrl = (length: number | undefined, type = 'video/webm') =>
    getSignedUrl(client, new PutObjectCommand({ Bucket: 'bioscope-media', Key: 'videos/01A-a b.webm', ContentType: type, ContentLength: length }), {
      expiresIn: 900,
      signableHeaders: new Set(['content-type', ...(length === undefined ? [] : ['content-length'])]),
    });
  const request = (method: string, url: string, headers: Record<string, string>) => {
    const u = new URL(url);
    const req = { method, headers: { host: u.host, ...headers } } as unknown as IncomingMessage;
    return { req, raw: u.pathname, query: u.searchParams };
  };
  const check = async (method: string, url: string, headers: Record<string, string>, now?: number) => {
    const r = request(method, url, headers);
    return presignedProblem(r.req, r.raw, r.query, creds, now);
  };

  it('passes the PUT it was signed for', async () => {
    expect(await check('PUT', await putUrl(1000), { 'content-type': 'video/webm', 'content-length': '1000' })).toBeUndefined();
  });

  it('refuses another length, another type, another key, another method, another host', async () => {
    const url = await putUrl(1000);
    expect(await check('PUT', url, { 'content-type': 'video/webm', 'content-length': '1001' })).toMatch(/signature/);
    expect(await check('PUT', url, { 'content-type': 'text/html', 'content-length': '1000' })).toMatch(/signature/);
    expect(await check('PUT', url.replace('01A-a%20b.webm', '01B-a%20b.webm'), { 'content-type': 'video/webm', 'content-length': '1000' })).toMatch(/signature/);
    expect(await check('GET', url, { 'content-type': 'video/webm', 'content-length': '1000' })).toMatch(/signature/);
    const r = request('PUT', url, { 'content-type': 'video/webm', 'content-length': '1000' });
    (r.req.headers as Record<string, string>).host = 'evil.example:3000';
    expect(await presignedProblem(r.req, r.raw, r.query, creds)).toMatch(/signature/);
  });

  it('refuses a PUT without its length, a PUT URL that did not sign the length, and an unsigned request', async () => {
    expect(await check('PUT', await putUrl(1000), { 'content-type': 'video/webm' })).toMatch(/content-length is missing/);
    // What the upload route signed before: no length when the size was not sent.
    expect(await check('PUT', await putUrl(undefined), { 'content-type': 'video/webm', 'content-length': '30000000' })).toMatch(/must sign its Content-Length/);
    expect(await check('GET', 'http://127.0.0.1:3000/_local/s3/bioscope-media/videos/01A.webm', {})).toMatch(/signed URL is required/);
  });

  it('refuses an expired URL, and a URL signed with another key', async () => {
    const url = await getSignedUrl(client, new GetObjectCommand({ Bucket: 'bioscope-media', Key: 'videos/01A.webm' }), { expiresIn: 60 });
    expect(await check('GET', url, {})).toBeUndefined();
    expect(await check('GET', url, {}, Date.now() + 61_000)).toMatch(/expired/);
    const other = new S3Client({ region: 'eu-central-1', endpoint: 'http://127.0.0.1:3000/_local/s3', forcePathStyle: true, credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'guessed' } });
    const forged = await getSignedUrl(other, new GetObjectCommand({ Bucket: 'bioscope-media', Key: 'videos/01A.webm' }), { expiresIn: 60 });
    expect(await check('GET', forged, {})).toMatch(/signature/);
  });
});

describe('image signatures', () => {
  const bytes = (...parts: (number[] | string)[]) => new Uint8Array(parts.flatMap((p) => (typeof p === 'string' ? [...p].map((c) => c.charCodeAt(0)) : p)));
  it.each([
    ['image/png', bytes([0x89], 'PNG', [0x0d, 0x0a, 0x1a, 0x0a, 0, 0])],
    ['image/jpeg', bytes([0xff, 0xd8, 0xff, 0xe0, 0, 0x10])],
    ['image/gif', bytes('GIF89a', [1, 0])],
    ['image/gif', bytes('GIF87a', [1, 0])],
    ['image/webp', bytes('RIFF', [0, 0, 0, 0], 'WEBPVP8 ')],
    ['image/avif', bytes([0, 0, 0, 0x1c], 'ftypavif', [0, 0, 0, 0], 'avifmif1miaf')],
    ['image/avif', bytes([0, 0, 0, 0x1c], 'ftypmif1', [0, 0, 0, 0], 'mif1avifmiaf')],
  ])('%s', (type, b) => expect(imageTypeOf(b)).toBe(type));

  it.each([
    ['HTML', bytes('<!doctype html><script>alert(1)</script>')],
    ['SVG', bytes('<svg xmlns="http://www.w3.org/2000/svg"/>')],
    ['an MP4 (ftyp, not AVIF)', bytes([0, 0, 0, 0x18], 'ftypisom', [0, 0, 2, 0], 'isomiso2')],
    ['a truncated PNG', bytes([0x89], 'PNG')],
    ['nothing', bytes()],
  ])('not an image: %s', (_what, b) => expect(imageTypeOf(b)).toBeUndefined());

  it("rasterImage refuses HTML bytes that claim image/png with the rule 'image.content'", () => {
    const r = rasterImage.safeParse({ filename: 'x.png', mimetype: 'image/png', content: bytes('<html><script>alert(1)</script></html>') });
    expect(r.success).toBe(false);
    expect(r.error!.issues.map((i) => (i as { params?: { code?: string } }).params?.code)).toEqual(['image.content']);
    expect(rasterImage.safeParse({ filename: 'x.jpg', mimetype: 'image/jpeg', content: bytes([0x89], 'PNG', [0x0d, 0x0a, 0x1a, 0x0a]) }).success).toBe(true);
  });
});

describe('videoKeyOf with the local endpoint under a path', () => {
  const origins: MediaOrigins = { bucket: 'bioscope-media', region: 'eu-central-1', publicUrl: 'http://127.0.0.1:3000', s3Endpoints: ['http://127.0.0.1:4569', 'http://127.0.0.1:3000/_local/s3'] };
  it.each([
    ['http://127.0.0.1:3000/_local/s3/bioscope-media/videos/01A-a.webm?X-Amz-Signature=x', 'videos/01A-a.webm'],
    ['http://127.0.0.1:3000/_local/s3/other/videos/01A-a.webm', undefined],
    ['http://127.0.0.1:3000/bioscope-media/videos/01A-a.webm', undefined],
  ])('%s → %s', (url, key) => expect(videoKeyOf(url, origins)).toBe(key));
});

describe('one CSP, and a page it does not break', () => {
  it('allows no inline script or eval, no framing, no plugins; inline styles only', () => {
    const d = cspDirectives({ uploadOrigins: ['https://b.s3.eu-central-1.amazonaws.com'] });
    expect(d['script-src']).toEqual(["'self'"]);
    expect(d['frame-ancestors']).toEqual(["'none'"]);
    expect(d['object-src']).toEqual(["'none'"]);
    expect(d['connect-src']).toEqual(["'self'", 'https://b.s3.eu-central-1.amazonaws.com']);
    expect(contentSecurityPolicy()).not.toMatch(/unsafe-eval|script-src[^;]*unsafe-inline/);
  });

  it('the gateway adds HSTS only over HTTPS', () => {
    expect(securityHeaders({ https: false })['strict-transport-security']).toBeUndefined();
    expect(securityHeaders({ https: true })['strict-transport-security']).toMatch(/^max-age=\d{8,}; includeSubDomains$/);
    expect(securityHeaders({ https: false })).toMatchObject({ 'x-content-type-options': 'nosniff', 'referrer-policy': 'strict-origin-when-cross-origin', 'x-frame-options': 'DENY' });
  });

  it('web/index.html has no inline script: every <script> loads a file of the site', () => {
    const html = fs.readFileSync(path.resolve(__dirname, '../../web/index.html'), 'utf8');
    const scripts = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)];
    expect(scripts.length).toBeGreaterThan(0);
    for (const [, attrs, body] of scripts) {
      expect(attrs).toMatch(/\bsrc="\/[^"/]/);
      expect(body!.trim()).toBe('');
    }
    expect(html).not.toMatch(/\son[a-z]+=/i);
    expect(fs.existsSync(path.resolve(__dirname, '../../web/public/preferences.js'))).toBe(true);
  });
});
