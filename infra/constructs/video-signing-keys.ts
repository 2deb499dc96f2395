/**
 * The public keys that verify signed video URLs and cookies, and the key group the distribution trusts.
 *
 * CloudFormation cannot update an AWS::CloudFront::PublicKey in place (aws-cdk#15301: "Invalid request
 * provided"), so each key's construct id, and so its logical id, carries the key's fingerprint: a new key
 * is a new resource, created before the old one is deleted, and the same key keeps its resource however
 * its PEM is wrapped (settings.ts canonicalPublicKey). During a rotation the group trusts the previous key
 * as well (docs/deploy.md, "Rotating the video key"); the Lambdas get every trusted key's id by fingerprint
 * and sign with the one whose private half the secret holds (functions/lib/media-urls.ts parseSigningKey).
 */
import { Annotations } from 'aws-cdk-lib';
import { KeyGroup, PublicKey } from 'aws-cdk-lib/aws-cloudfront';
import type { Construct } from 'constructs';
import { isPlaceholderKey, type VideoPublicKey } from '../stacks/settings';

export interface VideoSigningKeys {
  /** The key whose id the Lambdas sign with by default (CLOUDFRONT_KEY_PAIR_ID). */
  current: PublicKey;
  group: KeyGroup;
  /** Fingerprint → CloudFront key id, for every key of the group (CLOUDFRONT_KEY_PAIR_IDS). */
  keyPairIds: Record<string, string>;
}

/** Made in `scope` itself, so the logical ids read VideoSigningKey<fingerprint>… and VideoKeyGroup…. */
export function videoSigningKeys(scope: Construct, current: VideoPublicKey, previous?: VideoPublicKey): VideoSigningKeys {
  // Every property is the key's own (no "current"/"previous" in the comment): moving from current to
  // previous must not change the resource, as an update would fail.
  const keyOf = (key: VideoPublicKey) =>
    new PublicKey(scope, `VideoSigningKey${key.fingerprint.slice(0, 16)}`, {
      comment: 'Verifies signed video URLs and cookies; private half in the CloudFront private key secret',
      encodedKey: key.pem,
    });
  const keys = [keyOf(current), ...(previous ? [keyOf(previous)] : [])];
  if (isPlaceholderKey(current)) {
    Annotations.of(keys[0]!).addWarningV2(
      'bioscope:placeholder-cloudfront-key',
      'cloudfrontPublicKeyPem is the placeholder: signed video URLs will be refused until you pass your own public key (-c cloudfrontPublicKeyPem=...).',
    );
  }
  const fingerprints = [current, ...(previous ? [previous] : [])].map((k) => k.fingerprint);
  return {
    current: keys[0]!,
    group: new KeyGroup(scope, 'VideoKeyGroup', { items: keys }),
    keyPairIds: Object.fromEntries(keys.map((k, i) => [fingerprints[i]!, k.publicKeyId])),
  };
}
