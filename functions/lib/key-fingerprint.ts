/**
 * A key pair's fingerprint: SHA-256 (hex) of its public key's DER (SubjectPublicKeyInfo). The same for
 * a public PEM however it is wrapped and for the pair's private PEM (its public half is derived): the
 * CDK app names the CloudFront public key after it, and the Lambdas find the id of the key they sign
 * with by it (functions/lib/media-urls.ts parseSigningKey).
 */
import { createHash, createPublicKey } from 'node:crypto';

export function keyFingerprint(pem: string): string {
  return createHash('sha256').update(createPublicKey(pem).export({ type: 'spki', format: 'der' })).digest('hex');
}
