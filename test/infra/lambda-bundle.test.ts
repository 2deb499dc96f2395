/**
 * The bundles CDK ships (infra/bundling/lambda-bundle.ts) load in plain Node as ES modules and
 * export `handler`, the domains' and the video pipeline's alike: catches ESM/CommonJS mix-ups that only show at deploy time.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { BUNDLE_FILE, bundleLambda } from '../../infra/bundling/lambda-bundle';
import { DOMAINS } from '../../shared/routes';
import { scratchDir } from '../support/scratch';

jest.setTimeout(120_000);

const out = scratchDir('bioscope-bundles-');

/** The domains' routes, the video pipeline's event handlers (infra/constructs/video-pipeline.ts) and the reconcile job's. */
const TARGETS = [...DOMAINS, 'media/on-upload', 'media/on-transcode-event', 'payments/reconcile-handler'];

it.each(TARGETS)('bundles the %s Lambda into a loadable ES module exporting handler', async (domain) => {
  const dir = path.join(out, domain);
  const js = await bundleLambda(domain, dir);
  expect(fs.existsSync(path.join(dir, `${BUNDLE_FILE}.map`))).toBe(true);
  // Only English zod messages ship (the other locales were a third of each bundle).
  const text = Buffer.from(js).toString('utf8');
  expect(text).toContain('Invalid input');
  expect(text).not.toContain('Ungültige Eingabe');
  expect(gzipSync(js).length).toBeLessThan(400 * 1024);
  const kind = execFileSync(process.execPath, ['--input-type=module', '-e', `const m = await import(${JSON.stringify(path.join(dir, BUNDLE_FILE))}); console.log(typeof m.handler);`], {
    encoding: 'utf8',
    env: { ...process.env, NODE_NO_WARNINGS: '1', TABLE_NAME: 't', AWS_REGION: 'eu-central-1' },
  });
  expect(kind.trim()).toBe('function');
});
