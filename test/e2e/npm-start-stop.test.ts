/**
 * A clean stop: `npm start`'s platform (tsx and its node, DynamoDB Local's java, cognito-local, the
 * Lambdas' worker threads, s3rver, ffmpeg transcoding the demo video) started in a process group of
 * its own, as a terminal starts it; Ctrl-C (SIGINT) or SIGTERM to the group ends every process of the
 * group within 10 s and frees the ports.
 */
import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { PlatformInfo } from '../../infra/local/platform';
import { ROOT } from '../../infra/local/spawn';

jest.setTimeout(180_000);

/** The process group's live processes (zombies are gone already), as "pid command" lines. */
function groupProcesses(pgid: number): string[] {
  const out = execFileSync('ps', ['-e', '-o', 'pgid=,stat=,pid=,args='], { encoding: 'utf8' });
  return out
    .split('\n')
    .map((l) => l.trim().split(/\s+/))
    .filter(([g, stat]) => Number(g) === pgid && !stat?.startsWith('Z'))
    .map(([, , ...rest]) => rest.join(' ').slice(0, 120));
}

const portFree = (port: number) =>
  new Promise<boolean>((resolve) => {
    const s = net.createServer();
    s.once('error', () => resolve(false));
    s.listen(port, '127.0.0.1', () => s.close(() => resolve(true)));
  });

/** Starts the platform as `npm start` does (after its build), as the leader of a new process group. */
async function startGroup(dataDir: string): Promise<{ pgid: number; info: PlatformInfo }> {
  // npm start without its build (npm run start:dev): npm, its shell, tsx and tsx's node in the group.
  const child = spawn('npm', ['run', '--silent', 'start:dev'], {
    cwd: ROOT,
    detached: true,
    env: { ...process.env, PORT: '0', DYNAMODB_PORT: '0', S3_PORT: '0', COGNITO_PORT: '0', DATA_DIR: dataDir, QUIET: '1', LAMBDA_WORKERS: '2', SEED_DEMO: '1', NODE_NO_WARNINGS: '1' },
    stdio: ['ignore', 'pipe', 'ignore'],
  });
  const info = await new Promise<PlatformInfo>((resolve, reject) => {
    let out = '';
    const t = setTimeout(() => reject(new Error(`platform did not start in 120 s\n${out}`)), 120_000);
    child.stdout!.on('data', (d: Buffer) => {
      out += d.toString();
      const line = out.split('\n').find((l) => l.startsWith('BIOSCOPE_READY '));
      if (line) {
        clearTimeout(t);
        resolve(JSON.parse(line.slice('BIOSCOPE_READY '.length)) as PlatformInfo);
      }
    });
    child.once('exit', (code) => (clearTimeout(t), reject(new Error(`platform exited with ${code}\n${out}`))));
  });
  child.stdout!.resume();
  return { pgid: child.pid!, info };
}

const portOf = (url: string) => Number(new URL(url).port);

describe.each(['SIGTERM', 'SIGINT'] as const)('%s to the process group', (signal) => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bioscope-stop-'));
  let pgid = 0;
  afterAll(() => {
    // Whatever the outcome, nothing of this test outlives it.
    if (pgid && groupProcesses(pgid).length) process.kill(-pgid, 'SIGKILL');
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('stops every process of the group within 10 s and frees the ports', async () => {
    const started = await startGroup(dataDir);
    pgid = started.pgid;
    const { info } = started;
    // Work in flight: the demo video's transcoding, and browsers mid-request (a request whose headers
    // have not all arrived keeps a server's close() waiting for its headers timeout, a minute).
    expect((await fetch(`${info.url}/api/health`)).status).toBe(200);
    const open = [info.url, info.cognitoEndpoint].map((url) => net.connect(portOf(url), '127.0.0.1', function (this: net.Socket) {
      this.write('GET /api/health HTTP/1.1\r\nHost: x\r\n');
    }).on('error', () => undefined));
    const before = groupProcesses(pgid);
    // tsx, its node, java (DynamoDB Local), cognito-local at least.
    expect(before.length).toBeGreaterThanOrEqual(4);

    const sentAt = Date.now();
    process.kill(-pgid, signal);
    let left = groupProcesses(pgid);
    while (left.length && Date.now() - sentAt < 10_000) {
      await new Promise((r) => setTimeout(r, 200));
      left = groupProcesses(pgid);
    }
    open.forEach((s) => s.destroy());
    expect({ left, withinTenSeconds: Date.now() - sentAt <= 10_000 }).toEqual({ left: [], withinTenSeconds: true });
    const ports = [portOf(info.url), portOf(info.dynamoEndpoint), portOf(info.s3Endpoint), portOf(info.cognitoEndpoint), portOf(info.cognitoLocalEndpoint)];
    const free = await Promise.all(ports.map(portFree));
    expect(Object.fromEntries(ports.map((p, i) => [p, free[i]]))).toEqual(Object.fromEntries(ports.map((p) => [p, true])));
  });
});
