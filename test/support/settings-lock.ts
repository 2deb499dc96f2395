/**
 * Shared state of the one test platform. The teacher's settings (AP90) are one item for the whole platform, and the integration files share
 * one platform while they run side by side. A test that changes a setting, or that needs a setting to
 * hold while it runs (one session per student, the device limit), takes this lock: one such test at a
 * time across the run's workers. The lock is a folder under the run's scratch root (mkdir is atomic).
 */
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';

const STALE_MS = 120_000;

export const withTeacherSettings = <T>(run: () => Promise<T>) => withSharedLock('teacher-settings', run);

/**
 * The payments' reconciler settles every pending order of the platform: a test that counts what one run
 * settled holds this while it runs, and every other call of the reconciler waits for it.
 */
export const withReconciler = <T>(run: () => Promise<T>) => withSharedLock('reconciler', run);

/** One holder of `name` at a time across the run's workers. */
export async function withSharedLock<T>(name: string, run: () => Promise<T>): Promise<T> {
  const lock = path.join(process.env.BIOSCOPE_TEST_SCRATCH ?? os.tmpdir(), `${name}.lock`);
  for (;;) {
    try {
      fs.mkdirSync(lock);
      break;
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
      // A worker killed while holding it leaves the folder: taken back after a while.
      const age = Date.now() - (fs.statSync(lock, { throwIfNoEntry: false })?.mtimeMs ?? Date.now());
      if (age > STALE_MS) fs.rmSync(lock, { recursive: true, force: true });
      await new Promise((r) => setTimeout(r, 50 + Math.random() * 100));
    }
  }
  try {
    return await run();
  } finally {
    fs.rmSync(lock, { recursive: true, force: true });
  }
}
