import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { PlatformInfo } from './platform';

export const ROOT = path.resolve(__dirname, '../..');

/**
 * Starts the real platform (`infra/local/start.ts`) as a child process on free ports, with an
 * in-memory table and a fresh data folder, and resolves with what it printed on its ready line.
 */
export async function spawnPlatform(extraEnv: NodeJS.ProcessEnv = {}): Promise<{ info: PlatformInfo; child: ChildProcess; dataDir: string }> {
  // A free port can be taken by another process between our look and the stand-in's bind: try again.
  for (let attempt = 1; ; attempt++) {
    try {
      return await spawnOnce(extraEnv);
    } catch (e) {
      if (attempt >= 3 || !/in use|EADDRINUSE/i.test(String(e))) throw e;
    }
  }
}

async function spawnOnce(extraEnv: NodeJS.ProcessEnv): Promise<{ info: PlatformInfo; child: ChildProcess; dataDir: string }> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bioscope-test-'));
  // PLATFORM_NODE_ARGS: flags for the platform's node, e.g. '--cpu-prof --cpu-prof-dir=/tmp/prof' (not allowed in NODE_OPTIONS).
  const nodeArgs = (process.env.PLATFORM_NODE_ARGS ?? '').split(' ').filter(Boolean);
  const child = spawn(process.execPath, [...nodeArgs, '--import', 'tsx', path.join(ROOT, 'infra/local/start.ts')], {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: '0',
      DYNAMODB_PORT: '0',
      S3_PORT: '0',
      COGNITO_PORT: '0',
      DATA_DIR: dataDir,
      DYNAMODB_IN_MEMORY: '1',
      QUIET: '1',
      // Tests run the payments' reconciliation job themselves (POST /_local/reconcile or the function).
      RECONCILE_MS: '0',
      NODE_NO_WARNINGS: '1',
      // The Lambdas on the gateway's thread unless asked (the bench asks for npm start's threads).
      LAMBDA_WORKERS: process.env.LAMBDA_WORKERS ?? '0',
      // DEBUG_PLATFORM=1 shows the platform's output, one line per request included.
      ...(process.env.DEBUG_PLATFORM ? { LOG_REQUESTS: '1' } : {}),
      ...extraEnv,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let err = '';
  child.stderr!.on('data', (d: Buffer) => {
    err += d.toString();
    if (process.env.DEBUG_PLATFORM) process.stderr.write(d);
  });
  const info = await new Promise<PlatformInfo>((resolve, reject) => {
    let out = '';
    const t = setTimeout(() => reject(new Error(`platform did not start in 90 s\n${out}\n${err}`)), 90_000);
    child.stdout!.on('data', (d: Buffer) => {
      out += d.toString();
      if (process.env.DEBUG_PLATFORM) process.stdout.write(d);
      const line = out.split('\n').find((l) => l.startsWith('BIOSCOPE_READY '));
      if (line) {
        clearTimeout(t);
        resolve(JSON.parse(line.slice('BIOSCOPE_READY '.length)) as PlatformInfo);
      }
    });
    child.once('exit', (code) => (clearTimeout(t), reject(new Error(`platform exited with ${code}\n${out}\n${err}`))));
  });
  // Keep draining so the child never blocks on a full pipe.
  child.stdout!.resume();
  return { info, child, dataDir };
}

export async function stopPlatform(child: ChildProcess | undefined, dataDir?: string) {
  if (child && child.exitCode === null) {
    await new Promise<void>((resolve) => {
      const t = setTimeout(() => (child.kill('SIGKILL'), resolve()), 15_000);
      child.once('exit', () => (clearTimeout(t), resolve()));
      child.kill('SIGTERM');
    });
  }
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
}
