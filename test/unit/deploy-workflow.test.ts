/**
 * The GitHub workflow (.github/workflows/deploy.yml) cannot run here, so its shape is checked
 * (issue 38, item 13): tests and both stages' synth on every push; on main, dev then prod, prod
 * behind its GitHub environment's approval; AWS only through OIDC; every command it calls exists.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { parse } from 'yaml';
import { scratchDir } from '../support/scratch';

const root = path.resolve(__dirname, '../..');
const file = path.join(root, '.github/workflows/deploy.yml');
const text = fs.readFileSync(file, 'utf8');

interface Step {
  name?: string;
  uses?: string;
  run?: string;
  with?: Record<string, unknown>;
  env?: Record<string, string>;
}
interface Job {
  needs?: string | string[];
  if?: string;
  environment?: string | { name: string };
  permissions?: Record<string, string>;
  steps: Step[];
}
const workflow = parse(text) as { on: Record<string, unknown>; permissions: Record<string, string>; jobs: Record<string, Job> };
const { jobs } = workflow;
const runs = (job: Job) => job.steps.flatMap((s) => (s.run ? [s.run] : []));
const needs = (job: Job) => [job.needs ?? []].flat();
const environmentOf = (job: Job) => (typeof job.environment === 'string' ? job.environment : job.environment?.name);

describe('.github/workflows/deploy.yml', () => {
  test('runs on every push; the default token may only read the repository', () => {
    expect(Object.keys(workflow.on)).toContain('push');
    expect(workflow.on.push).toBeNull();
    expect(workflow.permissions).toEqual({ contents: 'read' });
  });

  test('has a test job and a deploy job per stage, dev after the tests and prod after dev', () => {
    expect(Object.keys(jobs).sort()).toEqual(['deploy-dev', 'deploy-prod', 'test']);
    expect(needs(jobs['deploy-dev']!)).toEqual(['test']);
    expect(needs(jobs['deploy-prod']!)).toEqual(['deploy-dev']);
  });

  test('the test job installs from the lock, Debian Chromium from apt, runs npm test and synthesizes dev and prod', () => {
    const commands = runs(jobs.test!).join('\n');
    expect(commands).toMatch(/apt-get install [^\n]*\bchromium\b/);
    expect(commands).toMatch(/^npm ci\b/m);
    expect(commands).toMatch(/^npm test$/m);
    expect(commands).toContain('npm run synth -- -c stage=dev');
    expect(commands).toContain('npm run synth -- -c stage=prod');
    expect(jobs.test!.permissions).toBeUndefined();
    expect(jobs.test!.environment).toBeUndefined();
  });

  test.each([
    ['deploy-dev', 'dev'],
    ['deploy-prod', 'prod'],
  ])('%s deploys only from main, in the GitHub environment %s, with an OIDC session', (id, stage) => {
    const job = jobs[id]!;
    expect(job.if).toContain("github.ref == 'refs/heads/main'");
    expect(environmentOf(job)).toBe(stage);
    expect(job.permissions).toEqual({ contents: 'read', 'id-token': 'write' });
    const login = job.steps.find((s) => s.uses?.startsWith('aws-actions/configure-aws-credentials@'));
    expect(login?.with).toEqual({ 'role-to-assume': '${{ vars.AWS_DEPLOY_ROLE_ARN }}', 'aws-region': '${{ vars.AWS_REGION }}' });
    const commands = runs(job).join('\n');
    expect(commands).toContain(`npx cdk deploy --all -c stage=${stage}`);
    expect(commands).toContain('--require-approval never');
    // The session exists only after the login step: nothing before it talks to AWS.
    expect(job.steps.findIndex((s) => s.run?.includes('cdk deploy'))).toBeGreaterThan(job.steps.indexOf(login!));
  });

  test('holds no long-lived AWS key', () => {
    expect(text).not.toMatch(/AWS_SECRET_ACCESS_KEY|AWS_ACCESS_KEY_ID|aws-secret-access-key|aws-access-key-id|secrets\./i);
  });

  test('every npm run script and npx command it calls exists', () => {
    const scripts = Object.keys((JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')) as { scripts: Record<string, string> }).scripts);
    const all = Object.values(jobs).flatMap(runs).join('\n');
    const called = [...all.matchAll(/npm run ([\w:-]+)/g)].map((m) => m[1]!);
    expect(called.length).toBeGreaterThan(0);
    expect(called.filter((s) => !scripts.includes(s))).toEqual([]);
    const bins = [...all.matchAll(/npx ([\w-]+)/g)].map((m) => m[1]!);
    expect(bins.filter((b) => !fs.existsSync(path.join(root, 'node_modules/.bin', b)))).toEqual([]);
    const files = [...all.matchAll(/node (\S+\.mjs)/g)].map((m) => m[1]!);
    expect(files.filter((f) => !fs.existsSync(path.join(root, f)))).toEqual([]);
  });
});

describe('.github/cdk-context.mjs', () => {
  const script = path.join(root, '.github/cdk-context.mjs');

  test("writes a stage's settings variable as cdk.context.json, JSON values of the settings as strings", () => {
    const dir = scratchDir('cdk-context-');
    const settings = { region: 'eu-central-1', monthlyBudgetUsd: 100, contactInfo: { location: 'Cairo', phone: '', email: '', chatUrl: '', social: [] } };
    execFileSync(process.execPath, [script], { cwd: dir, env: { PATH: process.env.PATH, CDK_CONTEXT: JSON.stringify(settings) } });
    expect(JSON.parse(fs.readFileSync(path.join(dir, 'cdk.context.json'), 'utf8'))).toEqual({
      region: 'eu-central-1',
      monthlyBudgetUsd: 100,
      contactInfo: '{"location":"Cairo","phone":"","email":"","chatUrl":"","social":[]}',
    });
  });

  test('refuses an unset or malformed variable with the name of what to set', () => {
    const dir = scratchDir('cdk-context-');
    const empty = spawnSync(process.execPath, [script], { cwd: dir, env: { PATH: process.env.PATH, CDK_CONTEXT: '' }, encoding: 'utf8' });
    expect(empty.status).toBe(1);
    expect(empty.stderr).toContain('docs/deploy.md');
    const list = spawnSync(process.execPath, [script], { cwd: dir, env: { PATH: process.env.PATH, CDK_CONTEXT: '[1]' }, encoding: 'utf8' });
    expect(list.status).toBe(1);
    expect(fs.existsSync(path.join(dir, 'cdk.context.json'))).toBe(false);
  });
});
