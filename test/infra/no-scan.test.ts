/**
 * No Lambda may Scan the table (issue 38 item 8): every read has a key or an index — granting a
 * lecture by name reads the byLookup index (AP68). Checked in every stack's IAM policies (an action
 * pattern that would match dynamodb:Scan, wildcards included) and in the code under functions/.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { Template } from 'aws-cdk-lib/assertions';
import { REPO_ROOT, synthBioscope } from './bioscope-app';

const built = synthBioscope();
const templates: Record<string, Template> = { edge: built.edgeTemplate, site: built.siteTemplate, data: built.dataTemplate, api: built.apiTemplate };

interface Statement {
  Effect: string;
  Action?: string | string[];
  NotAction?: string | string[];
}

/** Every statement of every IAM policy of a template: policies, managed policies, and roles' inline ones. */
function statementsOf(t: Template): Statement[] {
  const docs = [
    ...Object.values(t.findResources('AWS::IAM::Policy')).map((r) => r.Properties.PolicyDocument),
    ...Object.values(t.findResources('AWS::IAM::ManagedPolicy')).map((r) => r.Properties.PolicyDocument),
    ...Object.values(t.findResources('AWS::IAM::Role')).flatMap((r) => ((r.Properties.Policies ?? []) as { PolicyDocument: unknown }[]).map((p) => p.PolicyDocument)),
  ] as { Statement: Statement[] }[];
  return docs.flatMap((d) => d.Statement);
}

/** Whether an IAM action pattern ('dynamodb:*', 'dynamodb:Sc*', '*') matches the action, as IAM compares them (case-insensitive). */
const matches = (pattern: string, action: string) =>
  new RegExp(`^${pattern.replace(/[.+^${}()|[\]\\]/g, '\\$&').replace(/\*/g, '.*').replace(/\?/g, '.')}$`, 'i').test(action);

describe('no dynamodb:Scan', () => {
  test.each(Object.keys(templates))('no policy of the %s stack allows dynamodb:Scan', (name) => {
    const statements = statementsOf(templates[name]!);
    const allowing = statements.filter(
      (s) => s.Effect === 'Allow' && ([s.Action ?? []].flat().some((a) => matches(a, 'dynamodb:Scan')) || (s.NotAction !== undefined && ![s.NotAction].flat().some((a) => matches(a, 'dynamodb:Scan')))),
    );
    expect(allowing).toEqual([]);
  });

  test('the api stack does grant the table reads the Lambdas use (the check above reads real policies)', () => {
    const actions = new Set(statementsOf(built.apiTemplate).flatMap((s) => [s.Action ?? []].flat()));
    expect([...actions].filter((a) => a.startsWith('dynamodb:')).sort()).toEqual(
      expect.arrayContaining(['dynamodb:GetItem', 'dynamodb:PutItem', 'dynamodb:Query', 'dynamodb:UpdateItem']),
    );
  });

  test('no code under functions/ sends a ScanCommand', () => {
    const sources = (dir: string): string[] =>
      fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? sources(path.join(dir, e.name)) : /\.tsx?$/.test(e.name) ? [path.join(dir, e.name)] : []));
    const scanning = sources(path.join(REPO_ROOT, 'functions')).filter((f) => /\bScanCommand\b/.test(fs.readFileSync(f, 'utf8')));
    expect(scanning.map((f) => path.relative(REPO_ROOT, f))).toEqual([]);
  });

  test('the pattern check: wildcards that cover Scan are caught, others are not', () => {
    expect(['dynamodb:Scan', 'dynamodb:*', 'DynamoDB:scan', '*', 'dynamodb:Sc?n'].map((p) => matches(p, 'dynamodb:Scan'))).toEqual([true, true, true, true, true]);
    expect(['dynamodb:Query', 'dynamodb:GetItem', 's3:*'].map((p) => matches(p, 'dynamodb:Scan'))).toEqual([false, false, false]);
  });
});
