/**
 * `npm run bench`: what a student, a teacher or an operator would notice, each figure beside its goal.
 * It starts the platform as `npm start` runs it (DynamoDB Local on disk, the Lambdas on worker
 * threads) on free ports, then:
 *  - student reads at 50 and 200 connections (scripts/bench-class.ts);
 *  - the exam burst and the Paymob callback storm after it (scripts/bench-exam.ts);
 *  - the teacher's users search at 10,000 students (scripts/bench-users.ts);
 *  - a batch of 5,000 recharge codes and its CSV, and 1,000 students redeeming a code and buying from
 *    the balance at 50 connections, and a class redeeming codes of one batch at once (scripts/bench-wallet.ts);
 *  - 1,000 students reporting what they watched every 15 s for a minute at 50 connections (scripts/bench-watching.ts);
 *  - the parents' weekly report to 1,000 parents, run twice (scripts/bench-weekly.ts);
 *  - each Lambda's bundle and cold import, and the web's first-load JS (scripts/bench-bundles.ts).
 * BENCH_ONLY=class | exam | userSearch | wallet | watching | weekly | bundles runs one part; BENCH_SECONDS (default 8) is each load's length;
 * BENCH_IN_MEMORY=1 keeps DynamoDB Local's data in memory; LAMBDA_WORKERS=0 runs the Lambdas on the gateway's thread.
 * Figures go to stdout and .bench/last.json. A measurement, not a test: it never fails on a number.
 * The machine is shared: latency moves with whatever else runs; the goals are judged on this run.
 */
import fs from 'node:fs';
import path from 'node:path';
import { defaultLambdaWorkers } from '../infra/local/config';
import type { PlatformInfo } from '../infra/local/platform';
import { ROOT, spawnPlatform, stopPlatform } from '../infra/local/spawn';
import { lambdaBundles, webFirstLoad } from './bench-bundles';
import { classReads } from './bench-class';
import { callbackStorm, examBurst } from './bench-exam';
import type { Judged } from './bench-http';
import { userSearch } from './bench-users';
import { codeBatch, oneBatchRush, shopRush } from './bench-wallet';
import { watchingReports } from './bench-watching';
import { weeklyReportRun } from './bench-weekly';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 8);
const ONLY = process.env.BENCH_ONLY;
const runs = (part: 'class' | 'exam' | 'userSearch' | 'wallet' | 'watching' | 'weekly' | 'bundles') => ONLY === undefined || ONLY === part;

const results: Record<string, unknown> = {};
const judged: Judged[] = [];

/** The platform's parts: they need it running. */
async function onThePlatform() {
  const workers = process.env.LAMBDA_WORKERS ?? String(defaultLambdaWorkers());
  const inMemory = process.env.BENCH_IN_MEMORY === '1';
  // STORE_STATS: the tests' helpers (makeUser …) run against the platform as the test tier starts it.
  const { info, child, dataDir } = await spawnPlatform({ STORE_STATS: '1', DYNAMODB_IN_MEMORY: inMemory ? '1' : '0', LAMBDA_WORKERS: workers });
  console.log(`platform: DynamoDB Local ${inMemory ? 'in memory' : 'on disk (as npm start)'}, Lambdas on ${workers === '0' ? "the gateway's thread" : `${workers} worker threads`}\n`);
  process.env.BIOSCOPE_PLATFORM = JSON.stringify(info as PlatformInfo);
  try {
    if (runs('class')) {
      const r = await classReads(info.url, SECONDS);
      Object.assign(results, r.rows);
      judged.push(...r.judged);
      console.log('');
    }
    if (runs('exam')) {
      const exam = await examBurst(info.url);
      results['quiz exam burst (open + submit) @50'] = exam.row;
      judged.push(...exam.judged);
      const storm = await callbackStorm(info, exam.students);
      results['Paymob callbacks, each twice @50'] = storm.row;
      judged.push(...storm.judged);
      console.log('');
    }
    if (runs('userSearch')) {
      const r = await userSearch(info);
      Object.assign(results, r.rows);
      judged.push(...r.judged);
      console.log('');
    }
    if (runs('wallet')) {
      const rush = await shopRush(info);
      results['shop rush: redeem a code + buy from the balance @50'] = rush.row;
      // Before the 5,000 codes: a batch that outlives its request's time keeps writing them.
      const classRush = await oneBatchRush(info.url);
      results['class rush on one batch: redeem @50'] = classRush.row;
      const batch = await codeBatch(info.url);
      results['code batch of 5,000 and its CSV'] = batch.row;
      judged.push(...rush.judged, ...classRush.judged, ...batch.judged);
      console.log('');
    }
    if (runs('watching')) {
      const r = await watchingReports(info.url);
      results['watching: 1,000 students report every 15 s @50'] = r.row;
      judged.push(...r.judged);
      console.log('');
    }
    if (runs('weekly')) {
      const r = await weeklyReportRun(info);
      results['weekly report: 1,000 parents, run twice'] = r.row;
      judged.push(...r.judged);
      console.log('');
    }
  } finally {
    await stopPlatform(child, dataDir);
  }
}

/** Lambda bundles: gzip under 400 KB each (what test/infra/lambda-bundle.test.ts holds), a cold import under 300 ms. */
const BUNDLE_GOALS = { gzipKb: 400, importMs: 300 } as const;

async function whatShips() {
  const bundles = await lambdaBundles();
  results.lambdaBundles = bundles;
  for (const [target, b] of Object.entries(bundles)) {
    judged.push({
      figure: `lambda ${target}: gzip, cold import`,
      value: `${(b.gzip / 1024).toFixed(1)} KB, ${b.importMs} ms`,
      goal: `< ${BUNDLE_GOALS.gzipKb} KB, < ${BUNDLE_GOALS.importMs} ms`,
      holds: b.gzip < BUNDLE_GOALS.gzipKb * 1024 && b.importMs < BUNDLE_GOALS.importMs,
    });
  }
  const web = webFirstLoad();
  results.web = web.row;
  judged.push(...web.judged);
}

async function main() {
  console.log(`Bioscope bench — ${SECONDS} s per load, node ${process.version}, ${(await import('node:os')).cpus().length} cores${ONLY ? `, only ${ONLY}` : ''}\n`);
  if (runs('class') || runs('exam') || runs('userSearch') || runs('wallet') || runs('watching') || runs('weekly')) await onThePlatform();
  if (runs('bundles')) await whatShips();

  const width = Math.max(...judged.map((j) => j.figure.length));
  const valueWidth = Math.max(...judged.map((j) => j.value.length));
  console.log(`\nGoals: ${judged.filter((j) => j.holds).length} of ${judged.length} hold`);
  for (const j of judged) console.log(`  ${j.holds ? 'holds ' : 'MISSED'}  ${j.figure.padEnd(width)}  ${j.value.padEnd(valueWidth)}  goal ${j.goal}`);
  fs.mkdirSync(path.join(ROOT, '.bench'), { recursive: true });
  fs.writeFileSync(path.join(ROOT, '.bench/last.json'), JSON.stringify({ at: new Date().toISOString(), seconds: SECONDS, results, goals: judged }, null, 2));
  console.log('\nWritten to .bench/last.json');
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
