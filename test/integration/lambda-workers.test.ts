/**
 * The platform as `npm start` runs it: the Lambdas on worker threads (LAMBDA_WORKERS,
 * infra/local/lambda-workers.ts), the gateway's thread only moving requests and answers. The other
 * integration tests share one platform that runs them on the gateway's thread (LAMBDA_WORKERS=0);
 * this file starts its own with two threads and points the helpers at it.
 */
import http from 'node:http';
import type { ChildProcess } from 'node:child_process';
import { spawnPlatform, stopPlatform } from '../../infra/local/spawn';
import { api, makeUser, platform } from '../support/platform';
import { makeWorld } from './catalogue-fixtures';

jest.setTimeout(180_000);

let shared: string | undefined;
let child: ChildProcess | undefined;
let dataDir: string | undefined;

beforeAll(async () => {
  shared = process.env.BIOSCOPE_PLATFORM;
  const started = await spawnPlatform({ LAMBDA_WORKERS: '2', STORE_STATS: '1', SEED_DEMO: '0' });
  ({ child, dataDir } = started);
  process.env.BIOSCOPE_PLATFORM = JSON.stringify(started.info);
});
afterAll(async () => {
  process.env.BIOSCOPE_PLATFORM = shared;
  await stopPlatform(child, dataDir);
});

type Threads = { threads: { invocations: number; inFlight: number; restarts: number }[]; broken: string | null };
const threads = async () => (await (await fetch(`${platform().url}/_local/lambdas`)).json()) as Threads;
const local = (path: string, method = 'GET') => fetch(`${platform().url}/_local/store-stats${path}`, { method }).then((r) => r.json());

it('serves an admin, a student and a visitor from the threads, and spreads a crowd over both', async () => {
  const w = await makeWorld(); // the admin's writes: a course, its terms and sections
  const content = await api('GET', `/api/cours/content/${w.termId}`, { token: w.student.token });
  expect(content.status).toBe(200);
  expect(content.body.data.map((s: { content: string }) => s.content)).toContain('Quiz');
  expect((await api('GET', '/api/cours/all')).status).toBe(200);
  const before = await threads();
  const answers = await Promise.all(Array.from({ length: 40 }, () => api('GET', `/api/cours/content/${w.termId}`, { token: w.student.token })));
  expect(answers.map((a) => a.status)).toEqual(answers.map(() => 200));
  const after = await threads();
  expect(after.threads).toHaveLength(2);
  expect(after.broken).toBeNull();
  // Each thread took some of the 40 that were in flight together; none was restarted.
  expect(after.threads.map((t, i) => t.invocations - before.threads[i]!.invocations).every((n) => n > 0)).toBe(true);
  expect(after.threads.reduce((n, t) => n + t.invocations, 0) - before.threads.reduce((n, t) => n + t.invocations, 0)).toBe(40);
  expect(after.threads.map((t) => t.restarts)).toEqual([0, 0]);
});

it("answers a user's mistake with the handler's own 4xx, as on the gateway's thread", async () => {
  const student = await makeUser();
  const missing = await api('GET', '/api/cours/content/01HZZZZZZZZZZZZZZZZZZZZZZZ', { token: student.token });
  expect(missing.status).toBe(404);
  expect(typeof missing.body.message).toBe('string');
  const bad = await api('POST', '/api/auth/login', { json: { identifier: '', password: '' } });
  expect(bad.status).toBe(400);
  const notAdmin = await api('POST', '/api/cours/create-course', { token: student.token, form: new FormData() });
  expect(notAdmin.status).toBe(403);
});

it("adds up every thread's store calls for the bench (STORE_STATS)", async () => {
  const w = await makeWorld();
  await local('/reset', 'POST');
  const before = (await local('')) as { total: number };
  await local('/record', 'POST');
  await Promise.all(Array.from({ length: 20 }, () => api('GET', `/api/cours/content/${w.termId}`, { token: w.admin.token })));
  const recorded = (await local('/recorded', 'POST')) as { op: string; input: unknown }[];
  const after = (await local('')) as { total: number; calls: Record<string, number>; callMs: { p50: number } };
  // An admin reads afresh: at least the term's sections, once per request, on whichever thread served it.
  const mine = recorded.filter((c) => JSON.stringify(c.input).includes(w.termId));
  expect(mine.length).toBeGreaterThanOrEqual(20);
  expect(after.total - before.total).toBeGreaterThanOrEqual(20);
  expect(after.callMs.p50).toBeGreaterThan(0);
});

it('answers 200 students who connect at the same moment, each on a new connection', async () => {
  const url = new URL(platform().url);
  const agent = new http.Agent({ keepAlive: false, maxSockets: Infinity });
  const get = () =>
    new Promise<number>((resolve, reject) => {
      const req = http.get({ host: url.hostname, port: url.port, path: '/api/cours/all', agent }, (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
      });
      req.on('error', reject);
    });
  const t0 = performance.now();
  const statuses = await Promise.all(Array.from({ length: 200 }, get));
  // The time is a figure for the reader, not a pass mark (npm run bench measures it).
  console.log(`200 new connections at once: all answered in ${Math.round(performance.now() - t0)} ms`);
  agent.destroy();
  expect(statuses).toEqual(statuses.map(() => 200));
});
