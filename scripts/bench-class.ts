/**
 * Issue 14, the API under a whole class: every student read at 50 and 200 connections, each request
 * from one of BENCH_CLASS (default 200) students in turn, with the goals beside the figures:
 *  - at 50 connections ≥ 740 req/s and p99 < 100 ms; at 200 connections p99 < 500 ms;
 *  - the platform's store operations per second ≥ 0.8 of DynamoDB Local's own for the same
 *    operations: the calls the handlers made for a few of these requests (recorded by the platform,
 *    infra/local/store-stats.ts) replayed straight at DynamoDB Local, 50 in flight.
 *
 * The class: a course made through the API; a paid lecture of three videos whose first two have a
 * quiz; every student owns it (the teacher's grant) and has passed the first quiz, so a lecture open
 * reads the purchase, the quiz gate and signs two video URLs, as in a real term.
 */
import autocannon from 'autocannon';
import fs from 'node:fs';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { storeClient } from '../functions/data/dynamo-http';
import type { PlatformInfo } from '../infra/local/platform';
import type { RecordedCall } from '../infra/local/store-stats';
import { dynamoJvmPid, threadCpuOver, warmUntilJitDone } from './bench-jfr';

export const CLASS_GOALS = { reqPerSecAt50: 740, p99At50Ms: 100, p99At200Ms: 500, storeShare: 0.8 } as const;

type Results = Record<string, unknown>;
interface Read {
  name: string;
  path: (s: Fixture) => string;
}
interface Fixture {
  courseId: string;
  courseFor: string;
  termId: string;
  sectionId: string;
  lectureId: string;
  quizIds: string[];
  tokens: string[];
}

/** The student reads the issue names, as the web client calls them. */
const READS: Read[] = [
  { name: 'terms of a course', path: (f) => `/api/cours/Term/${encodeURIComponent(f.courseFor)}/${f.courseId}` },
  { name: 'content (sections of a term)', path: (f) => `/api/cours/content/${f.termId}` },
  { name: 'lectures of a section', path: (f) => `/api/cours/lecture/${f.sectionId}` },
  { name: 'lecture open', path: (f) => `/api/cours/lectureaaa/${f.lectureId}` },
  { name: 'quiz open', path: (f) => `/api/Quizz/${f.quizIds[1]}` },
  { name: 'my lectures', path: () => '/api/AWS/get-purched' },
];

/** Runs `jobs` with at most `width` at once (the bench's scenarios share it). */
export async function pool<T>(jobs: (() => Promise<T>)[], width: number): Promise<T[]> {
  const out: T[] = [];
  let next = 0;
  await Promise.all(Array.from({ length: width }, async () => {
    while (next < jobs.length) {
      const i = next++;
      out[i] = await jobs[i]!();
    }
  }));
  return out;
}

export async function makeClass(students: number): Promise<Fixture> {
  const { api, makeUser } = await import('../test/support/platform');
  const fx = await import('../test/integration/catalogue-fixtures');
  const w = await fx.makeWorld();
  const quizzes = [await fx.makeQuiz(w.admin), await fx.makeQuiz(w.admin)];
  const videoUrls = await Promise.all(
    [quizzes[0]!.id, quizzes[1]!.id, null].map(async (quizId, i) => ({ videoUrl: await fx.uploadedVideo(), videoName: `Part ${i + 1}`, quizId })),
  );
  const lecture = await fx.saveLecture(w, { videoUrls: JSON.stringify(videoUrls) });
  const term = w.course.terms.find((t) => t.id === w.termId)!;
  const users = await pool(Array.from({ length: students }, () => () => makeUser()), 25);
  const first = quizzes[0]!.id;
  await pool(
    users.map((u) => async () => {
      const granted = await api('POST', '/api/admin/grant-lecture', { token: w.admin.token, json: { email: u.email, lectureName: 'x', lectureId: lecture.id } });
      if (granted.status >= 300) throw new Error(`grant: ${granted.status} ${JSON.stringify(granted.body)}`);
      const quiz = await api('GET', `/api/Quizz/${first}`, { token: u.token });
      const answers = (quiz.body.data.questions as { id: string }[]).map((q) => ({ questionId: q.id, answerText: 'True' }));
      const sent = await api('POST', `/api/Quizz/submit/${first}`, { token: u.token, json: { answers } });
      if (sent.status !== 200) throw new Error(`submit: ${sent.status} ${JSON.stringify(sent.body)}`);
    }),
    25,
  );
  return { courseId: w.course.id, courseFor: term.courseFor, termId: w.termId, sectionId: w.lectureSectionId, lectureId: lecture.id, quizIds: quizzes.map((q) => q.id), tokens: users.map((u) => u.token) };
}

