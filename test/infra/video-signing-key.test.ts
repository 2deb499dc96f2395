/**
 * The CloudFront public key that verifies signed video URLs and cookies. CloudFormation cannot update
 * an AWS::CloudFront::PublicKey in place (aws-cdk#15301), so the resource's logical id comes from the
 * key itself: a new key is a new resource, the same key (however its PEM is wrapped) the same one. During
 * a rotation the key group trusts the previous key too, and the Lambdas learn both keys' ids.
 */
import { generateKeyPairSync } from 'node:crypto';
import { Template } from 'aws-cdk-lib/assertions';
import { SettingsError } from '../../infra/stacks/settings';
import { buildApp, TEST_PUBLIC_KEY } from './bioscope-app';

const newPublicKey = () => generateKeyPairSync('rsa', { modulusLength: 2048 }).publicKey.export({ type: 'spki', format: 'pem' }).toString();

/** The site stack's public keys (logical id → PEM) and its key group's items, and the auth Lambda's key ids. */
function keysOf(context: Record<string, unknown>) {
  const { site, api } = buildApp(context);
  const siteTemplate = Template.fromStack(site);
  const keys = Object.fromEntries(
    Object.entries(siteTemplate.findResources('AWS::CloudFront::PublicKey')).map(([id, r]) => [id, r.Properties.PublicKeyConfig.EncodedKey as string]),
  );
  const groups = Object.values(siteTemplate.findResources('AWS::CloudFront::KeyGroup'));
  const items = groups.map((g) => (g.Properties.KeyGroupConfig.Items as { Ref: string }[]).map((i) => i.Ref));
  const fn = Object.values(Template.fromStack(api).findResources('AWS::Lambda::Function')).find((f) => f.Properties.Description === 'Bioscope catalogue routes')!;
  const env = fn.Properties.Environment.Variables as Record<string, unknown>;
  return { keys, items, env, site };
}

/** An env value as text: its Fn::GetStackOutput names the site stack's output after the key's logical id. */
const referenced = (value: unknown) => JSON.stringify(value);

describe('the video signing key', () => {
  const other = newPublicKey();

  test('two different public keys give two different AWS::CloudFront::PublicKey logical ids', () => {
    const a = Object.keys(keysOf({ cloudfrontPublicKeyPem: TEST_PUBLIC_KEY }).keys);
    const b = Object.keys(keysOf({ cloudfrontPublicKeyPem: other }).keys);
    expect(a).toHaveLength(1);
    expect(b).toHaveLength(1);
    expect(a[0]).toMatch(/^VideoSigningKey/);
    expect(b[0]).toMatch(/^VideoSigningKey/);
    expect(a[0]).not.toBe(b[0]);
  });

  test('the same key with other line breaks, CRLF or surrounding blanks keeps its logical id and its encoded form', () => {
    const plain = keysOf({ cloudfrontPublicKeyPem: TEST_PUBLIC_KEY }).keys;
    const body = TEST_PUBLIC_KEY.replace(/-----[A-Z ]+-----/g, '').replace(/\s+/g, '');
    const rewrapped = `  -----BEGIN PUBLIC KEY-----\r\n${body.match(/.{1,76}/g)!.join('\r\n')}\r\n-----END PUBLIC KEY-----\r\n\n`;
    const escaped = TEST_PUBLIC_KEY.trim().replace(/\n/g, '\\n'); // as some shells pass it
    expect(keysOf({ cloudfrontPublicKeyPem: rewrapped }).keys).toEqual(plain);
    expect(keysOf({ cloudfrontPublicKeyPem: escaped }).keys).toEqual(plain);
  });

  test('with a previous key both are in the one key group, and the Lambdas sign with the current one', () => {
    const current = keysOf({ cloudfrontPublicKeyPem: other });
    const rotating = keysOf({ cloudfrontPublicKeyPem: other, cloudfrontPreviousPublicKeyPem: TEST_PUBLIC_KEY });
    const previousId = Object.keys(keysOf({ cloudfrontPublicKeyPem: TEST_PUBLIC_KEY }).keys)[0]!;
    const currentId = Object.keys(current.keys)[0]!;
    // The current key's resource is the same one with or without a previous key beside it.
    expect(Object.keys(rotating.keys).sort()).toEqual([currentId, previousId].sort());
    expect(rotating.items).toEqual([[currentId, previousId]]);
    // CLOUDFRONT_KEY_PAIR_ID is the current key's id; CLOUDFRONT_KEY_PAIR_IDS names both, by fingerprint.
    expect(referenced(rotating.env.CLOUDFRONT_KEY_PAIR_ID)).toContain(currentId);
    expect(referenced(rotating.env.CLOUDFRONT_KEY_PAIR_ID)).not.toContain(previousId);
    expect(referenced(rotating.env.CLOUDFRONT_KEY_PAIR_IDS)).toContain(currentId);
    expect(referenced(rotating.env.CLOUDFRONT_KEY_PAIR_IDS)).toContain(previousId);
    expect(referenced(current.env.CLOUDFRONT_KEY_PAIR_IDS)).not.toContain(previousId);
  });

  test('a key that is not a PEM public key, or a previous key equal to the current one, is refused in any stage', () => {
    const problems = (context: Record<string, unknown>) => {
      try {
        buildApp(context);
      } catch (e) {
        if (e instanceof SettingsError) return e.problems.map((p) => p.split(':')[0]);
        throw e;
      }
      return [];
    };
    expect(problems({ cloudfrontPublicKeyPem: 'not a key' })).toEqual(['cloudfrontPublicKeyPem']);
    expect(problems({ cloudfrontPreviousPublicKeyPem: '-----BEGIN PUBLIC KEY-----\nAAAA\n-----END PUBLIC KEY-----' })).toEqual(['cloudfrontPreviousPublicKeyPem']);
    expect(problems({ cloudfrontPreviousPublicKeyPem: TEST_PUBLIC_KEY.replace(/\n/g, '\r\n') })).toEqual(['cloudfrontPreviousPublicKeyPem']);
  });
});
