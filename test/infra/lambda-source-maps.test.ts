/**
 * Source maps stay out of a Lambda's cold start (issue 38, item 14): the asset CDK uploads holds the
 * bundle alone and no function runs with --enable-source-maps; the map of each bundle is written to
 * cdk.out/sourcemaps/<function>/, where `npm run decode-trace` turns a logged stack trace back into
 * the repository's files and lines.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { App, Stack } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import { UserPool } from 'aws-cdk-lib/aws-cognito';
import { TableV2 } from 'aws-cdk-lib/aws-dynamodb';
import { Bucket } from 'aws-cdk-lib/aws-s3';
import { Secret } from 'aws-cdk-lib/aws-secretsmanager';
import { BUNDLE_FILE } from '../../infra/bundling/lambda-bundle';
import { DomainFunction } from '../../infra/constructs/domain-function';
import { scratchDir } from '../support/scratch';
import { REPO_ROOT, synthBioscope } from './bioscope-app';

jest.setTimeout(120_000);

/** A stack with the health Lambda alone, bundled as `cdk synth` bundles it, into its own cdk.out. */
function synthHealth() {
  const outdir = scratchDir('cdk.out-maps-');
  const app = new App({ outdir });
  const stack = new Stack(app, 'Maps', { env: { region: 'eu-central-1' } });
  const resources = {
    table: TableV2.fromTableName(stack, 'Table', 'bioscope-test'),
    mediaBucket: Bucket.fromBucketName(stack, 'Media', 'bioscope-test-media'),
    userPool: UserPool.fromUserPoolId(stack, 'Pool', 'eu-central-1_test'),
    paymobSecret: Secret.fromSecretNameV2(stack, 'Paymob', 'bioscope/test/paymob'),
    cloudfrontPrivateKey: Secret.fromSecretNameV2(stack, 'VideoKey', 'bioscope/test/cloudfront-private-key'),
    codesSecret: Secret.fromSecretNameV2(stack, 'Codes', 'bioscope/test/recharge-codes'),
    whatsappSecret: Secret.fromSecretNameV2(stack, 'WhatsApp', 'bioscope/test/whatsapp'),
    mailIdentities: ['school.eg'],
  };
  new DomainFunction(stack, 'Health', { domain: 'health', grants: [], resources, environment: {} });
  const assembly = app.synth();
  const template = Template.fromStack(stack);
  const [code] = Object.values(template.findResources('AWS::Lambda::Function')).map((r) => (r as { Properties: { Code: { S3Key: string } } }).Properties.Code);
  const assetDir = path.join(assembly.directory, `asset.${code!.S3Key.replace(/\.zip$/, '')}`);
  return { outdir, template, assetDir };
}

const built = synthHealth();

test('the uploaded asset is the bundle alone: no map, no link to one', () => {
  expect(fs.readdirSync(built.assetDir)).toEqual([BUNDLE_FILE]);
  expect(fs.readFileSync(path.join(built.assetDir, BUNDLE_FILE), 'utf8')).not.toContain('sourceMappingURL');
});

test("the bundle's map is kept under cdk.out/sourcemaps/<function>/, naming the repository's files", () => {
  const map = JSON.parse(fs.readFileSync(path.join(built.outdir, 'sourcemaps/health', `${BUNDLE_FILE}.map`), 'utf8')) as { sources: string[] };
  expect(map.sources).toEqual(expect.arrayContaining(['functions/health/index.ts', 'functions/health/check-health.ts', 'functions/lib/http.ts']));
});

test('no Lambda of the app runs with --enable-source-maps', () => {
  const { apiTemplate } = synthBioscope();
  const functions = Object.values(apiTemplate.findResources('AWS::Lambda::Function')) as { Properties: { Environment?: { Variables?: Record<string, unknown> } } }[];
  expect(functions.length).toBeGreaterThanOrEqual(10);
  expect(functions.map((f) => f.Properties.Environment?.Variables?.NODE_OPTIONS ?? 'none')).toEqual(functions.map(() => 'none'));
  const [health] = Object.values(built.template.findResources('AWS::Lambda::Function')) as { Properties: { Environment: { Variables: Record<string, unknown> } } }[];
  expect(health!.Properties.Environment.Variables).not.toHaveProperty('NODE_OPTIONS');
});

test('npm run decode-trace turns a position in the bundle back into the source file and line', () => {
  const js = fs.readFileSync(path.join(built.assetDir, BUNDLE_FILE), 'utf8');
  const at = js.indexOf('health probe failed');
  const before = js.slice(0, at).split('\n');
  const position = `${before.length}:${before.at(-1)!.length + 1}`;
  const trace = `Error: boom\n    at probe (file:///var/task/${BUNDLE_FILE}:${position})\n    at node:internal/process/task_queues:95:5`;
  const pkg = JSON.parse(fs.readFileSync(path.join(REPO_ROOT, 'package.json'), 'utf8')) as { scripts: Record<string, string> };
  expect(pkg.scripts['decode-trace']).toBe('tsx scripts/decode-trace.ts');
  const decoded = execFileSync(process.execPath, ['--import', 'tsx', path.join(REPO_ROOT, 'scripts/decode-trace.ts'), 'health', '--maps', path.join(built.outdir, 'sourcemaps')], {
    cwd: REPO_ROOT,
    input: trace,
    encoding: 'utf8',
  });
  const line = fs.readFileSync(path.join(REPO_ROOT, 'functions/health/check-health.ts'), 'utf8').split('\n').findIndex((l) => l.includes('health probe failed')) + 1;
  expect(decoded).toMatch(new RegExp(`at probe \\(functions/health/check-health\\.ts:${line}:\\d+\\)`));
  expect(decoded).toContain('at node:internal/process/task_queues:95:5');
});
