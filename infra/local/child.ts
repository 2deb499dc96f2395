import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';

/**
 * A stand-in running as a child process. Its output goes to a log file, never to a pipe we might
 * not drain (cognito-local stalls on a full stdout pipe).
 */
export function startChild(name: string, cmd: string, args: string[], opts: { cwd: string; env?: NodeJS.ProcessEnv; logFile: string }): ChildProcess {
  const log = fs.openSync(opts.logFile, 'a');
  const child = spawn(cmd, args, { cwd: opts.cwd, env: { ...process.env, ...opts.env }, stdio: ['ignore', log, log] });
  fs.closeSync(log);
  child.once('exit', (code, signal) => {
    if (code !== 0 && signal !== 'SIGTERM' && signal !== 'SIGINT' && !(child as { stopping?: boolean }).stopping) {
      console.error(`[${name}] exited with ${code ?? signal}; see ${opts.logFile}`);
    }
  });
  return child;
}

export async function stopChild(child: ChildProcess | undefined, timeoutMs = 5000): Promise<void> {
  if (!child || child.exitCode !== null || child.signalCode !== null) return;
  (child as { stopping?: boolean }).stopping = true;
  await new Promise<void>((resolve) => {
    const t = setTimeout(() => (child.kill('SIGKILL'), resolve()), timeoutMs);
    child.once('exit', () => (clearTimeout(t), resolve()));
    child.kill('SIGTERM');
  });
}
