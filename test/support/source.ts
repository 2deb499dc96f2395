/**
 * Requests from another address of this machine (127.0.0.2 … 127.255.255.254 all reach the
 * loopback interface), so a test of a per-source limit has a source of its own: the gateway reads
 * the address off the connection, as API Gateway fills `requestContext.http.sourceIp`.
 */
import http from 'node:http';
import { type ApiResult, platform } from './platform';

let next = 2 + Math.floor(Math.random() * 200);
/** A loopback address no other test of this run uses (one per call; jest workers pick from random starts). */
export const freshSource = () => `127.${10 + Math.floor(Math.random() * 200)}.${Math.floor(Math.random() * 250)}.${(next++ % 250) + 2}`;

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a test reads any field of a response body it did not type
export function apiFrom<T = any>(source: string, method: string, path: string, json?: unknown, extraHeaders: Record<string, string> = {}): Promise<ApiResult<T>> {
  const url = new URL(path, platform().url);
  const body = json === undefined ? undefined : JSON.stringify(json);
  return new Promise((resolve, reject) => {
    const req = http.request(
      { host: url.hostname, port: url.port, path: url.pathname + url.search, method, localAddress: source, headers: { ...extraHeaders, ...(body ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) } : {}) } },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          let parsed: unknown = text;
          try {
            parsed = text ? JSON.parse(text) : undefined;
          } catch {
            /* not JSON */
          }
          const headers = new Headers();
          for (const [k, v] of Object.entries(res.headers)) for (const one of typeof v === 'string' ? [v] : (v ?? [])) headers.append(k, one);
          resolve({ status: res.statusCode ?? 0, body: parsed as T, headers });
        });
      },
    );
    req.on('error', reject);
    if (body) req.write(body);
    req.end();
  });
}
