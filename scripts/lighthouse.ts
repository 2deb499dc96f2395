/**
 * Lighthouse on a phone, in Debian's Chromium (never a downloaded browser): the mobile profile
 * (Moto G Power-sized screen, simulated slow 4G and 4× CPU slowdown, Lighthouse's defaults) on
 * `/`, `/auth/login` and a signed-in lecture page, each the median of LH_RUNS runs (default 3).
 *
 *   npm run lighthouse                 starts the platform as `npm start` runs it and prints the figures
 *   npm run lighthouse -- --budget     the same, and exits 1 when a page misses the budget below
 *   LH_REPORT_DIR=dir …               also writes each run's full Lighthouse report (JSON) there
 *   LH_THROTTLING=devtools …          slows the browser's link and CPU for real instead of simulating
 *                                      (Lighthouse's default): what a phone sees before the scripts arrive
 *   LH_URL=http://host:port …          measures a platform already running (signed-in page skipped
 *                                      unless LH_TOKEN holds a student's token and LH_LECTURE a lecture id)
 *
 * `npm run bench` runs the same measurement (lighthouseFigures) after its API scenarios. Lighthouse
 * itself runs in scripts/lighthouse-runner.mjs under plain Node.
 */
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { chromiumPath } from '../test/support/browser';

/** Issue 14's goals for every page measured. */
export const BUDGET = { performance: 95, lcpMs: 2000, cls: 0.05 } as const;

export interface PageFigures {
  page: string;
  performance: number;
  fcpMs: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  speedIndexMs: number;
  transferKB: number;
  requests: number;
  lcpElement?: string;
}

export interface SignedIn {
  /** The student's session as web/src/lib/session.ts stores it under `user`. */
  session: Record<string, unknown>;
  path: string;
}

const median = <T>(rows: T[], by: (r: T) => number): T => [...rows].sort((a, b) => by(a) - by(b))[Math.floor(rows.length / 2)]!;

/** Measures each page LH_RUNS times in one Chromium and returns the median run of each (by performance score). */
export async function lighthouseFigures(baseUrl: string, signedIn?: SignedIn): Promise<PageFigures[]> {
  const runs = Number(process.env.LH_RUNS ?? 3);
  const pages = [
    { name: '/', url: `${baseUrl}/` },
    { name: '/auth/login', url: `${baseUrl}/auth/login` },
    ...(signedIn ? [{ name: `${signedIn.path} (signed in)`, url: `${baseUrl}${signedIn.path}`, session: signedIn.session }] : []),
  ];
  const input = JSON.stringify({ chromePath: chromiumPath(), pages, runs });
  const stdout = await new Promise<string>((resolve, reject) => {
    const child = execFile(process.execPath, [path.join(__dirname, 'lighthouse-runner.mjs')], { maxBuffer: 16 * 1024 * 1024, env: { ...process.env, NODE_NO_WARNINGS: '1' } }, (e, out, err) =>
      e ? reject(new Error(`Lighthouse failed: ${e.message}\n${err}`)) : resolve(out),
    );
    child.stdin!.end(input);
  });
  const all = JSON.parse(stdout) as PageFigures[];
  return pages.map((p) => median(all.filter((r) => r.page === p.name), (r) => r.performance));
}

/** The pages that miss the budget, with what they miss. */
export function overBudget(rows: PageFigures[]): string[] {
  return rows.flatMap((r) => {
    const misses = [
      r.performance < BUDGET.performance && `performance ${r.performance} < ${BUDGET.performance}`,
      !(r.lcpMs < BUDGET.lcpMs) && `LCP ${r.lcpMs} ms ≥ ${BUDGET.lcpMs} ms`,
      !(r.cls < BUDGET.cls) && `CLS ${r.cls} ≥ ${BUDGET.cls}`,
    ].filter(Boolean);
    return misses.length ? [`${r.page}: ${misses.join(', ')}`] : [];
  });
}

export function printFigures(rows: PageFigures[]) {
  for (const r of rows)
    console.log(
      `lighthouse mobile ${r.page.padEnd(34)} perf ${String(r.performance).padStart(3)}  FCP ${String(r.fcpMs).padStart(5)} ms  LCP ${String(r.lcpMs).padStart(5)} ms  ` +
        `TBT ${String(r.tbtMs).padStart(4)} ms  CLS ${r.cls.toFixed(3)}  SI ${String(r.speedIndexMs).padStart(5)} ms  ${r.transferKB} KB in ${r.requests} requests` +
        (r.lcpElement ? `  LCP element: ${r.lcpElement}` : ''),
    );
}

/** A student signed in on the first free lecture of the catalogue (the demo content has one). */
export async function signedInLecture(baseUrl: string): Promise<SignedIn | undefined> {
  const { makeUser } = await import('../test/support/platform');
  const u = await makeUser();
  const h = { authorization: `Bearer ${u.token}` };
  const get = async <T>(p: string) => ((await (await fetch(`${baseUrl}${p}`, { headers: h })).json()) as { data?: T }).data;
  for (const course of (await get<{ terms: { id: string }[] }[]>('/api/cours/all')) ?? [])
    for (const term of course.terms)
      for (const s of (await get<{ id: string }[]>(`/api/cours/content/${term.id}`)) ?? []) {
        const free = ((await get<{ id: string; isFree: boolean }[]>(`/api/cours/lecture/${s.id}`)) ?? []).find((l) => l.isFree);
        if (free) return { path: `/lec/${free.id}`, session: { id: u.id, email: u.email, firstName: 'Test', lastName: 'User', role: 'USER', block: false, token: u.token } };
      }
  return undefined;
}

async function main() {
  const budget = process.argv.includes('--budget');
  const { ROOT, spawnPlatform, stopPlatform } = await import('../infra/local/spawn');
  let rows: PageFigures[];
  if (process.env.LH_URL) {
    const signedIn = process.env.LH_TOKEN && process.env.LH_LECTURE ? { path: `/lec/${process.env.LH_LECTURE}`, session: { id: 'lh', email: 'lh@local', firstName: 'LH', lastName: 'Run', role: 'USER', block: false, token: process.env.LH_TOKEN } } : undefined;
    rows = await lighthouseFigures(process.env.LH_URL.replace(/\/$/, ''), signedIn);
  } else {
    if (!fs.existsSync(path.join(ROOT, 'web/dist/index.html'))) throw new Error('Build the web app first: npm run build:web');
    // As `npm start` runs it: data on disk (not in memory), the demo content seeded.
    const { info, child, dataDir } = await spawnPlatform({ DYNAMODB_IN_MEMORY: '' });
    process.env.BIOSCOPE_PLATFORM = JSON.stringify(info);
    try {
      rows = await lighthouseFigures(info.url, await signedInLecture(info.url));
    } finally {
      await stopPlatform(child, dataDir);
    }
  }
  printFigures(rows);
  const misses = overBudget(rows);
  if (misses.length) console.log(`\nover budget (performance ≥ ${BUDGET.performance}, LCP < ${BUDGET.lcpMs} ms, CLS < ${BUDGET.cls}):\n  ${misses.join('\n  ')}`);
  else console.log('\nevery page within budget');
  if (budget && misses.length) process.exit(1);
}

if (require.main === module)
  main().catch((e) => {
    console.error(e);
    process.exit(1);
  });
