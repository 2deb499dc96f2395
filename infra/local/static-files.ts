/**
 * Sends a built web file as CloudFront does: the brotli or gzip copy written at build time
 * (web/build/precompress.ts) when the browser's Accept-Encoding takes it, else the plain file;
 * always with `Vary: Accept-Encoding` for a compressible file so no cache mixes the two.
 */
import fs from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';

const ENCODINGS = [
  { name: 'br', ext: '.br' },
  { name: 'gzip', ext: '.gz' },
] as const;
const COMPRESSIBLE = /\.(?:js|mjs|css|html|svg|json|txt|webmanifest|xml)$/;

/** The codings the request accepts (q > 0), by RFC 9110: `*` stands for any not named. */
export function acceptedEncodings(header: string | string[] | undefined): Set<string> {
  const named = new Map<string, number>();
  for (const part of (Array.isArray(header) ? header.join(',') : (header ?? '')).split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    if (!name) continue;
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    named.set(name, q ? Number(q.slice(2)) || 0 : 1);
  }
  const star = named.get('*') ?? 0;
  return new Set(ENCODINGS.map((e) => e.name).filter((n) => (named.get(n) ?? star) > 0));
}

/** Writes the head and streams `file` (or its precompressed copy); `headers` hold type and caching. */
export function sendStaticFile(req: IncomingMessage, res: ServerResponse, file: string, headers: Record<string, string>) {
  let body = file;
  const head: Record<string, string | number> = { ...headers };
  if (COMPRESSIBLE.test(file)) {
    head.vary = 'Accept-Encoding';
    const accepted = acceptedEncodings(req.headers['accept-encoding']);
    const coding = ENCODINGS.find((e) => accepted.has(e.name) && fs.existsSync(file + e.ext));
    if (coding) {
      body = file + coding.ext;
      head['content-encoding'] = coding.name;
    }
  }
  head['content-length'] = fs.statSync(body).size;
  res.writeHead(200, head);
  if (req.method === 'HEAD') return res.end();
  fs.createReadStream(body).pipe(res);
}
