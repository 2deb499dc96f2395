/**
 * Which CloudFront key id a Lambda signs with. During a key rotation the key group trusts two public
 * keys and CLOUDFRONT_KEY_PAIR_IDS maps each one's fingerprint to its id: the id follows the private key
 * the secret holds, so the operator may put the new private key in the secret at any time after the
 * deploy that made CloudFront trust its public half, and a private key CloudFront does not trust is
 * refused at once instead of signing URLs that CloudFront would refuse.
 */
import { generateKeyPairSync } from 'node:crypto';
import { keyFingerprint } from '../../functions/lib/key-fingerprint';
import { parseSigningKey } from '../../functions/lib/media-urls';

const pair = () => {
  const { publicKey, privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  return { publicPem: publicKey.export({ type: 'spki', format: 'pem' }).toString(), privatePem: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString() };
};

describe('the key id of the private key in the secret', () => {
  const old = pair();
  const fresh = pair();
  const ids = { [keyFingerprint(old.publicPem)]: 'K-OLD', [keyFingerprint(fresh.publicPem)]: 'K-NEW' };

  test('a private key and its public half have one fingerprint', () => {
    expect(keyFingerprint(old.privatePem)).toBe(keyFingerprint(old.publicPem));
    expect(keyFingerprint(old.privatePem)).not.toBe(keyFingerprint(fresh.publicPem));
  });

  test('is the id of the trusted public key it belongs to, whatever the current one is', () => {
    expect(parseSigningKey(old.privatePem, 'K-NEW', ids)).toEqual({ keyPairId: 'K-OLD', privateKey: old.privatePem.trim() });
    expect(parseSigningKey(fresh.privatePem, 'K-NEW', ids)).toEqual({ keyPairId: 'K-NEW', privateKey: fresh.privatePem.trim() });
  });

  test('a private key the key group does not trust is refused, naming the fix', () => {
    expect(() => parseSigningKey(pair().privatePem, 'K-NEW', ids)).toThrow(/matches no public key of the key group/);
  });

  test('an id written in the secret wins; without the map the env id is used', () => {
    expect(parseSigningKey(JSON.stringify({ keyPairId: 'K9', privateKey: old.privatePem }), 'K-NEW', ids).keyPairId).toBe('K9');
    expect(parseSigningKey(old.privatePem, 'K-NEW', {}).keyPairId).toBe('K-NEW');
  });
});
