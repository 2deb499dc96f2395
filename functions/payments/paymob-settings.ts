/**
 * The Paymob settings: one JSON with the same keys everywhere —
 * `{"secretKey","publicKey","hmacSecret","apiKey","integrations":{"card","wallet","kiosk"}}`.
 * Locally the platform puts it inline in PAYMOB_SETTINGS; in AWS it is the Secrets Manager secret
 * named by PAYMOB_SECRET_NAME. Read once per cold start (a failed read is retried by the next
 * request); missing or unreadable → 503 payment.notConfigured.
 */
import { GetSecretValueCommand, SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import { z } from 'zod';
import { env } from '../lib/env';
import { sdkOptions } from '../lib/sdk-options';
import { ServiceUnavailable } from '../lib/errors';
import { logger } from '../lib/log';

const integrationId = z.coerce.number().int().positive();
export const paymobSettingsSchema = z.object({
  secretKey: z.string().min(1),
  publicKey: z.string().min(1),
  hmacSecret: z.string().min(1),
  /** For the API token of transaction inquiry; without it the reconciler cannot ask Paymob. */
  apiKey: z.string().default(''),
  integrations: z.object({ card: integrationId, wallet: integrationId, kiosk: integrationId }),
});
export type PaymobSettings = z.infer<typeof paymobSettingsSchema>;

const notConfigured = () => new ServiceUnavailable('Online payment is not available right now', 'payment.notConfigured');

/** The settings from their JSON text; anything missing or malformed is "not configured" (logged without the values). */
export function parsePaymobSettings(text: string): PaymobSettings {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    logger.error('Paymob settings are not JSON');
    throw notConfigured();
  }
  const r = paymobSettingsSchema.safeParse(json);
  if (!r.success) {
    logger.error('Paymob settings are incomplete', { fields: r.error.issues.map((i) => i.path.join('.')) });
    throw notConfigured();
  }
  return r.data;
}

async function load(): Promise<PaymobSettings> {
  if (env.PAYMOB_SETTINGS) return parsePaymobSettings(env.PAYMOB_SETTINGS);
  if (!env.PAYMOB_SECRET_NAME) throw notConfigured();
  const sm = new SecretsManagerClient(sdkOptions);
  let text: string | undefined;
  try {
    text = (await sm.send(new GetSecretValueCommand({ SecretId: env.PAYMOB_SECRET_NAME }))).SecretString;
  } catch (e) {
    logger.error('Paymob secret could not be read', { error: e });
    throw notConfigured();
  }
  if (!text) throw notConfigured();
  return parsePaymobSettings(text);
}

let cached: Promise<PaymobSettings> | undefined;
/** The settings, read once per cold start. */
export const paymobSettings = (): Promise<PaymobSettings> => (cached ??= load().catch((e: unknown) => ((cached = undefined), Promise.reject(e))));
