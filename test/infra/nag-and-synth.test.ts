import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { Stack } from 'aws-cdk-lib';
import { AwsSolutionsChecks } from 'cdk-nag';
import type { SiteStack } from '../../infra/stacks/site-stack';
import { scratchDir } from '../support/scratch';
import { buildApp, REPO_ROOT, synthBioscope } from './bioscope-app';

/** Findings cdk-nag's AWS Solutions pack reports that no acknowledgement covers, readable. */
const findings = (stack: Stack) =>
  new AwsSolutionsChecks().validateScope(stack).violations.flatMap((v) => v.violatingResources.map((r) => `${v.ruleName} at ${(r as { constructPath?: string }).constructPath}`));

const tmp = (name: string) => scratchDir(`bioscope-${name}-`);

describe('cdk-nag AWS Solutions', () => {
  const builtWeb = tmp('web');
  fs.writeFileSync(path.join(builtWeb, 'index.html'), '<!doctype html>');

  test.each([
    ['before the web is built', { webDist: tmp('empty') }],
    ['with a web build to deploy', { webDist: builtWeb }],
    ['without Google federation', { googleClientId: '' }],
  ])('no unacknowledged error or warning %s', (_, context) => {
    const { edge, site, data, api, edgeAlarms, app } = buildApp({ googleClientId: 'id.apps.googleusercontent.com', ...context });
    for (const stack of [edge, site, data, api, edgeAlarms]) expect(findings(stack)).toEqual([]);
    // The same pack runs as a validation plugin at synthesis, on the resolved templates.
    expect(() => app.synth()).not.toThrow();
  });

  test('the web deployment exists only when there is a build', () => {
    expect(synthBioscope({ webDist: builtWeb }).siteTemplate.findResources('Custom::CDKBucketDeployment')).not.toEqual({});
    expect(synthBioscope({ webDist: tmp('none') }).siteTemplate.findResources('Custom::CDKBucketDeployment')).toEqual({});
  });
});

describe('cdk-nag acknowledgements', () => {
  /** The AWS Solutions pack's rule ids (AwsSolutions-<id>), read from the installed cdk-nag. */
  const packRules = new Set(
    [...fs.readFileSync(require.resolve('cdk-nag/lib/packs/aws-solutions.js'), 'utf8').matchAll(/ruleSuffixOverride: '([A-Z0-9]+)'/g)].map((m) => m[1]!),
  );
  /** Every AwsSolutions acknowledgement in the app, where it is and its reason. */
  const acknowledgements = (context: Record<string, unknown> = {}) =>
    buildApp({ googleClientId: 'id.apps.googleusercontent.com', ...context }).app.node.findAll().flatMap((c) =>
      c.node.metadata
        .filter((m) => m.type === 'aws:cdk:acknowledged-rules')
        .flatMap((m) => Object.entries(m.data as Record<string, string>))
        .filter(([id]) => id.includes('AwsSolutions-'))
        .map(([id, reason]) => ({ at: c.node.path, id, rule: /AwsSolutions-([A-Z0-9]+)/.exec(id)![1]!, reason })),
    );

  test('each names a rule the installed pack has (none left over from an older cdk-nag) and gives a reason of its own', () => {
    expect(packRules.size).toBeGreaterThan(50);
    const acks = acknowledgements();
    expect(acks.length).toBeGreaterThan(0);
    expect(acks.filter((a) => !packRules.has(a.rule)).map((a) => `${a.id} at ${a.at}`)).toEqual([]);
    for (const a of acks) expect(a.reason.length).toBeGreaterThan(40);
  });
});

describe('placeholder CloudFront key', () => {
  const warned = (site: SiteStack) =>
    site.videoKey.node.metadata.some((m) => m.type === 'aws:cdk:warning' && String(m.data).includes('placeholder'));

  test('synth warns while the placeholder is in use, and not once a key is passed', () => {
    expect(warned(buildApp().site)).toBe(false);
    expect(warned(buildApp({ cloudfrontPublicKeyPem: '' }).site)).toBe(true);
  });
});

describe('cdk synth (CLI, offline, real bundling)', () => {
  test('produces the five stacks of the dev stage with no AWS credentials', () => {
    const out = tmp('cdkout');
    const env: NodeJS.ProcessEnv = { ...process.env, CDK_DISABLE_CLI_TELEMETRY: 'true', CDK_DISABLE_VERSION_CHECK: '1', AWS_EC2_METADATA_DISABLED: 'true' };
    for (const k of ['AWS_ACCESS_KEY_ID', 'AWS_SECRET_ACCESS_KEY', 'AWS_SESSION_TOKEN', 'AWS_PROFILE']) delete env[k];
    const run = spawnSync(path.join(REPO_ROOT, 'node_modules/.bin/cdk'), ['synth', '--quiet', '-o', out], {
      cwd: REPO_ROOT,
      env,
      encoding: 'utf8',
      // A real synth bundles every Lambda and stages the web build twice (assets, the rest): about 30 s of
      // CPU, but minutes of wall time while the other tiers share the 2 cores. It checks correctness, not speed.
      timeout: 240_000,
    });
    expect(run.stderr).not.toMatch(/AwsSolutions-/);
    expect(run.status).toBe(0);
    for (const stack of ['BioscopeEdge-dev', 'BioscopeSite-dev', 'BioscopeData-dev', 'BioscopeApi-dev', 'BioscopeEdgeAlarms-dev']) expect(fs.existsSync(path.join(out, `${stack}.template.json`))).toBe(true);
    fs.rmSync(out, { recursive: true, force: true });
  }, 300_000);
});