/** GET /_local/store-stats (infra/local/store-stats.ts). */
export interface StoreStats {
  calls: Record<string, number>;
  total: number;
  callMs: { p50: number; p99: number; max: number };
  eventLoopDelayMs: { p50: number; p99: number; max: number };
  requestMs: { p50: number; p99: number; max: number };
}
export const storeStats = async (url: string) => (await (await fetch(`${url}/_local/store-stats`)).json()) as StoreStats;
const storeCalls = async (url: string) => (await storeStats(url)).total;

/** Until the requests autocannon left in flight are served: no store call for 300 ms. */
async function settled(url: string) {
  for (let last = -1, now = await storeCalls(url); now !== last; last = now, now = await storeCalls(url)) await new Promise((r) => setTimeout(r, 300));
}

/** Each request from the next student of the class. */
export async function hit(url: string, path: string, tokens: string[], connections: number, duration: number) {
  let i = 0;
  return autocannon({
    url,
    connections,
    duration,
    pipelining: 1,
    requests: [{ method: 'GET', path, setupRequest: (req) => ({ ...req, headers: { ...req.headers, authorization: `Bearer ${tokens[i++ % tokens.length]}` } }) }],
  });
}

/**
 * The recorded calls replayed straight at DynamoDB Local, 50 in flight, for `seconds`: operations
 * per second. Sent by the store client's wire call (signed, no marshalling): the SDK's client costs
 * ~4x its CPU per call (npm run bench:store-client), which on two cores would measure the SDK, not
 * the store.
 */
