/**
 * The auth Lambda's SES grant. Out of the sandbox SES authorizes a send against the sender's identity
 * only; in the sandbox it also checks each recipient's identity (the verified test addresses), so there
 * the grant adds every identity of the account, for mail from our own address alone. Dev is in the sandbox
 * unless told otherwise; prod is not unless told (-c sesSandbox=1 while SES's production request waits).
 */
import { Template } from 'aws-cdk-lib/assertions';
import { SettingsError } from '../../infra/stacks/settings';
import { buildApp, PROD_SETTINGS } from './bioscope-app';

type Statement = { Action: string | string[]; Resource: unknown; Condition?: unknown };

const PROD = PROD_SETTINGS;

/** A domain's (the auth role's) ses:SendEmail statements, resources as text. */
function sendStatements(context: Record<string, unknown>, domain: 'auth' | 'payments' = 'auth') {
  const { api } = buildApp(context);
  const template = Template.fromStack(api);
  const role = api.getLogicalId(api.functions[domain].fn.role!.node.defaultChild as never);
  return Object.values(template.findResources('AWS::IAM::Policy'))
    .filter((p) => JSON.stringify(p.Properties.Roles).includes(role))
    .flatMap((p) => p.Properties.PolicyDocument.Statement as Statement[])
    .filter((s) => [s.Action].flat().includes('ses:SendEmail'))
    .map((s) => ({ resource: JSON.stringify(s.Resource), condition: s.Condition }));
}

const anyIdentity = (s: { resource: string }) => s.resource.includes(':identity/*"');

describe('sending mail', () => {
  test('dev (the sandbox): any identity of the account, for mail from the sender address only; and the sender identities', () => {
    const dev = sendStatements({});
    expect(dev.filter(anyIdentity)).toEqual([{ resource: expect.any(String), condition: { StringEquals: { 'ses:FromAddress': 'no-reply@example.com' } } }]);
    const sender = dev.filter((s) => !anyIdentity(s));
    expect(sender).toHaveLength(1);
    expect(sender[0]!.resource).toContain('identity/example.com');
    expect(sender[0]!.resource).toContain('identity/no-reply@example.com');
    expect(sender[0]!.condition).toBeUndefined();
  });

  test('prod (out of the sandbox): the sender identities only, unless -c sesSandbox=1', () => {
    const prod = sendStatements(PROD);
    expect(prod.filter(anyIdentity)).toEqual([]);
    expect(prod.map((s) => s.resource).join()).toContain('identity/no-reply@school.eg');
    expect(sendStatements({ ...PROD, sesSandbox: '1' }).filter(anyIdentity).map((s) => s.condition)).toEqual([{ StringEquals: { 'ses:FromAddress': 'no-reply@school.eg' } }]);
    expect(sendStatements({ sesSandbox: '0' }).filter(anyIdentity)).toEqual([]);
  });

  test("payments mails a student's receipt under the same grant as auth's", () => {
    expect(sendStatements({}, 'payments')).toEqual(sendStatements({}));
    expect(sendStatements({}, 'payments').length).toBeGreaterThan(0);
  });

  test('sesSandbox takes 1 or 0 only', () => {
    expect(() => buildApp({ sesSandbox: 'maybe' })).toThrow(SettingsError);
    expect(() => buildApp({ sesSandbox: 'maybe' })).toThrow(/sesSandbox: 'maybe' must be 1/);
  });
});
