/**
 * Where DynamoDB Local's own CPU goes during a scenario. Always (cheap, from /proc): its CPU by thread —
 * its one SQLite queue thread, Jetty's request threads, the collector, the JIT compilers (`threadCpuOver`;
 * the bench warms each scenario until the JIT's share is near 0). On demand (`BENCH_JFR=1 npm run bench`): Java Flight
 * Recorder started in its running JVM by `jcmd` around the scenario, its execution samples grouped by
 * what DynamoDB Local was doing. JFR samples Java code only: SQLite's own C code is not in the shares
 * (its Java side, sqlite4java, is). Needs the JDK's `jcmd` and `jfr`; without them it says so and the
 * scenario runs unprofiled.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/**
 * What a sample was doing: the first rule that matches, each on any frame of its stack or on the frame
 * running (the leaf). Every request thread runs inside Jetty, so HTTP is judged by the leaf only.
 */
const GROUPS: [string, 'any' | 'leaf', RegExp][] = [
  ['reading its table schema (a JSON parse per item read or written and per request)', 'any', /getTableSchemaInfo2|SQLiteDBAccess\$25\.doWork|SQLiteDBAccess\.getTableInfo/],
  ['its stream id lookup per write (String.format)', 'any', /getTableLatestStreamId/],
  ['SQLite calls (the Java side)', 'any', /com\.almworks\.sqlite4java/],
  ['expressions (parse, evaluate)', 'any', /dynamodbv2\.parser\.|ExpressionEvaluat|ExpressionWrapper/],
  ['request and response JSON', 'any', /com\.fasterxml\.jackson/],
  ['HTTP and sockets (Jetty, NIO)', 'leaf', /org\.eclipse\.jetty|sun\.nio|java\.nio/],
];

export interface JfrSummary {
  /** Java execution samples (threads running Java code). */
  samples: number;
  /** Native samples of threads inside SQLite's C code (running it, or waiting in it for the disk). */
  sqliteNative: number;
  /** Share of the samples (0..1) by group, the rest as 'other'. */
  shares: Record<string, number>;
  /** The most sampled leaf frames. */
  top: { frame: string; share: number }[];
}

/** The pid of DynamoDB Local's JVM under the platform `root` (from /proc), if any. */
export function dynamoJvmPid(root: number | undefined): number | undefined {
  if (!root || !fs.existsSync('/proc')) return undefined;
  for (const d of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(d)) continue;
    try {
      const cmd = fs.readFileSync(`/proc/${d}/cmdline`, 'utf8');
      if (!cmd.includes('LoopbackDynamoDBLocal')) continue;
      // Under the platform: walk up the parents.
      for (let pid = Number(d); pid > 1; ) {
        if (pid === root) return Number(d);
        const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
        pid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      }
    } catch {
      // the process ended meanwhile
    }
  }
  return undefined;
}