async function replay(info: PlatformInfo, calls: RecordedCall[], seconds: number): Promise<number> {
  const c = storeClient({ endpoint: info.dynamoEndpoint, region: 'eu-central-1', credentials: () => ({ accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' }), maxAttempts: 1 });
  const commands = calls.map((k) => () => c.wire(k.op, k.input as Record<string, unknown>));
  const run = async (s: number) => {
    const end = Date.now() + s * 1000;
    let ops = 0;
    let next = 0;
    await Promise.all(
      Array.from({ length: 50 }, async () => {
        while (Date.now() < end) {
          // A conditional write that fails is still an operation DynamoDB served.
          await commands[next++ % commands.length]!().catch(() => undefined);
          ops++;
        }
      }),
    );
    return ops / s;
  };
  await run(1);
  const perSec = Math.round(await run(seconds));
  c.destroy();
  return perSec;
}

/**
 * CPU time (ms) used so far by a process and all its descendants, from /proc, split by program:
 * `node` (the gateway and the Lambdas), `java` (DynamoDB Local), the rest (cognito-local, s3rver
 * run inside node too). Undefined where there is no /proc. Unlike latency it hardly depends on what
 * else the machine is running.
 */
export function treeCpu(root: number | undefined): { total: number; node: number; java: number; other: number } | undefined {
  if (!root || !fs.existsSync('/proc/self/stat')) return undefined;
  const stats = new Map<number, { ppid: number; ticks: number; comm: string }>();
  for (const d of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(d)) continue;
    try {
      const text = fs.readFileSync(`/proc/${d}/stat`, 'utf8');
      const comm = text.slice(text.indexOf('(') + 1, text.lastIndexOf(')'));
      const f = text.slice(text.lastIndexOf(')') + 2).split(' ');
      stats.set(Number(d), { ppid: Number(f[1]), ticks: Number(f[11]) + Number(f[12]), comm });
    } catch {
      // the process ended meanwhile
    }
  }
  const out = { total: 0, node: 0, java: 0, other: 0 };
  const inTree = (pid: number): boolean => pid === root || (pid > 1 && stats.has(pid) && inTree(stats.get(pid)!.ppid));
  for (const [pid, st] of stats) {
    if (!inTree(pid)) continue;
    const ms = st.ticks * 10; // USER_HZ = 100 on Linux
    out.total += ms;
    if (st.comm === 'node' || st.comm.startsWith('node')) out.node += ms;
    else if (st.comm === 'java') out.java += ms;
    else out.other += ms;
  }
  return out;
}

/**
 * The whole host's CPU ticks so far (/proc/stat): busy (every process's), and stolen — time the
 * hypervisor gave this VM's virtual cores to others, which slows everything measured alike.
 */
function hostTicks(): { busy: number; steal: number } | undefined {
  if (!fs.existsSync('/proc/stat')) return undefined;
  const f = fs.readFileSync('/proc/stat', 'utf8').split('\n')[0]!.trim().split(/\s+/).slice(1).map(Number);
  // user nice system idle iowait irq softirq steal …
  return { busy: f[0]! + f[1]! + f[2]! + f[5]! + f[6]!, steal: f[7] ?? 0 };
}

/** Starts measuring the host; the function returned says, from then to its call, cores busy and cores stolen (undefined without /proc). */
export function hostMeter(): () => { coresBusy: number; coresStolen: number } | undefined {
  const before = hostTicks();
  const start = performance.now();
  return () => {
    const after = hostTicks();
    if (!before || !after) return undefined;
    const cores = (ticks: number) => Number(((ticks * 10) / (performance.now() - start)).toFixed(2)); // USER_HZ = 100
    return { coresBusy: cores(after.busy - before.busy), coresStolen: cores(after.steal - before.steal) };
  };
}

/** The student-read goals as classReads judged them, for the bench's summary. */
export const studentReadGoals: { goal: string; figure: string; holds: boolean }[] = [];

export async function classReads(info: PlatformInfo, results: Results, duration: number, platformPid?: number): Promise<void> {
  const students = Number(process.env.BENCH_CLASS ?? 200);
  const t0 = performance.now();
  const f = await makeClass(students);
  console.log(`student reads: a class of ${students} students (made in ${((performance.now() - t0) / 1000).toFixed(0)} s), each request from the next student`);
  const misses: string[] = [];
  const jvm = dynamoJvmPid(platformPid);
  for (const read of READS) {
    const path = read.path(f);
    // Warm-up (V8's and the JVM's JIT, caches): 2 s rounds at 50 connections until DynamoDB Local's JIT
    // compilers are done with this read (under 0.05 of a core over a round; at most 6 rounds). The raw
    // replay comes after the measured runs, on a JVM warm by then: a platform run measured while the JVM
    // still compiled would be compared with an unfair floor.
    const warmJit = await warmUntilJitDone(jvm, (round) => hit(info.url, path, f.tokens, round ? 50 : 10, 2), { below: 0.05, max: 6 });
    await settled(info.url);
    // The calls of a few requests (different students), as the platform made them.
    await fetch(`${info.url}/_local/store-stats/record`, { method: 'POST' });
    for (const t of f.tokens.slice(0, 5)) await fetch(`${info.url}${path}`, { headers: { authorization: `Bearer ${t}` } }).then((r) => r.arrayBuffer());
    const calls = ((await (await fetch(`${info.url}/_local/store-stats/recorded`, { method: 'POST' })).json()) as RecordedCall[]).filter((c) => !c.op.startsWith('#'));
    const perRequest = calls.length / 5;
    const ops: Record<string, number> = {};
    for (const k of calls) ops[k.op] = (ops[k.op] ?? 0) + 1 / 5;
    type Row = {
      reqPerSec: number; p50ms: number; p99ms: number; non2xx: number; errors: number; storeOpsPerSec: number;
      storeCallMs: StoreStats['callMs']; eventLoopDelayMs: StoreStats['eventLoopDelayMs']; cpuMsPerRequest?: { node: number; dynamodb: number };
      /** Inside the gateway (arrival to response written), and how late the load generator's own event loop ran. */
      platformRequestMs: StoreStats['requestMs']; generatorLoopDelayMs: { p99: number; max: number };
      /** The share of one core DynamoDB Local's JIT compilers used meanwhile (near 0 once warm). */
      dynamodbJit?: number;
      /** The host meanwhile: cores busy (of 2) and stolen by the hypervisor. */
      host?: { coresBusy: number; coresStolen: number };
    };
    const rows: Record<number, Row> = {};
    for (const connections of [50, 200]) {
      await settled(info.url);
      await fetch(`${info.url}/_local/store-stats/reset`, { method: 'POST' });
      const before = await storeCalls(info.url);
      const cpu0 = treeCpu(platformPid);
      const generatorLoop = monitorEventLoopDelay({ resolution: 10 });
      generatorLoop.enable();
      const hostOver = hostMeter();
      const { result: r, threads } = await threadCpuOver(jvm, () => hit(info.url, path, f.tokens, connections, duration));
      const host = hostOver();
      generatorLoop.disable();
      const cpu1 = treeCpu(platformPid);
      const dynamodbJit = threads?.jit!.ofOneCore;
      const after = await storeStats(info.url);
      const requests = r.requests.total || 1;
      const cpuMsPerRequest = cpu0 && cpu1 ? { node: Number(((cpu1.node - cpu0.node) / requests).toFixed(2)), dynamodb: Number(((cpu1.java - cpu0.java) / requests).toFixed(2)) } : undefined;
      rows[connections] = {
        reqPerSec: Math.round(r.requests.average), p50ms: r.latency.p50, p99ms: r.latency.p99, non2xx: r.non2xx, errors: r.errors + r.timeouts,
        storeOpsPerSec: Math.round((after.total - before) / r.duration), storeCallMs: after.callMs, eventLoopDelayMs: after.eventLoopDelayMs, cpuMsPerRequest,
        platformRequestMs: after.requestMs,
        generatorLoopDelayMs: { p99: Number((generatorLoop.percentile(99) / 1e6).toFixed(1)), max: Number((generatorLoop.max / 1e6).toFixed(1)) },
        dynamodbJit,
        host,
      };
    }
    const raw = calls.length ? await replay(info, calls, Math.max(2, duration / 2)) : undefined;
    const share = raw ? rows[50]!.storeOpsPerSec / raw : undefined;
    const at50 = rows[50]!;
    const at200 = rows[200]!;
    const judged: [string, string, boolean][] = [
      [`>= ${CLASS_GOALS.reqPerSecAt50} req/s @50`, `${at50.reqPerSec} req/s`, at50.reqPerSec >= CLASS_GOALS.reqPerSecAt50],
      [`p99 < ${CLASS_GOALS.p99At50Ms} ms @50`, `${at50.p99ms} ms`, at50.p99ms < CLASS_GOALS.p99At50Ms],
      [`p99 < ${CLASS_GOALS.p99At200Ms} ms @200`, `${at200.p99ms} ms`, at200.p99ms < CLASS_GOALS.p99At200Ms],
      [`store ops >= ${CLASS_GOALS.storeShare} of raw`, share === undefined ? 'no store call' : share.toFixed(2), share === undefined || share >= CLASS_GOALS.storeShare],
      ['all 2xx', `${at50.non2xx + at200.non2xx} non-2xx, ${at50.errors + at200.errors} errors`, at50.non2xx + at50.errors + at200.non2xx + at200.errors === 0],
    ];
    const goals = Object.fromEntries(judged.map(([g, , ok]) => [g, ok]));
    for (const [g, figure, ok] of judged) {
      studentReadGoals.push({ goal: `${read.name}: ${g}`, figure, holds: ok });
      if (!ok) misses.push(`${read.name}: ${g}`);
    }
    results[`student read: ${read.name}`] = { path: path.replace(/[0-9a-f-]{36}/g, '{id}'), warmUpJit: warmJit, at50, at200, storeCallsPerRequest: perRequest, storeOps: ops, rawReplayOpsPerSec: raw, storeShare: share && Number(share.toFixed(2)), goals };
    console.log(
      `${read.name.padEnd(30)} @50  ${String(at50.reqPerSec).padStart(5)} req/s  p50 ${String(at50.p50ms).padStart(4)} ms  p99 ${String(at50.p99ms).padStart(4)} ms | ` +
        `@200 ${String(at200.reqPerSec).padStart(5)} req/s  p50 ${String(at200.p50ms).padStart(5)} ms  p99 ${String(at200.p99ms).padStart(5)} ms | ` +
        `store ${perRequest.toFixed(1)} calls/req ${JSON.stringify(ops)}  ${at50.storeOpsPerSec} ops/s vs raw ${raw ?? '-'} (${share?.toFixed(2) ?? '-'}) | ` +
        `where the time goes @50/@200: a store call p50 ${at50.storeCallMs.p50}/${at200.storeCallMs.p50} ms p99 ${at50.storeCallMs.p99}/${at200.storeCallMs.p99} ms, ` +
        `event-loop delay p99 ${at50.eventLoopDelayMs.p99}/${at200.eventLoopDelayMs.p99} ms, ` +
        `CPU per request @50: node ${at50.cpuMsPerRequest?.node ?? '?'} ms, DynamoDB Local ${at50.cpuMsPerRequest?.dynamodb ?? '?'} ms, ` +
        `inside the gateway @200 p99 ${at200.platformRequestMs.p99} ms max ${at200.platformRequestMs.max} ms, load generator's loop delay @200 max ${at200.generatorLoopDelayMs.max} ms, ` +
        `DynamoDB Local's JIT (of a core) in the warm-up rounds ${warmJit.join('/')}, @50 ${at50.dynamodbJit ?? '?'}, @200 ${at200.dynamodbJit ?? '?'}, host cores busy @50 ${at50.host?.coresBusy ?? '?'}, stolen ${at50.host?.coresStolen ?? '?'} | ` +
        `non-2xx ${at50.non2xx + at200.non2xx} errors ${at50.errors + at200.errors}`,
    );
  }
  console.log(
    misses.length
      ? `student read goals (>= ${CLASS_GOALS.reqPerSecAt50} req/s and p99 < ${CLASS_GOALS.p99At50Ms} ms @50, p99 < ${CLASS_GOALS.p99At200Ms} ms @200, store >= ${CLASS_GOALS.storeShare} of raw) missed:\n  ${misses.join('\n  ')}`
      : 'student read goals hold on every read',
  );
  results.studentReadGoalsMissed = misses;
}
