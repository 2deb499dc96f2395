/**
 * `npm run bench`: starts the platform on free ports and measures, in one run:
 *  - API latency under concurrent clients (autocannon): public reads at 50 and 200 connections,
 *    and the scenarios later features add below (catalogue, lecture open, the quiz exam burst,
 *    payment links and a storm of duplicated Paymob callbacks);
 *  - raw DynamoDB Local GetItem throughput on the same machine, as the floor to compare with;
 *  - each domain Lambda's bundle (infra/bundling/lambda-bundle.ts: exactly what CDK ships) and the web build's JS, gzipped.
 * Figures go to stdout and .bench/last.json. This is a measurement, not a test: it never fails on a number.
 */
import { GetItemCommand, PutItemCommand } from '@aws-sdk/client-dynamodb';
import autocannon from 'autocannon';
import { execFileSync, execSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { bundleLambda } from '../infra/bundling/lambda-bundle';
import { storeClient } from '../functions/data/dynamo-http';
import { classReads, hostMeter, pool, storeStats, treeCpu } from './bench-class';
import { request, statusOf } from './bench-http';
import { dynamoJvmPid, threadCpuOver, warmUntilJitDone, withDynamoProfile } from './bench-jfr';
import { dynamoClient } from '../infra/local/dynamodb';
import { defaultLambdaWorkers } from '../infra/local/config';
import { ROOT, spawnPlatform, stopPlatform } from '../infra/local/spawn';
import type { PlatformInfo } from '../infra/local/platform';
import { DOMAINS } from '../shared/routes';
import type { TestUser } from '../test/support/platform';

const DURATION = Number(process.env.BENCH_SECONDS ?? 8);
const results: Record<string, unknown> = {};
const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;

const warmed = new Set<string>();

/** Every goal the issues set, as the bench judged it: printed together at the end and kept in last.json. */
const goals: { goal: string; figure: string; holds: boolean }[] = [];
function judge(goal: string, figure: string, holds: boolean) {
  goals.push({ goal, figure, holds });
  return `${holds ? 'holds' : 'MISSED'}: ${goal}`;
}

async function load(name: string, url: string, connections: number, headers: Record<string, string> = {}) {
  // The JVM behind DynamoDB Local and V8 both need a warm-up; measure the steady state.
  if (!warmed.has(url)) {
    warmed.add(url);
    await autocannon({ url, connections: 10, duration: 2, headers });
  }
  const r = await autocannon({ url, connections, duration: DURATION, headers, pipelining: 1 });
  const row = {
    connections,
    p50ms: r.latency.p50,
    p99ms: r.latency.p99,
    reqPerSec: Math.round(r.requests.average),
    non2xx: r.non2xx,
    errors: r.errors + r.timeouts,
  };
  results[`${name} @${connections}`] = row;
  console.log(`${name.padEnd(34)} ${String(connections).padStart(4)} conn  p50 ${String(row.p50ms).padStart(5)} ms  p99 ${String(row.p99ms).padStart(5)} ms  ${String(row.reqPerSec).padStart(6)} req/s  non-2xx ${row.non2xx}  errors ${row.errors}`);
}

/**
 * DynamoDB Local's own GetItem, 50 in flight: through the store client the Lambdas use (the store's
 * capacity here) and through the AWS SDK (what this figure was before the store client: the SDK's
 * CPU per call is most of it on two cores).
 */
async function dynamoGetItem(endpoint: string, table: string, seconds = DURATION, label = 'dynamodb-local GetItem @50') {
  const sdk = dynamoClient(endpoint);
  const store = storeClient({ endpoint, region: 'eu-central-1', credentials: () => ({ accessKeyId: 'local', secretAccessKey: 'local' }), maxAttempts: 1 });
  const Key = { PK: { S: 'BENCH#probe' }, SK: { S: 'BENCH' } };
  await sdk.send(new PutItemCommand({ TableName: table, Item: { ...Key, v: { S: 'x'.repeat(200) } } }));
  const clients: [string, () => Promise<unknown>][] = [
    ['store client', () => store.wire('GetItem', { TableName: table, Key })],
    ['SDK', () => sdk.send(new GetItemCommand({ TableName: table, Key }))],
  ];
  const run = async (get: () => Promise<unknown>, seconds: number) => {
    const end = Date.now() + seconds * 1000;
    let ops = 0;
    await Promise.all(
      Array.from({ length: 50 }, async () => {
        while (Date.now() < end) {
          await get();
          ops++;
        }
      }),
    );
    return ops;
  };
  const row: Record<string, number> = {};
  for (const [client, get] of clients) {
    await run(get, 2); // warm-up
    const perSec = Math.round((await run(get, seconds)) / seconds);
    row[client === 'SDK' ? 'sdkOpsPerSec' : 'opsPerSec'] = perSec;
    console.log(`${`DynamoDB Local GetItem (${client}, 50 in flight)`.padEnd(48)} ${String(perSec).padStart(6)} ops/s${label.includes('users') ? ` (${label})` : ''}`);
  }
  results[label] = row;
  store.destroy();
}

/**
 * Each domain's bundle as CDK ships it, its size, and its import time: a fresh `node` importing the
 * bundle (module evaluation, what a cold start adds before the first request), median of 3.
 */
async function lambdaBundles() {
  const rows: Record<string, { minified: number; gzip: number; importMs: number }> = {};
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bioscope-bundle-'));
  try {
    for (const d of DOMAINS) {
      const bytes = await bundleLambda(d);
      const file = path.join(dir, `${d}.mjs`);
      fs.writeFileSync(file, bytes);
      const probe = `const t = performance.now(); await import(${JSON.stringify(file)}); console.log(performance.now() - t);`;
      const times = [0, 1, 2]
        .map(() => Number(execFileSync(process.execPath, ['--input-type=module', '-e', probe], { env: { PATH: process.env.PATH, AWS_REGION: 'eu-central-1', NODE_NO_WARNINGS: '1' } }).toString().trim()))
        .sort((a, b) => a - b);
      rows[d] = { minified: bytes.length, gzip: gzipSync(bytes).length, importMs: Math.round(times[1]!) };
      console.log(`lambda ${d.padEnd(10)} ${kb(bytes.length).padStart(10)} minified  ${kb(rows[d].gzip).padStart(9)} gzip  import ${String(rows[d].importMs).padStart(4)} ms  (AWS SDK bundled, as deployed)`);
    }
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
  results.lambdaBundles = rows;
}

/**
 * The web build's first load, as issue 8 measures it: the entry script plus every module it
 * preloads (the `<script type="module">` and `<link rel="modulepreload">` of index.html), each
 * gzipped at level 9 (as `gzip -9c FILE | wc -c`, which also stores the name: ~15 B a file more); the stylesheets it links likewise; and all JS for scale.
 */
function webBundle() {
  const distDir = path.join(ROOT, 'web/dist');
  if (!fs.existsSync(path.join(distDir, 'index.html'))) execSync('npm run build:web --silent', { cwd: ROOT, stdio: 'inherit' });
  const gz = (file: string) => gzipSync(fs.readFileSync(path.join(distDir, file)), { level: 9 }).length;
  const html = fs.readFileSync(path.join(distDir, 'index.html'), 'utf8');
  const linked = (pattern: RegExp) => [...new Set([...html.matchAll(pattern)].map((m) => m[1]!.replace(/^\//, '')))];
  const firstJs = linked(/<(?:script type="module"[^>]*src|link rel="modulepreload"[^>]*href)="([^"]+\.js)"/g).map((f) => ({ f, gz: gz(f) }));
  const firstCss = linked(/<link rel="stylesheet"[^>]*href="([^"]+\.css)"/g).map((f) => ({ f, gz: gz(f) }));
  const all = fs
    .readdirSync(path.join(distDir, 'assets'))
    .filter((f) => f.endsWith('.js'))
    .map((f) => ({ f: `assets/${f}`, gz: gz(`assets/${f}`) }))
    .sort((a, b) => b.gz - a.gz);
  const sum = (rows: { gz: number }[]) => rows.reduce((n, r) => n + r.gz, 0);
  const firstLoad = sum(firstJs);
  judge('web first-load JS <= 134 KB gzip', kb(firstLoad), firstLoad <= 134 * 1024);
  results.web = { firstLoadJsGzip: firstLoad, firstLoadJs: firstJs, firstLoadCssGzip: sum(firstCss), jsFiles: all.length, totalJsGzip: sum(all), largest: all.slice(0, 5) };
  console.log(`web first-load JS: ${firstLoad} bytes (${kb(firstLoad)}) gzip -9, entry + ${firstJs.length - 1} modulepreloads: ${firstJs.map((r) => `${path.basename(r.f)} ${r.gz}`).join(', ')}`);
  console.log(`web first-load CSS: ${kb(sum(firstCss))} gzip; all JS: ${all.length} files, ${kb(sum(all))} gzip`);
}

/** Scenarios that need data or a signed-in student; each feature adds its own here. */
async function featureScenarios(url: string, platformPid?: number) {
  const courses = await fetch(`${url}/api/cours/all`);
  if (courses.status !== 200) {
    console.log(`(catalogue not built yet: GET /api/cours/all answers ${courses.status}; its scenarios are skipped)`);
    return;
  }
  const all = (await courses.json()) as { data: { id: string; terms: { id: string }[] }[] };
  // BENCH_ONLY=exam: only the exam burst and the commerce storm that follows it.
  if (process.env.BENCH_ONLY !== 'exam') {
    for (const c of [50, 200]) await load('GET /api/cours/all (catalogue)', `${url}/api/cours/all`, c);
    console.log('');
    await classReads(JSON.parse(process.env.BIOSCOPE_PLATFORM!) as PlatformInfo, results, DURATION, platformPid);
  }
  if (process.env.BENCH_ONLY === 'class') return;
  console.log('');
  const students = await examBurst(url, platformPid);
  await commerce(url, students, all.data);
}

const BURST_STUDENTS = Number(process.env.BENCH_BURST ?? 1000);
const pct = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;


/**
 * An exam: BURST_STUDENTS students each open and submit the same 10-question quiz, 50 at a time, once
 * warm-up rounds (the same students on practice quizzes) have left the platform warm.
 * Prints the total time, p50/p99 per request and how many results were stored (must equal the students).
 */
async function examBurst(url: string, platformPid?: number): Promise<TestUser[]> {
  const { makeUser } = await import('../test/support/platform');
  const admin = await makeUser({ admin: true });
  const questions = Array.from({ length: 10 }, (_, i) => ({ text: `Q${i + 1}`, type: 'MULTIPLE_CHOICE', options: ['a', 'b', 'c', 'd'].map((text) => ({ text })), correctAnswerText: 'b' }));
  const makeQuiz = async (title: string) => {
    const form = new FormData();
    form.append('quizData', JSON.stringify({ title, description: 'bench', questions }));
    const created = await fetch(`${url}/api/Quiz/quiz`, { method: 'POST', headers: { authorization: `Bearer ${admin.token}` }, body: form });
    return ((await created.json()) as { data: { id: string; questions: { id: string }[] } }).data;
  };
  const quiz = await makeQuiz('Exam burst');
  const students = await pool(Array.from({ length: BURST_STUDENTS }, () => () => makeUser()), 25);
  let latencies: number[] = [];
  const timed = async (input: string, init: Parameters<typeof request>[1]) => {
    const t = performance.now();
    const { status } = await request(input, init);
    latencies.push(performance.now() - t);
    return status;
  };
  const sit = (q: typeof quiz) => {
    const answers = q.questions.map((question, i) => ({ questionId: question.id, answerText: i % 3 ? 'b' : 'a' }));
    return pool(
      students.map((s) => async () => {
        const h = { authorization: `Bearer ${s.token}` };
        const opened = await timed(`${url}/api/Quizz/${q.id}`, { headers: h });
        const submitted = await timed(`${url}/api/Quizz/submit/${q.id}`, { method: 'POST', headers: { ...h, 'content-type': 'application/json' }, body: JSON.stringify({ answers }) });
        return [opened, submitted];
      }),
      50,
    );
  };
  // Warm-up, as every class read has one: the same class takes practice quizzes first, until DynamoDB
  // Local's JIT compilers are done (under 0.02 of a core over a round — a round at 0.04 was followed by a
  // burst at 0.07; at most BENCH_EXAM_WARMUPS rounds, default 5). On a platform just started its JVM compiles these paths during the first bursts (measured:
  // ~0.45 of a core in its compilers in the first, ~0.3 and ~0.2 in the next, ~0.01 after), and V8 its own:
  // a burst on a cold platform took 10–13 s, a warm one ~7. Each round is printed; only the warm burst is judged.
  const warmups = Number(process.env.BENCH_EXAM_WARMUPS ?? 5);
  const jvm = dynamoJvmPid(platformPid);
  await warmUntilJitDone(
    jvm,
    async (n) => {
      const practice = await makeQuiz(`Practice ${n + 1} before the exam`);
      const w0 = performance.now();
      const statuses = await sit(practice);
      return { statuses, ms: performance.now() - w0 };
    },
    {
      below: 0.02,
      max: warmups,
      onRound: ({ statuses, ms }, jit, n) => {
        const sorted = latencies.sort((a, b) => a - b);
        latencies = [];
        const row = { totalSeconds: Number((ms / 1000).toFixed(2)), p50ms: Math.round(pct(sorted, 50)), p99ms: Math.round(pct(sorted, 99)), non2xx: statuses.flat().filter((x) => x !== 200).length, jitShareOfOneCore: jit };
        results[`quiz exam burst warm-up ${n + 1} (practice quiz) @50`] = row;
        console.log(
          `quiz exam warm-up ${n + 1}: the same ${BURST_STUDENTS} students take a practice quiz (not judged)  total ${row.totalSeconds} s  p50 ${row.p50ms} ms  p99 ${row.p99ms} ms  non-2xx ${row.non2xx}  DynamoDB Local's JIT ${jit ?? '?'} of a core`,
        );
      },
    },
  );
  // Where the time goes: the store calls by operation and their time, the CPU of the platform
  // (node: gateway and Lambdas; DynamoDB Local's JVM) and of this process (the 50 students' fetches).
  await fetch(`${url}/_local/store-stats/reset`, { method: 'POST' });
  const calls0 = (await storeStats(url)).calls;
  const cpu0 = treeCpu(platformPid);
  const own0 = process.cpuUsage();
  const start = performance.now();
  // BENCH_JFR=1: DynamoDB Local's JVM profiled over the burst (the recorder's own cost is in these figures then);
  // the figures are taken before the recorder stops and writes its file.
  const { result: burst, profile } = await withDynamoProfile(jvm, 'the exam burst', async () => {
    const { result: statuses, threads } = await threadCpuOver(jvm, () => sit(quiz));
    return { statuses, threads, totalSeconds: (performance.now() - start) / 1000, own: process.cpuUsage(own0), cpu1: treeCpu(platformPid) };
  });
  const { statuses, threads, totalSeconds, own, cpu1 } = burst;
  const after = await storeStats(url);
  const requests = 2 * BURST_STUDENTS;
  const storeOps = Object.fromEntries(Object.entries(after.calls).map(([op, n]) => [op, Number(((n - (calls0[op] ?? 0)) / BURST_STUDENTS).toFixed(2))]).filter(([, n]) => Number(n) > 0));
  const where = {
    storeCallsPerStudent: storeOps,
    storeCallMs: after.callMs,
    cpuMsPerRequest: cpu0 && cpu1 ? { node: Number(((cpu1.node - cpu0.node) / requests).toFixed(2)), dynamodb: Number(((cpu1.java - cpu0.java) / requests).toFixed(2)) } : undefined,
    loadGeneratorCpuMsPerRequest: Number(((own.user + own.system) / 1000 / requests).toFixed(2)),
    /**
     * Both cores' time over the burst: what share of it the platform's node, DynamoDB Local and the
     * load generator used. Not the tree's total: a child that ends meanwhile (the demo video's ffmpeg
     * early in a run) takes its CPU out of the sum, which then came out negative.
     */
    coresBusy: cpu0 && cpu1 ? Number(((cpu1.node - cpu0.node + cpu1.java - cpu0.java + (own.user + own.system) / 1000) / (totalSeconds * 1000)).toFixed(2)) : undefined,
    /** DynamoDB Local's CPU by thread: its one SQLite queue thread (every item read and write) near one whole core means it is the bottleneck. */
    dynamodbThreads: threads,
  };
  const sorted = latencies.sort((a, b) => a - b);
  const stored = (await (await fetch(`${url}/api/Quiz/students-results/${quiz.id}`, { headers: { authorization: `Bearer ${admin.token}` } })).json()) as { summary: { totalStudents: number } };
  const row = {
    students: BURST_STUDENTS,
    totalSeconds: Number(totalSeconds.toFixed(2)),
    p50ms: Math.round(pct(sorted, 50)),
    p99ms: Math.round(pct(sorted, 99)),
    non2xx: statuses.flat().filter((x) => x !== 200).length,
    resultsStored: stored.summary.totalStudents,
    where,
    ...(profile ? { dynamodbJavaProfile: profile } : {}),
  };
  results['quiz exam burst (open + submit) @50'] = row;
  console.log(`quiz exam burst: ${row.students} students open + submit @50 conn  total ${row.totalSeconds} s  p50 ${row.p50ms} ms  p99 ${row.p99ms} ms  non-2xx ${row.non2xx}  results stored ${row.resultsStored}`);
  console.log(
    `  where the time goes: store calls per student ${JSON.stringify(where.storeCallsPerStudent)}, a store call p50 ${where.storeCallMs.p50} ms p99 ${where.storeCallMs.p99} ms, ` +
      `CPU per request: node ${where.cpuMsPerRequest?.node ?? '?'} ms, DynamoDB Local ${where.cpuMsPerRequest?.dynamodb ?? '?'} ms, the load generator ${where.loadGeneratorCpuMsPerRequest} ms; cores busy ${where.coresBusy ?? '?'} of 2`,
  );
  if (where.dynamodbThreads) {
    const t = where.dynamodbThreads;
    console.log(
      `  DynamoDB Local's threads (share of one core over the burst): its one SQLite queue thread ${t.sqliteQueue!.ofOneCore}, request threads ${t.requests!.ofOneCore}, ` +
        `collector ${t.gc!.ofOneCore}, JIT ${t.jit!.ofOneCore}, other ${t.other!.ofOneCore}`,
    );
  }
  // Issue 10's goal: 1,000 students in at most 7 s, p99 under 250 ms, every result stored.
  console.log(
    `  ${judge('exam burst <= 7 s', `${row.totalSeconds} s`, row.totalSeconds <= 7)}; ${judge('exam burst p99 < 250 ms', `${row.p99ms} ms`, row.p99ms < 250)}; ` +
      judge(`exam burst stores ${row.students} results`, String(row.resultsStored), row.resultsStored === row.students && row.non2xx === 0),
  );
  return students;
}

/** Requests run `width` at a time, each timed; the figures of one scenario. */
async function timedRun(jobs: (() => Promise<number>)[], width: number) {
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
    statuses: Object.fromEntries([...new Set(statuses)].map((s) => [s, statuses.filter((x) => x === s).length])),
  };
}

/**
 * Commerce under a whole class: every student of the exam burst asks for a payment link to the same
 * paid lecture (each link is an order in the table and an intention at the local Paymob sandbox), then
 * Paymob's processed callback for every order arrives twice, shuffled, 50 at a time, signed with the
 * sandbox's HMAC secret. Exactly one purchase per student must come out of it.
 */
async function commerce(url: string, students: TestUser[], courses: { terms: { id: string }[] }[]) {
  const info = JSON.parse(process.env.BIOSCOPE_PLATFORM!) as PlatformInfo;
  const { makeUser } = await import('../test/support/platform');
  const { fieldsOfObj, paymobHmac } = await import('../functions/payments/paymob-hmac');
  const admin = await makeUser({ admin: true });
  const lectureId = await findLecture(url, admin.token, courses, (l) => !l.isFree && l.price > 0);
  if (!lectureId) return console.log('(no paid lecture in the catalogue: commerce scenarios skipped)');
  const json = { 'content-type': 'application/json' };

  const orders = new Map<string, { orderId: string; userId: string }>();
  const links = await timedRun(
    students.map((s) => async () => {
      const r = await request(`${url}/api/user/payment-intention/${lectureId}`, { method: 'POST', headers: { ...json, authorization: `Bearer ${s.token}` }, body: '{}' });
      const body = JSON.parse(r.text) as { orderId?: string };
      if (body.orderId) orders.set(body.orderId, { orderId: body.orderId, userId: s.id });
      return r.status;
    }),
    50,
  );
  results['payment link (intention at the sandbox) @50'] = links;
  console.log(`payment links: ${links.requests} students @50 conn  ${links.reqPerSec} req/s  p50 ${links.p50ms} ms  p99 ${links.p99ms} ms  statuses ${JSON.stringify(links.statuses)}`);

  const sandbox = (await (await fetch(`${info.paymob.apiUrl}/transactions.json`)).json()) as { intentions: { special_reference: string; intention_order_id: number; amount: number }[] };
  const callbacks = sandbox.intentions
    .filter((i) => orders.has(i.special_reference))
    .map((i, n) => {
      const obj = {
        id: 900_000_000 + n, pending: false, amount_cents: i.amount, success: true, is_auth: false, is_capture: false, is_standalone_payment: true,
        is_voided: false, is_refunded: false, is_3d_secure: true, integration_id: info.paymob.settings.integrations.card, has_parent_transaction: false,
        error_occured: false, currency: 'EGP', created_at: new Date().toISOString(), owner: 1, source_data: { pan: '2346', sub_type: 'MasterCard', type: 'card' },
        order: { id: i.intention_order_id, merchant_order_id: i.special_reference }, data: { message: 'Approved' },
      };
      return { body: JSON.stringify({ type: 'TRANSACTION', obj }), hmac: paymobHmac(fieldsOfObj(obj), info.paymob.settings.hmacSecret) };
    });
  const twice = [...callbacks, ...callbacks].sort(() => Math.random() - 0.5);
  const storm = await timedRun(
    twice.map((c) => () => statusOf(`${url}/api/payments/paymob/webhook?hmac=${c.hmac}`, { method: 'POST', headers: json, body: c.body })),
    50,
  );
  const owned = await pool(
    [...orders.values()].map(({ userId }) => async () => {
      const s = students.find((x) => x.id === userId)!;
      const mine = JSON.parse((await request(`${url}/api/AWS/get-purched`, { headers: { authorization: `Bearer ${s.token}` } })).text) as { data: { id: string }[] };
      return mine.data.filter((l) => l.id === lectureId).length;
    }),
    50,
  );
  const sales = (await (await fetch(`${url}/api/payments/sales`, { headers: { authorization: `Bearer ${admin.token}` } })).json()) as { data: { totals: { paid: number } } };
  const row = { ...storm, orders: callbacks.length, purchasesRecorded: owned.reduce((a, b) => a + b, 0), paidOrders: sales.data.totals.paid };
  results['Paymob callbacks, each twice @50'] = row;
  console.log(
    `Paymob callbacks: ${row.orders} orders x2 shuffled @50 conn  ${row.reqPerSec} req/s  p50 ${row.p50ms} ms  p99 ${row.p99ms} ms  statuses ${JSON.stringify(row.statuses)}  purchases recorded ${row.purchasesRecorded} (must be ${row.orders})  paid orders ${row.paidOrders}`,
  );
  // Issue 11's goal: duplicated, shuffled callbacks make exactly one purchase per order, and no 5xx.
  const fiveXx = Object.entries(row.statuses).filter(([st]) => Number(st) >= 500).reduce((n, [, c]) => n + c, 0);
  console.log(`  ${judge('callbacks: one purchase per order, no 5xx', `${row.purchasesRecorded}/${row.orders} purchases, ${fiveXx} 5xx`, row.purchasesRecorded === row.orders && row.paidOrders >= row.orders && fiveXx === 0)}`);
}

interface LectureRow {
  id: string;
  price: number;
  isFree: boolean;
}
async function findLecture(url: string, token: string, courses: { terms: { id: string }[] }[], wanted: (l: LectureRow) => boolean = () => true): Promise<string | undefined> {
  const h = { authorization: `Bearer ${token}` };
  for (const course of courses)
    for (const term of course.terms) {
      const sections = (await (await fetch(`${url}/api/cours/content/${term.id}`, { headers: h })).json()) as { data?: { id: string }[] };
      for (const s of sections.data ?? []) {
        const lectures = (await (await fetch(`${url}/api/cours/lecture/${s.id}`, { headers: h })).json()) as { data?: LectureRow[] };
        const found = lectures.data?.find(wanted);
        if (found) return found.id;
      }
    }
  return undefined;
}

/**
 * The teacher's user search as the school grows: students seeded straight into DynamoDB (profile,
 * e-mail and phone guards, the search index items and head counts, as createUser writes them) up to
 * each count of BENCH_USERS (comma-separated, default 10000; e.g. "1000,10000,100000"), then searches
 * at 50 connections: a name fragment, a first + family name, a whole first name, a phone and an
 * e-mail fragment; and the cost of one search in DynamoDB requests, items read and read units
 * (ReturnConsumedCapacity as DynamoDB Local reports it), the page's profiles included.
 */
async function userSearch(info: PlatformInfo, platformPid?: number) {
  const counts = (process.env.BENCH_USERS ?? '10000').split(',').map(Number).filter((n) => n > 0).sort((a, b) => a - b);
  Object.assign(process.env, { TABLE_NAME: info.tableName, DYNAMODB_ENDPOINT: info.dynamoEndpoint, AWS_REGION: 'eu-central-1', AWS_ACCESS_KEY_ID: 'S3RVER', AWS_SECRET_ACCESS_KEY: 'S3RVER' });
  const repo = await import('../functions/data/user-repo');
  const search = await import('../functions/data/user-search-repo');
  const { searchPrefixes } = await import('../functions/data/user-search-text');
  const { keys } = await import('../functions/data/keys');
  const { ddb, TABLE } = await import('../functions/data/client');
  const { BatchGetCommand } = await import('@aws-sdk/lib-dynamodb');
  const { makeUser } = await import('../test/support/platform');
  const admin = await makeUser({ admin: true });
  // Names as an Egyptian school has them: a few dozen first and family names, in Arabic and Latin.
  const arFirst = ['محمد', 'أحمد', 'محمود', 'مصطفى', 'يوسف', 'عمر', 'علي', 'حسن', 'إبراهيم', 'خالد', 'مريم', 'فاطمة', 'نور', 'سارة', 'آية', 'هبة', 'منة', 'ياسمين', 'رحمة', 'شهد'];
  const arLast = ['عبد الرحمن', 'السيد', 'حسين', 'عبد الله', 'إسماعيل', 'سعيد', 'عادل', 'جمال', 'فتحي', 'شريف', 'طارق', 'رمضان', 'منصور', 'صلاح', 'سامي'];
  const laFirst = ['mohamed', 'ahmed', 'mahmoud', 'mostafa', 'youssef', 'omar', 'ali', 'hassan', 'ibrahim', 'khaled', 'mariam', 'fatma', 'nour', 'sara', 'aya', 'heba', 'menna', 'yasmin', 'rahma', 'shahd'];
  const laLast = ['abdelrahman', 'elsayed', 'hussein', 'abdallah', 'ismail', 'said', 'adel', 'gamal', 'fathy', 'sherif', 'tarek', 'ramadan', 'mansour', 'salah', 'samy'];
  // Egyptian mobiles: 010/011/012/015 and 8 digits spread over the range (a bijection of i, so unique).
  const phoneOf = (i: number) => `+20${['10', '11', '12', '15'][i % 4]}${String((i * 7_654_321 + 1_234_567) % 100_000_000).padStart(8, '0')}`;
  const studentOf = (i: number) => {
    const latin = i % 2 === 0;
    const f = i % 20;
    const l = Math.floor(i / 20) % 15;
    return {
      id: `bench-${i}`,
      email: `${laFirst[f]}.${laLast[l]}${i}@example.com`,
      firstName: latin ? laFirst[f]! : arFirst[f]!,
      lastName: latin ? laLast[l]! : arLast[l]!,
      mobileNumber: phoneOf(i),
      role: 'USER' as const,
      block: false,
      activated: true,
      provider: 'cognito' as const,
      createdAt: new Date(Date.UTC(2025, 0, 1) + i * 60_000).toISOString(),
      sessions: [],
    };
  };
  const headCounts = new Map<string, number>();
  const itemsOf = (i: number) => {
    const u = studentOf(i);
    const index = search.searchIndexOf(u);
    for (const h of index.heads) headCounts.set(h, (headCounts.get(h) ?? 0) + 1);
    return [
      { ...keys.user(u.id), ...keys.usersIndex(u.createdAt, u.id), ...u, ...search.SEARCH_INDEXED_MARK },
      { ...keys.userEmail(u.email), userId: u.id },
      { ...keys.userPhone(u.mobileNumber), userId: u.id },
      ...index.items,
    ];
  };
  // The AP40 mark: the seeded users carry their index, no backfill is needed.
  await repo.putItems([{ ...keys.userSearchState, version: search.SEARCH_INDEX_VERSION, at: new Date().toISOString() }]);

  let seeded = 0;
  for (const count of counts) {
    const t0 = performance.now();
    const chunks: number[][] = [];
    for (let i = seeded; i < count; i += 200) chunks.push(Array.from({ length: Math.min(200, count - i) }, (_, k) => i + k));
    await pool(chunks.map((c) => () => repo.putItems(c.flatMap(itemsOf))), 8);
    // The head counts as createUser's ADDs leave them (AP44), and the user count (AP42).
    await repo.putItems([...headCounts].map(([h, n]) => ({ ...keys.userSearchCount(h), n })));
    await repo.putItems([{ ...keys.usersCount, n: count }]);
    console.log(`users search: seeded ${count - seeded} students (now ${count}, ${headCounts.size} heads) in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
    seeded = count;

    // Seeding leaves DynamoDB Local's JVM full of garbage: let it settle (unmeasured requests, the 50 connections opened) before measuring.
    await timedRun(Array.from({ length: 300 }, () => () => statusOf(`${info.url}/api/admin/allusers`, { headers: { authorization: `Bearer ${admin.token}` } })), 50);
    await new Promise((r) => setTimeout(r, 2000));
    // The machine's pace right now (other work on it moves every latency): the floor to judge this level's figures by.
    await dynamoGetItem(info.dynamoEndpoint, info.tableName, 4, `dynamodb-local GetItem @50 before the searches @${count} users`);

    // Queries spread over the seeded students: a name fragment (3 letters of a common first name, ~1/20 of the school),
    // a first + family name fragment, a whole first name, a phone (with a leading 0), an e-mail fragment.
    const pick = (k: number) => (k * 7919) % count;
    const kinds: Record<string, (k: number) => string> = {
      'name fragment': (k) => (k % 2 ? arFirst : laFirst)[k % 20]!.slice(0, 3),
      'first + family name': (k) => `${laFirst[k % 20]} ${laLast[k % 15]!.slice(0, 4)}`,
      'whole first name': (k) => (k % 2 ? arFirst : laFirst)[k % 20]!,
      'phone (0…)': (k) => `0${phoneOf(pick(k)).slice(3)}`,
      'e-mail fragment': (k) => studentOf(pick(k)).email.slice(0, -12),
    };
    const requests = Number(process.env.BENCH_SEARCHES ?? 1000);
    const headers = { authorization: `Bearer ${admin.token}` };
    const jvm = dynamoJvmPid(platformPid);
    // Every kind warmed up at 50 connections before any is measured (the JIT of both JVM and V8 on each read path,
    // the sockets), so the order does not matter: without it the first kind measured had a p99 several times its own.
    const round = (query: (k: number) => string, n = 300) =>
      timedRun(Array.from({ length: n }, (_, k) => () => statusOf(`${info.url}/api/admin/allusers?search=${encodeURIComponent(query(k))}`, { headers })), 50);
    for (const query of Object.values(kinds)) await round(query);
    for (const [kind, query] of Object.entries(kinds)) {
      // Then, right before it is measured, each kind's rounds go on until DynamoDB Local's JIT compilers are done
      // with it (under 0.05 of a core over a round): the other kinds' warm-ups had made the JVM compile its read
      // paths afresh (a kind measured after them all ran with the compilers at 0.39 of a core).
      const warmUpJit = await warmUntilJitDone(jvm, () => round(query, 600), { below: 0.05, max: Number(process.env.BENCH_SEARCH_WARMUPS ?? 12) });
      const cpu0 = treeCpu(platformPid);
      await fetch(`${info.url}/_local/store-stats/reset`, { method: 'POST' });
      const callsBefore = (await storeStats(info.url)).total;
      const hostOver = hostMeter();
      const { result: measured, threads } = await threadCpuOver(jvm, () => round(query, requests));
      const host = hostOver();
      const row: Record<string, unknown> = measured;
      const cpu1 = treeCpu(platformPid);
      if (cpu0 && cpu1) {
        row.platformCpuMsPerRequest = Number(((cpu1.total - cpu0.total) / requests).toFixed(2));
        row.nodeCpuMsPerRequest = Number(((cpu1.node - cpu0.node) / requests).toFixed(2));
        row.javaCpuMsPerRequest = Number(((cpu1.java - cpu0.java) / requests).toFixed(2));
      }
      // Where a slow request's time went: inside the gateway (requestMs), waiting for each store call (callMs),
      // the gateway's event loop running late (CPU contention, V8's collector), and DynamoDB Local's threads.
      const inside = await storeStats(info.url);
      const dynamodbThreads = threads && Object.fromEntries(Object.entries(threads).map(([k, v]) => [k, v.ofOneCore]));
      Object.assign(row, {
        warmUpJit,
        requestMs: inside.requestMs,
        storeCallMs: inside.callMs,
        storeCallsPerRequest: Number(((inside.total - callsBefore) / requests).toFixed(1)),
        eventLoopDelayMs: inside.eventLoopDelayMs,
        host,
        dynamodbThreads,
      });
      // Cost of one search (page 1): the counters, the index reads and the BatchGet of the page's profiles.
      const samples = 40;
      const stats = { requests: 0, items: 0, capacity: 0 };
      const plans: Record<string, number> = {};
      let total = 0;
      let exact = 0;
      for (let k = 0; k < samples; k++) {
        const found = await search.searchUsers(searchPrefixes(query(k)), 0, 6, { stats });
        plans[found.plan] = (plans[found.plan] ?? 0) + 1;
        total += found.total;
        if (found.exact) exact++;
        if (found.userIds.length) {
          const r = await ddb.send(new BatchGetCommand({ RequestItems: { [TABLE]: { Keys: found.userIds.map((id) => keys.user(id)) } }, ReturnConsumedCapacity: 'TOTAL' }));
          stats.requests++;
          stats.items += found.userIds.length;
          stats.capacity += (r.ConsumedCapacity ?? []).reduce((n, c) => n + (c.CapacityUnits ?? 0), 0);
        }
      }
      Object.assign(row, {
        totalPerSearch: Math.round(total / samples),
        exactShare: Number((exact / samples).toFixed(2)),
        plans,
        requestsPerSearch: Number((stats.requests / samples).toFixed(1)),
        itemsReadPerSearch: Math.round(stats.items / samples),
        readUnitsPerSearch: Number((stats.capacity / samples).toFixed(1)),
      });
      results[`users search ${kind} @${count} users`] = row;
      // Issue 12's goal: p99 under 300 ms at 10,000 students (other sizes are reported).
      if (count === 10_000) judge(`users search ${kind} p99 < 300 ms @10,000 users`, `${row.p99ms} ms`, (row.p99ms as number) < 300);
      console.log(
        `users search ${kind.padEnd(20)} ${String(count).padStart(7)} users  @50 conn  p50 ${String(row.p50ms).padStart(4)} ms  p99 ${String(row.p99ms).padStart(4)} ms  ${String(row.reqPerSec).padStart(5)} req/s  ` +
          `CPU ${row.platformCpuMsPerRequest ?? '?'} ms/req (node ${row.nodeCpuMsPerRequest ?? '?'}, DynamoDB Local ${row.javaCpuMsPerRequest ?? '?'})  ` +
          `total ${row.totalPerSearch}${exact === samples ? '' : ` (exact in ${exact}/${samples})`}  DynamoDB requests ${row.requestsPerSearch}  items read ${row.itemsReadPerSearch}  RCU ${row.readUnitsPerSearch}  ` +
          `plans ${JSON.stringify(plans)}  ${JSON.stringify(row.statuses)}`,
      );
      const t = dynamodbThreads;
      console.log(
        `    where the time went: inside the gateway p50/p99 ${inside.requestMs.p50}/${inside.requestMs.p99} ms, ${row.storeCallsPerRequest} store calls per request, each p50/p99/max ${inside.callMs.p50}/${inside.callMs.p99}/${inside.callMs.max} ms, ` +
          `event-loop delay p99/max ${inside.eventLoopDelayMs.p99}/${inside.eventLoopDelayMs.max} ms | DynamoDB Local (of a core): SQLite queue ${t?.sqliteQueue ?? '?'}, requests ${t?.requests ?? '?'}, GC ${t?.gc ?? '?'}, JIT ${t?.jit ?? '?'} (warm-up rounds ${warmUpJit.join('/')}) | host: cores busy ${host?.coresBusy ?? '?'}, stolen ${host?.coresStolen ?? '?'}`,
      );
    }
    // The plain list (no search): the page's 6 and the user count.
    const cpu0 = treeCpu(platformPid)?.total;
    const plain: Record<string, unknown> = await timedRun(Array.from({ length: 500 }, () => () => statusOf(`${info.url}/api/admin/allusers`, { headers: { authorization: `Bearer ${admin.token}` } })), 50);
    const cpu1 = treeCpu(platformPid)?.total;
    if (cpu0 !== undefined && cpu1 !== undefined) plain.platformCpuMsPerRequest = Number(((cpu1 - cpu0) / 500).toFixed(2));
    results[`users list (no search) @${count} users`] = plain;
    console.log(
      `users list (no search)       ${String(count).padStart(7)} users  @50 conn  p50 ${String(plain.p50ms).padStart(4)} ms  p99 ${String(plain.p99ms).padStart(4)} ms  ${String(plain.reqPerSec).padStart(5)} req/s  CPU ${plain.platformCpuMsPerRequest ?? '?'} ms/req  ${JSON.stringify(plain.statuses)}`,
    );
  }
}

async function main() {
  console.log(`Bioscope bench — ${DURATION} s per scenario, node ${process.version}, ${(await import('node:os')).cpus().length} cores\n`);
  // The platform as `npm start` runs it: DynamoDB Local keeps its data on disk (BENCH_IN_MEMORY=1: in memory),
  // and STORE_STATS=1 lets the bench count and record the handlers' DynamoDB calls (infra/local/store-stats.ts).
  const inMemory = process.env.BENCH_IN_MEMORY === '1';
  // The Lambdas on npm start's threads (LAMBDA_WORKERS, one per core; 0: on the gateway's thread).
  const workers = process.env.LAMBDA_WORKERS ?? String(defaultLambdaWorkers());
  const { info, child, dataDir } = await spawnPlatform({ STORE_STATS: '1', DYNAMODB_IN_MEMORY: inMemory ? '1' : '0', LAMBDA_WORKERS: workers });
  console.log(`DynamoDB Local: data ${inMemory ? 'in memory' : 'on disk (as npm start)'}; Lambdas on ${workers === '0' ? "the gateway's thread" : `${workers} worker threads`}`);
  results.lambdaWorkers = Number(workers);
  process.env.BIOSCOPE_PLATFORM = JSON.stringify(info);
  try {
    for (const c of [50, 200]) await load('GET /api/health (public, 3 probes)', `${info.url}/api/health`, c);
    if (process.env.BENCH_ONLY !== 'userSearch') await featureScenarios(info.url, child.pid);
    if (process.env.BENCH_ONLY !== 'class' && process.env.BENCH_ONLY !== 'exam') await userSearch(info, child.pid);
    await dynamoGetItem(info.dynamoEndpoint, info.tableName);
    // Issue 14, the web on a phone: Lighthouse's mobile profile on /, /auth/login and a signed-in lecture.
    if (process.env.BENCH_ONLY === undefined && fs.existsSync(path.join(ROOT, 'web/dist/index.html'))) {
      const lh = await import('./lighthouse');
      console.log('');
      const rows = await lh.lighthouseFigures(info.url, await lh.signedInLecture(info.url));
      lh.printFigures(rows);
      const misses = lh.overBudget(rows);
      for (const r of rows) {
        judge(`lighthouse ${r.page}: performance >= ${lh.BUDGET.performance}`, String(r.performance), r.performance >= lh.BUDGET.performance);
        judge(`lighthouse ${r.page}: LCP < ${lh.BUDGET.lcpMs} ms`, `${r.lcpMs} ms`, r.lcpMs < lh.BUDGET.lcpMs);
        judge(`lighthouse ${r.page}: CLS < ${lh.BUDGET.cls}`, String(r.cls), r.cls < lh.BUDGET.cls);
      }
      results.lighthouse = rows.map((r) => ({
        ...r,
        goals: { performance: `>= ${lh.BUDGET.performance}`, lcpMs: `< ${lh.BUDGET.lcpMs}`, cls: `< ${lh.BUDGET.cls}` },
        holds: !misses.some((m) => m.startsWith(`${r.page}:`)),
      }));
      console.log(misses.length ? `lighthouse goals (perf >= ${lh.BUDGET.performance}, LCP < ${lh.BUDGET.lcpMs} ms, CLS < ${lh.BUDGET.cls}) missed:\n  ${misses.join('\n  ')}` : 'lighthouse goals hold on every page');
    } else console.log('\nlighthouse skipped (BENCH_ONLY set, or no web/dist: npm run build:web)');
  } finally {
    await stopPlatform(child, dataDir);
  }
  console.log('');
  await lambdaBundles();
  webBundle();
  fs.mkdirSync(path.join(ROOT, '.bench'), { recursive: true });
  const { studentReadGoals } = await import('./bench-class');
  goals.push(...studentReadGoals);
  console.log(`\nGoals: ${goals.filter((g) => g.holds).length} of ${goals.length} hold`);
  for (const g of goals) console.log(`  ${g.holds ? 'holds ' : 'MISSED'}  ${g.goal.padEnd(58)} ${g.figure}`);
  fs.writeFileSync(path.join(ROOT, '.bench/last.json'), JSON.stringify({ at: new Date().toISOString(), durationSeconds: DURATION, results, goals }, null, 2));
  console.log('\nWritten to .bench/last.json');
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
