/**
 * The secrets whose values come from outside AWS (Paymob's keys, the CloudFront private key) are made
 * by the operator before the first deploy and read by name: a secret a stack generates is generated
 * again when its template changes, which would overwrite the keys the operator put in.
 */
import { Template } from 'aws-cdk-lib/assertions';
import type { Domain } from '../../shared/routes';
import { DOMAINS } from '../../shared/routes';
import { buildApp } from './bioscope-app';

type Statement = { Action: string | string[]; Resource: unknown };

function secretsOf(context: Record<string, unknown> = {}) {
  const built = buildApp(context);
  const templates = [built.edge, built.site, built.data, built.api].map((s) => Template.fromStack(s));
  const secretNames = templates.flatMap((t) => Object.values(t.findResources('AWS::SecretsManager::Secret')).map((r) => r.Properties.Name as string));
  const api = Template.fromStack(built.api);
  /** Domains whose role may GetSecretValue on a resource whose text contains `needle`. */
  const readers = (needle: string) =>
    DOMAINS.filter((domain: Domain) => {
      const role = built.api.getLogicalId(built.api.functions[domain].fn.role!.node.defaultChild as never);
      return Object.values(api.findResources('AWS::IAM::Policy'))
        .filter((p) => JSON.stringify(p.Properties.Roles).includes(role))
        .flatMap((p) => p.Properties.PolicyDocument.Statement as Statement[])
        .some((s) => [s.Action].flat().includes('secretsmanager:GetSecretValue') && JSON.stringify(s.Resource).includes(needle));
    });
  return { secretNames, readers };
}

describe('secrets the operator makes', () => {
  const dev = secretsOf();

  test('no stack makes the Paymob or the CloudFront-key secret; the generated ones (origin header, device cookies, recharge codes) stay', () => {
    expect(dev.secretNames.sort()).toEqual(['bioscope/dev/device-cookie', 'bioscope/dev/origin-verify', 'bioscope/dev/recharge-codes']);
  });

  test('each is read by name by the one Lambda that needs it', () => {
    expect(dev.readers(':secret:bioscope/dev/paymob-??????')).toEqual(['payments']);
    expect(dev.readers(':secret:bioscope/dev/cloudfront-private-key-??????')).toEqual(['catalogue']);
    const custom = secretsOf({ paymobSecretName: 'school/paymob', cloudfrontPrivateKeySecretName: 'school/video-key' });
    expect(custom.readers(':secret:school/paymob-??????')).toEqual(['payments']);
    expect(custom.readers(':secret:school/video-key-??????')).toEqual(['catalogue']);
  });
});
