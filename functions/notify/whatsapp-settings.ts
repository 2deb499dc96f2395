/**
 * The WhatsApp Cloud API settings: one JSON with the same keys everywhere —
 * `{"accessToken","phoneNumberId","apiVersion"}` (docs/whatsapp.md). Locally the platform puts it
 * inline in WHATSAPP_SETTINGS; in AWS it is the Secrets Manager secret named by WHATSAPP_SECRET_NAME,
 * made by the operator like Paymob's. Read once per cold start (a failed read is retried by the next
 * send); missing or unreadable → undefined: the sender logs it and reports every message unsent.
 */
import { GetSecretValueCommand, SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import { z } from 'zod';
import { env } from '../lib/env';
import { logger } from '../lib/log';
import { sdkOptions } from '../lib/sdk-options';

export const whatsAppSettingsSchema = z.object({
  accessToken: z.string().min(1),
  phoneNumberId: z.string().regex(/^\d+$/),
  /** The Graph API version of the path, e.g. v23.0. */
  apiVersion: z.string().regex(/^v\d+\.\d+$/),
});
export type WhatsAppSettings = z.infer<typeof whatsAppSettingsSchema>;

/** The settings from their JSON text; anything missing or malformed is undefined (logged without the values). */
export function parseWhatsAppSettings(text: string): WhatsAppSettings | undefined {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    logger.error('WhatsApp settings are not JSON');
    return undefined;
  }
  const r = whatsAppSettingsSchema.safeParse(json);
  if (!r.success) logger.error('WhatsApp settings are incomplete', { fields: r.error.issues.map((i) => i.path.join('.')) });
  return r.success ? r.data : undefined;
}

async function load(): Promise<WhatsAppSettings | undefined> {
  if (env.WHATSAPP_SETTINGS) return parseWhatsAppSettings(env.WHATSAPP_SETTINGS);
  if (!env.WHATSAPP_SECRET_NAME) return undefined;
  const text = (await new SecretsManagerClient(sdkOptions).send(new GetSecretValueCommand({ SecretId: env.WHATSAPP_SECRET_NAME }))).SecretString;
  return text ? parseWhatsAppSettings(text) : undefined;
}

let cached: Promise<WhatsAppSettings | undefined> | undefined;
/** The settings, read once per cold start (an unreadable secret is asked again next time). */
export const whatsAppSettings = (): Promise<WhatsAppSettings | undefined> =>
  (cached ??= load().catch((e: unknown) => (logger.error('WhatsApp secret could not be read', { error: e }), (cached = undefined), undefined)));
