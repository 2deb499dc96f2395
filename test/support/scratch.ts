/**
 * Scratch space for tests. The jest run keeps every temporary file under one folder of its own
 * (openScratchRoot, its globalSetup: TMPDIR for the run, so cdk.out, browser profiles and the
 * platform's data land there too) and removes it at the end (closeScratchRoot); a test file removes
 * the folders it asked for at its end (scratchDir), so a run does not pile up what it is done with.
 */
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';

/** A new empty folder, removed when the calling test file's tests are done. */
export function scratchDir(prefix: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  made.push(dir);
  return dir;
}

const made: string[] = [];
if (typeof afterAll === 'function') afterAll(() => made.splice(0).forEach((dir) => fs.rmSync(dir, { recursive: true, force: true })));

const ROOT_ENV = 'BIOSCOPE_TEST_SCRATCH';

/** globalSetup: the run's own temporary folder, inherited by the workers and what they start. */
export function openScratchRoot(): string {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'bioscope-jest-'));
  process.env[ROOT_ENV] = root;
  process.env.TMPDIR = root;
  return root;
}

/** globalTeardown: removes the run's temporary folder with whatever was left in it. */
export function closeScratchRoot(): void {
  const root = process.env[ROOT_ENV];
  if (!root) return;
  fs.rmSync(root, { recursive: true, force: true });
  delete process.env[ROOT_ENV];
}