/** Groups the samples of `jfr print --events jdk.ExecutionSample,jdk.NativeMethodSample` output. */
export function summariseSamples(printed: string): JfrSummary {
  const counts = new Map<string, number>();
  const leaves = new Map<string, number>();
  let samples = 0;
  let sqliteNative = 0;
  for (const event of printed.split(/^(?=jdk\.\w+ \{)/m)) {
    const kind = /^jdk\.(\w+) \{/.exec(event)?.[1];
    const stack = /stackTrace = \[\n([\s\S]*?)\n\s*\]/.exec(event)?.[1];
    if (!stack || (kind !== 'ExecutionSample' && kind !== 'NativeMethodSample')) continue;
    const frames = stack
      .split('\n')
      .map((l) => l.trim())
      .filter((l) => l && l !== '...');
    if (!frames.length) continue;
    if (kind === 'NativeMethodSample') {
      if (frames[0]!.startsWith('com.almworks.sqlite4java')) sqliteNative++;
      continue;
    }
    samples++;
    const group = GROUPS.find(([, where, re]) => (where === 'leaf' ? re.test(frames[0]!) : frames.some((f) => re.test(f))))?.[0] ?? 'other';
    counts.set(group, (counts.get(group) ?? 0) + 1);
    const leaf = frames[0]!.replace(/\(.*$/, '');
    leaves.set(leaf, (leaves.get(leaf) ?? 0) + 1);
  }
  const share = (n: number) => (samples ? Number((n / samples).toFixed(3)) : 0);
  return {
    samples,
    sqliteNative,
    shares: Object.fromEntries([...GROUPS.map(([g]) => g), 'other'].filter((g) => counts.has(g)).map((g) => [g, share(counts.get(g)!)])),
    top: [...leaves].sort((a, b) => b[1] - a[1]).slice(0, 6).map(([frame, n]) => ({ frame, share: share(n) })),
  };
}

/** DynamoDB Local's JVM threads by kind (from their names in /proc/<pid>/task/<tid>/comm, cut to 15 characters). */
const THREAD_KINDS: [string, RegExp][] = [
  // sqlite4java's SQLiteQueue: every read and write of items (and the schema parse they do) runs on this one thread.
  ['sqliteQueue', /^SQLiteQueue/],
  ['requests', /^qtp\d|^pool-\d+-thread/],
  ['gc', /^GC Thread|^G1 /],
  ['jit', /CompilerThre/],
];

/** CPU ms of each kind of thread of `pid` so far (undefined without /proc or once it ended). */
function jvmThreadCpu(pid: number | undefined): Record<string, number> | undefined {
  if (!pid || !fs.existsSync(`/proc/${pid}/task`)) return undefined;
  const out: Record<string, number> = { sqliteQueue: 0, requests: 0, gc: 0, jit: 0, other: 0 };
  try {
    for (const tid of fs.readdirSync(`/proc/${pid}/task`)) {
      try {
        const comm = fs.readFileSync(`/proc/${pid}/task/${tid}/comm`, 'utf8').trim();
        const stat = fs.readFileSync(`/proc/${pid}/task/${tid}/stat`, 'utf8');
        const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
        const kind = THREAD_KINDS.find(([, re]) => re.test(comm))?.[0] ?? 'other';
        out[kind]! += (Number(f[11]) + Number(f[12])) * 10; // USER_HZ = 100
      } catch {
        // the thread ended meanwhile
      }
    }
  } catch {
    return undefined;
  }
  return out;
}

/** CPU a kind of thread used over a run: ms, and the share of one core over the run's wall time. */
export type ThreadCpu = Record<string, { ms: number; ofOneCore: number }>;

/** Runs `run`, and says what each kind of thread of `pid` used meanwhile (undefined without /proc). */
export async function threadCpuOver<T>(pid: number | undefined, run: () => Promise<T>): Promise<{ result: T; threads?: ThreadCpu }> {
  const before = jvmThreadCpu(pid);
  const start = performance.now();
  const result = await run();
  const after = jvmThreadCpu(pid);
  const wallMs = performance.now() - start;
  const threads = before && after ? Object.fromEntries(Object.keys(after).map((k) => [k, { ms: after[k]! - (before[k] ?? 0), ofOneCore: Number(((after[k]! - (before[k] ?? 0)) / wallMs).toFixed(2)) }])) : undefined;
  return { result, threads };
}

/**
 * Warm-up rounds until DynamoDB Local's JIT compilers are done: runs `round(n)` (n = 0, 1, …) until its JIT
 * threads used under `below` of a core over one, at most `max` rounds (one without /proc). Returns each
 * round's JIT share; `onRound` sees each round's result and share as it ends.
 */
export async function warmUntilJitDone<T>(
  pid: number | undefined,
  round: (n: number) => Promise<T>,
  opts: { below: number; max: number; onRound?: (result: T, jit: number | undefined, n: number) => void },
): Promise<number[]> {
  const shares: number[] = [];
  for (let n = 0; n < opts.max; n++) {
    const { result, threads } = await threadCpuOver(pid, () => round(n));
    const jit = threads?.jit?.ofOneCore;
    opts.onRound?.(result, jit, n);
    shares.push(jit ?? 0);
    if (jit === undefined || jit < opts.below) break;
  }
  return shares;
}

const has = (cmd: string) => {
  try {
    execFileSync(cmd, ['--help'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
};

/**
 * Runs `scenario`; with BENCH_JFR=1 records DynamoDB Local's JVM (`pid`, from dynamoJvmPid) meanwhile and prints (and returns)
 * where its Java time went. Any failure of the profiling is said and leaves the scenario's result alone.
 */
export async function withDynamoProfile<T>(pid: number | undefined, label: string, scenario: () => Promise<T>): Promise<{ result: T; profile?: JfrSummary }> {
  if (process.env.BENCH_JFR !== '1') return { result: await scenario() };
  if (!pid || !has('jcmd') || !has('jfr')) {
    console.log(`  (BENCH_JFR: no ${pid ? 'jcmd/jfr (a JDK)' : 'DynamoDB Local JVM found'}; ${label} runs unprofiled)`);
    return { result: await scenario() };
  }
  const file = path.join(os.tmpdir(), `bioscope-dynamodb-${process.pid}-${Date.now()}.jfr`);
  const name = `bench${Date.now()}`;
  execFileSync('jcmd', [String(pid), 'JFR.start', `name=${name}`, 'settings=profile'], { stdio: 'ignore' });
  let result: T;
  try {
    result = await scenario();
  } finally {
    execFileSync('jcmd', [String(pid), 'JFR.stop', `name=${name}`, `filename=${file}`], { stdio: 'ignore' });
  }
  try {
    const printed = execFileSync('jfr', ['print', '--events', 'jdk.ExecutionSample,jdk.NativeMethodSample', '--stack-depth', '64', file], { maxBuffer: 1 << 30, encoding: 'utf8' });
    const profile = summariseSamples(printed);
    const pctOf = (x: number) => `${(x * 100).toFixed(0)} %`;
    console.log(
      `  DynamoDB Local in ${label} (JFR): ${profile.samples} samples of its Java code (10 ms apart), and ${profile.sqliteNative} of threads inside SQLite's C code (20 ms apart; running, or waiting for the disk). The Java code's time:`,
    );
    for (const [g, s] of Object.entries(profile.shares)) console.log(`    ${pctOf(s).padStart(5)}  ${g === 'other' ? 'the rest (dispatch, validation, locks, items)' : g}`);
    console.log(`    hottest frames: ${profile.top.map((t) => `${t.frame.replace(/^.*\.(\w+\.\w+)$/, '$1')} ${pctOf(t.share)}`).join(', ')}`);
    return { result, profile };
  } finally {
    fs.rmSync(file, { force: true });
  }
}
