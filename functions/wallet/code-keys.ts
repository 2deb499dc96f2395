/**
 * The recharge codes' key, and what it does: a code is stored under its keyed hash (HMAC-SHA256),
 * so a copy of the table holds no code that can be typed in, and sealed (AES-256-GCM, the batch id
 * as associated data) so the teacher's CSV can print it again. Both keys come from one secret:
 * CODES_SECRET locally (the platform's data folder), the secret named by CODES_SECRET_NAME in AWS
 * (read once per cold start). A new secret loses every unredeemed code (docs/deploy.md).
 */
import { createCipheriv, createDecipheriv, createHmac, randomBytes } from 'node:crypto';
import { GetSecretValueCommand, SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import { env } from '../lib/env';
import { ServiceUnavailable } from '../lib/errors';
import { logger } from '../lib/log';
import { sdkOptions } from '../lib/sdk-options';

export interface CodeKeys {
  /** The key a code is found by: hex HMAC-SHA256 of its canonical form. */
  lookup(code: string): string;
  /** The code sealed for its batch: base64 of IV (12) | ciphertext | tag (16). */
  seal(code: string, batchId: string): string;
  open(sealed: string, batchId: string): string;
}

const notConfigured = () => new ServiceUnavailable('Recharge codes are not available right now', 'codes.notConfigured');

/** Two keys of one secret, each for one use. */
export function codeKeysOf(secret: string): CodeKeys {
  const derive = (use: string) => createHmac('sha256', secret).update(use).digest();
  const lookupKey = derive('bioscope recharge code lookup');
  const sealKey = derive('bioscope recharge code sealing');
  return {
    lookup: (code) => createHmac('sha256', lookupKey).update(code).digest('hex'),
    seal(code, batchId) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', sealKey, iv).setAAD(Buffer.from(batchId));
      const text = Buffer.concat([cipher.update(code, 'utf8'), cipher.final()]);
      return Buffer.concat([iv, text, cipher.getAuthTag()]).toString('base64');
    },
    open(sealed, batchId) {
      const raw = Buffer.from(sealed, 'base64');
      const decipher = createDecipheriv('aes-256-gcm', sealKey, raw.subarray(0, 12)).setAAD(Buffer.from(batchId));
      decipher.setAuthTag(raw.subarray(raw.length - 16));
      return Buffer.concat([decipher.update(raw.subarray(12, raw.length - 16)), decipher.final()]).toString('utf8');
    },
  };
}

async function load(): Promise<CodeKeys> {
  if (env.CODES_SECRET) return codeKeysOf(env.CODES_SECRET);
  if (!env.CODES_SECRET_NAME) throw notConfigured();
  let secret: string | undefined;
  try {
    secret = (await new SecretsManagerClient(sdkOptions).send(new GetSecretValueCommand({ SecretId: env.CODES_SECRET_NAME }))).SecretString;
  } catch (e) {
    logger.error('the recharge codes secret could not be read', { error: e });
    throw notConfigured();
  }
  if (!secret) throw notConfigured();
  return codeKeysOf(secret);
}

let cached: Promise<CodeKeys> | undefined;
/** The keys, read once per cold start (a failed read is tried again by the next request). */
export const codeKeys = (): Promise<CodeKeys> => (cached ??= load().catch((e: unknown) => ((cached = undefined), Promise.reject(e))));
