/**
 * Web delivery in AWS: CloudFront compresses text (gzip and brotli) and hashed /assets/* are
 * cached a year, while index.html is revalidated; the build's .br/.gz copies are not uploaded, and
 * no source map is in the deployment's asset.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { scratchDir } from '../support/scratch';
import { synthBioscope } from './bioscope-app';

const built = scratchDir('bioscope-web-delivery-');
fs.mkdirSync(path.join(built, 'assets'));
// Source maps a build left in web/dist (the build moves them to web/dist-maps): never deployed.
for (const f of ['index.html', 'index.html.br', 'assets/index-abc.js', 'assets/index-abc.js.br', 'assets/index-abc.js.gz', 'assets/index-abc.js.map', 'preferences.js.map']) fs.writeFileSync(path.join(built, f), 'x');
const { app, siteTemplate } = synthBioscope({ webDist: built });
const config = Object.values(siteTemplate.findResources('AWS::CloudFront::Distribution'))[0]!.Properties.DistributionConfig;
const deployments = Object.values(siteTemplate.findResources('Custom::CDKBucketDeployment')).map((r) => r.Properties);

test('the web behaviour compresses with a cache policy that takes gzip and brotli', () => {
  expect(config.DefaultCacheBehavior.Compress).toBe(true);
  // Managed-CachingOptimized: EnableAcceptEncodingGzip and EnableAcceptEncodingBrotli, max TTL a year.
  expect(config.DefaultCacheBehavior.CachePolicyId).toBe('658327ea-f89d-4fab-a63d-7e88639e58f6');
});

test('hashed assets go up with a year of caching, never pruned; the rest revalidates; no .br/.gz goes up', () => {
  const assets = deployments.find((d) => d.DestinationBucketKeyPrefix === 'assets/');
  const shell = deployments.find((d) => d.DestinationBucketKeyPrefix === undefined);
  expect(assets).toMatchObject({ Prune: false, SystemMetadata: { 'cache-control': 'public, max-age=31536000, immutable' } });
  expect(assets.Exclude).toEqual(expect.arrayContaining(['*.br', '*.gz']));
  expect(shell).toMatchObject({ SystemMetadata: { 'cache-control': 'no-cache' } });
  expect(shell.Exclude).toEqual(expect.arrayContaining(['assets/*', '*.br', '*.gz']));
  expect(deployments).toHaveLength(2);
});

test('no source map goes into the deployment\'s assets (nor to the bucket)', () => {
  const out = app.synth().directory;
  const filesOf = (dir: string) => (fs.readdirSync(dir, { recursive: true }) as string[]).map((f) => f.split(path.sep).join('/'));
  const staged = fs
    .readdirSync(out)
    .filter((d) => d.startsWith('asset.') && fs.statSync(path.join(out, d)).isDirectory())
    .map((d) => filesOf(path.join(out, d)))
    .filter((files) => files.includes('index.html') || files.includes('index-abc.js'));
  // The whole site's asset and the hashed assets' one, each without the maps.
  const plain = (files: string[]) => files.filter((f) => !/\.(br|gz)$/.test(f)).sort();
  expect(staged.map(plain).sort()).toEqual([['assets', 'assets/index-abc.js', 'index.html'], ['index-abc.js']]);
  for (const d of deployments) expect(d.Exclude).toEqual(expect.arrayContaining(['*.map']));
});

test('the service worker, its Workbox runtime and the manifest go up revalidated, and a deployment clears them from CloudFront at once', () => {
  const shell = deployments.find((d) => d.DestinationBucketKeyPrefix === undefined);
  // A deployment's exclude patterns as globs over the build's paths.
  const excluded = (file: string) => (shell.Exclude as string[]).some((g) => new RegExp(`^${g.replace(/[.]/g, '\\.').replace(/\*/g, '.*')}$`).test(file));
  expect(['sw.js', 'workbox-e4022e15.js', 'manifest.webmanifest', 'icons/icon-512.png'].filter(excluded)).toEqual([]);
  expect(shell.SystemMetadata).toEqual({ 'cache-control': 'no-cache' });
  expect(shell.DistributionPaths).toEqual(['/index.html', '/sw.js', '/manifest.webmanifest']);
});
