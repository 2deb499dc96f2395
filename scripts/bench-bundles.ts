/**
 * What ships:
 *  - each Lambda's bundle as CDK ships it (infra/bundling/lambda-bundle.ts), its size and its cold
 *    import: a fresh `node` importing the bundle (module evaluation, what a cold start adds before
 *    the first request), median of 15;
 *  - the web's first load: the entry script and every module index.html preloads, gzip -9.
 * `npm run bench` prints both; `npm run bench:bundles` the Lambdas alone.
 */
import { execFileSync, execSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { BUNDLE_FILE, bundleLambda } from '../infra/bundling/lambda-bundle';
import { ROOT } from '../infra/local/spawn';
import { DOMAINS } from '../shared/routes';
import type { Judged } from './bench-http';

/** The domains' routes and the video pipeline's event handlers: every Lambda the stacks deploy. */
export const LAMBDAS = [...DOMAINS, 'media/on-upload', 'media/on-transcode-event', 'reports/run-weekly-report'];
const RUNS = 15;

export interface BundleFigures {
  minified: number;
  gzip: number;
  importMs: number;
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

/** Milliseconds a fresh node takes to import `file`, median of RUNS. */
function coldImportMs(file: string): number {
  const probe = `const t = performance.now(); await import(${JSON.stringify(file)}); console.log(performance.now() - t);`;
  const env = { PATH: process.env.PATH, AWS_REGION: 'eu-central-1', TABLE_NAME: 'bench', NODE_NO_WARNINGS: '1' };
  const runs = Array.from({ length: RUNS }, () => Number(execFileSync(process.execPath, ['--input-type=module', '-e', probe], { env }).toString().trim()));
  return Number(median(runs).toFixed(1));
}

export async function lambdaBundles(): Promise<Record<string, BundleFigures>> {
  const rows: Record<string, BundleFigures> = {};
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bioscope-bundle-'));
  try {
    for (const target of LAMBDAS) {
      const out = path.join(dir, target);
      const bytes = await bundleLambda(target, out);
      rows[target] = { minified: bytes.length, gzip: gzipSync(bytes).length, importMs: coldImportMs(path.join(out, BUNDLE_FILE)) };
      const r = rows[target];
      console.log(`lambda ${target.padEnd(24)} ${(r.minified / 1024).toFixed(1).padStart(7)} KB minified  ${(r.gzip / 1024).toFixed(1).padStart(6)} KB gzip  cold import ${String(r.importMs).padStart(5)} ms`);
    }
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
  return rows;
}

/** The web's first-load JS (issue 8's goal), built first when web/dist is missing. */
export const WEB_FIRST_LOAD_GOAL_KB = 134;

export function webFirstLoad(): { row: Record<string, unknown>; judged: Judged[] } {
  const dist = path.join(ROOT, 'web/dist');
  if (!fs.existsSync(path.join(dist, 'index.html'))) execSync('npm run build:web --silent', { cwd: ROOT, stdio: 'inherit' });
  const gz = (file: string) => gzipSync(fs.readFileSync(path.join(dist, file)), { level: 9 }).length;
  const html = fs.readFileSync(path.join(dist, 'index.html'), 'utf8');
  const linked = [...new Set([...html.matchAll(/<(?:script type="module"[^>]*src|link rel="modulepreload"[^>]*href)="([^"]+\.js)"/g)].map((m) => m[1]!.replace(/^\//, '')))];
  const files = linked.map((f) => ({ file: f, gzip: gz(f) }));
  const total = files.reduce((n, f) => n + f.gzip, 0);
  console.log(`web first-load JS: ${(total / 1024).toFixed(1)} KB gzip -9, entry + ${files.length - 1} modulepreloads: ${files.map((f) => `${path.basename(f.file)} ${f.gzip}`).join(', ')}`);
  return {
    row: { firstLoadJsGzip: total, files },
    judged: [{ figure: 'web first-load JS (gzip)', value: `${(total / 1024).toFixed(1)} KB`, goal: `<= ${WEB_FIRST_LOAD_GOAL_KB} KB`, holds: total <= WEB_FIRST_LOAD_GOAL_KB * 1024 }],
  };
}

if (require.main === module) {
  lambdaBundles().catch((e) => {
    console.error(e);
    process.exit(1);
  });
}
