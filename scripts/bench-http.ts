/**
 * The bench's HTTP client and helpers, for the scenarios autocannon cannot drive (a student who opens then
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

/** Runs `jobs` with at most `width` at once. */
export async function pool<T>(jobs: (() => Promise<T>)[], width: number): Promise<T[]> {
  const out: T[] = [];
  let next = 0;
  await Promise.all(
    Array.from({ length: width }, async () => {
      while (next < jobs.length) {
        const i = next++;
        out[i] = await jobs[i]!();
      }
    }),
  );
  return out;
}

/** The p-th percentile of sorted latencies. */
export const pct = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;

/** Requests (each answering its status) run `width` at a time, each timed: the figures of one scenario. */
export async function timedRun(jobs: (() => Promise<number>)[], width: number) {
  const latencies: number[] = [];
  const start = performance.now();
  const statuses = await pool(
    jobs.map((job) => async () => {
      const t = performance.now();
      const status = await job();
      latencies.push(performance.now() - t);
      return status;
    }),
    width,
  );
  const seconds = (performance.now() - start) / 1000;
  const sorted = latencies.sort((a, b) => a - b);
  return {
    requests: jobs.length,
    reqPerSec: Math.round(jobs.length / seconds),
    totalSeconds: Number(seconds.toFixed(2)),
    p50ms: Math.round(pct(sorted, 50)),
    p99ms: Math.round(pct(sorted, 99)),
    non2xx: statuses.filter((s) => s < 200 || s >= 300).length,
    statuses: Object.fromEntries([...new Set(statuses)].map((s) => [s, statuses.filter((x) => x === s).length])),
  };
}

/** A goal as the bench judged it: the summary table's row. */
export interface Judged {
  figure: string;
  value: string;
  goal: string;
  holds: boolean;
}
