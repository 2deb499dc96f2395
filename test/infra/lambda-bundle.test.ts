/**
 * The bundles CDK ships (infra/bundling/lambda-bundle.ts) load in plain Node as ES modules and
 * export `handler`, the domains' and the video pipeline's alike: catches ESM/CommonJS mix-ups that only show at deploy time.
 * Their source maps are written apart from them (never loaded at a cold start), naming the repository's files.
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

/** The domains' routes, the video pipeline's event handlers (infra/constructs/video-pipeline.ts) the reconcile job's and the weekly report's. */
const TARGETS = [...DOMAINS, 'media/on-upload', 'media/on-transcode-event', 'payments/reconcile-handler', 'reports/run-weekly-report'];

it.each(TARGETS)('bundles the %s Lambda into a loadable ES module exporting handler', async (domain) => {
  const dir = path.join(out, 'asset', domain);
  const maps = path.join(out, 'sourcemaps', domain);
  const js = await bundleLambda(domain, dir, maps);
  expect(fs.readdirSync(dir)).toEqual([BUNDLE_FILE]);
  const map = JSON.parse(fs.readFileSync(path.join(maps, `${BUNDLE_FILE}.map`), 'utf8')) as { sources: string[]; sourcesContent: string[] };
  expect(map.sources).toContain(`functions/${domain.includes('/') ? domain : `${domain}/index`}.ts`);
  expect(map.sourcesContent).toHaveLength(map.sources.length);
  // Only English zod messages ship (the other locales were a third of each bundle).
  const text = Buffer.from(js).toString('utf8');
  expect(text).toContain('Invalid input');
  expect(text).not.toContain('sourceMappingURL');
  expect(text).not.toContain('Ungültige Eingabe');
  expect(gzipSync(js).length).toBeLessThan(400 * 1024);
  const kind = execFileSync(process.execPath, ['--input-type=module', '-e', `const m = await import(${JSON.stringify(path.join(dir, BUNDLE_FILE))}); console.log(typeof m.handler);`], {
    encoding: 'utf8',
    env: { ...process.env, NODE_NO_WARNINGS: '1', TABLE_NAME: 't', AWS_REGION: 'eu-central-1' },
  });
  expect(kind.trim()).toBe('function');
});
