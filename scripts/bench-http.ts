/**
 * The bench's HTTP client for the scenarios autocannon cannot drive (a student who opens then
 * submits, a different search per request, a callback per order): node:http over one keep-alive
 * pool, the body read whole. The load generator shares this host's two cores with the platform it
 * measures, so its own CPU is taken from the platform: fetch (undici) spent 0.33–0.63 ms of CPU per
 * request here, this 0.16–0.26 (50 in flight against a bare server, warm and cold).
 */
import http from 'node:http';

const agent = new http.Agent({ keepAlive: true, maxSockets: 256 });

export interface BenchResponse {
  status: number;
  text: string;
}

export function request(url: string, init: { method?: string; headers?: Record<string, string>; body?: string } = {}): Promise<BenchResponse> {
  return new Promise((resolve, reject) => {
    const req = http.request(url, { method: init.method ?? 'GET', headers: init.headers, agent }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString() }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(init.body);
  });
}

/** The status alone (the body read and dropped). */
export const statusOf = async (url: string, init?: Parameters<typeof request>[1]) => (await request(url, init)).status;
