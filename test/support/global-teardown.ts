import type { ChildProcess } from 'node:child_process';
import { stopPlatform } from '../../infra/local/spawn';

export default async function globalTeardown() {
  const g = (globalThis as { __BIOSCOPE__?: { child: ChildProcess; dataDir: string } }).__BIOSCOPE__;
  await stopPlatform(g?.child, g?.dataDir);
}
