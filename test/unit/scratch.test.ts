/** The jest run's scratch folder (test/support/scratch.ts): temporary files go there and leave with it. */
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { closeScratchRoot, openScratchRoot, scratchDir } from '../support/scratch';

describe('scratch space', () => {
  const saved = { TMPDIR: process.env.TMPDIR, BIOSCOPE_TEST_SCRATCH: process.env.BIOSCOPE_TEST_SCRATCH };
  afterEach(() => {
    for (const [k, v] of Object.entries(saved)) if (v === undefined) delete process.env[k];
    else process.env[k] = v;
  });

  test('the run runs inside its own scratch root', () => {
    // Set by the run's globalSetup and inherited by this worker.
    expect(process.env.BIOSCOPE_TEST_SCRATCH).toBeTruthy();
    expect(os.tmpdir()).toBe(process.env.BIOSCOPE_TEST_SCRATCH);
    expect(scratchDir('probe-').startsWith(os.tmpdir() + path.sep)).toBe(true);
  });

  test('the root takes what is made in temp and is removed with it', () => {
    const root = openScratchRoot();
    // (The sandbox's process.env is a copy, so os.tmpdir() here still names the run's own root.)
    expect(process.env.TMPDIR).toBe(root);
    const inside = fs.mkdtempSync(path.join(root, 'cdk.out'));
    fs.writeFileSync(path.join(inside, 'template.json'), '{}');
    closeScratchRoot();
    expect(fs.existsSync(root)).toBe(false);
    expect(fs.existsSync(inside)).toBe(false);
  });
});
