/**
 * The Lambdas' configuration, parsed once at cold start. No other file under functions/ reads
 * process.env. Locally the embedded platform sets the same variables the CDK stack sets in AWS,
 * plus the *_ENDPOINT ones that point the SDK clients at the stand-ins.
 */
import { z } from 'zod';

const schema = z.object({
  TABLE_NAME: z.string().default('bioscope'),
  MEDIA_BUCKET: z.string().default('bioscope-media'),
  AWS_REGION: z.string().default('eu-central-1'),
  USER_POOL_ID: z.string().default(''),
  /** The app client of password sign-in (AdminInitiateAuth, by the Lambdas only). */
  USER_POOL_CLIENT_ID: z.string().default(''),
  /** The hosted UI's app client (Google sign-in; its id is public). */
  HOSTED_UI_CLIENT_ID: z.string().default(''),
  /** Base URL of the pool's OAuth2 domain (hosted UI): https://<prefix>.auth.<region>.amazoncognito.com in AWS. */
  COGNITO_DOMAIN: z.string().default(''),
  /** Issuer of the pool's tokens; empty means AWS's https://cognito-idp.<region>.amazonaws.com/<pool> (cognito-local has its own). */
  COGNITO_ISSUER: z.string().default(''),
  /** Public base URL of the site, used in mails and redirects. */
  PUBLIC_URL: z.string().default('http://localhost:3000'),
  /** 'cloudfront' signs video URLs with the key group; 's3' presigns GETs (local stand-in). */
  MEDIA_URLS: z.enum(['cloudfront', 's3']).default('s3'),
  CLOUDFRONT_KEY_PAIR_ID: z.string().default(''),
  /** JSON {fingerprint: key id} of every public key the key group trusts (two during a rotation); the signer picks its key's id by it. */
  CLOUDFRONT_KEY_PAIR_IDS: z
    .string()
    .default('')
    .transform((v) => (v ? (JSON.parse(v) as unknown) : {}))
    .pipe(z.record(z.string(), z.string())),
  CLOUDFRONT_PRIVATE_KEY_SECRET: z.string().default(''),
  /** Locally only: the PEM private key that signs playback cookies (the platform makes it; AWS reads the secret above). */
  MEDIA_COOKIE_PRIVATE_KEY: z.string().default(''),
  /** Who transcodes uploaded videos to HLS: 'mediaconvert' in AWS; 'local' POSTs the same CreateJob input to LOCAL_TRANSCODER_URL (the platform's ffmpeg runner). */
  TRANSCODER: z.enum(['mediaconvert', 'local']).default('local'),
  LOCAL_TRANSCODER_URL: z.string().default(''),
  /** The role MediaConvert's jobs run as (reads the source, writes hls/), and the queue (empty: the account's default). */
  MEDIACONVERT_ROLE_ARN: z.string().default(''),
  MEDIACONVERT_QUEUE_ARN: z.string().default(''),
  /** The HLS ladder as JSON [{name,height,videoKbps}] (shared/video.ts LadderRung); empty: DEFAULT_HLS_LADDER. */
  HLS_LADDER: z.string().default(''),
  /** '1': segments are AES-128 encrypted with a key per asset, served by our API only. */
  HLS_AES: z.string().default('').transform((v) => v === '1' || v === 'true'),
  /** 'ses' in AWS; 'outbox' stores mails in the table for the local outbox page. */
  MAIL_TRANSPORT: z.enum(['ses', 'outbox']).default('outbox'),
  MAIL_FROM: z.string().default('Bioscope <no-reply@bioscope.local>'),
  SINGLE_SESSION: z.enum(['true', 'false']).default('true').transform((v) => v === 'true'),
  /** The origin secret CloudFront adds as x-origin-verify (functions/lib/origin-guard.ts); empty: the check is off (local). */
  ORIGIN_VERIFY: z.string().default(''),
  /** The key that signs device cookies (functions/auth/device-cookie.ts); empty: a random one per process (cookies then hold in that process only). */
  DEVICE_COOKIE_SECRET: z.string().default(''),
  /** Secrets Manager secret of the recharge codes' key (functions/wallet/code-keys.ts): read by the wallet Lambda only. */
  CODES_SECRET_NAME: z.string().default(''),
  /** The same key inline: the local platform sets it from its data folder; wins over CODES_SECRET_NAME. */
  CODES_SECRET: z.string().default(''),
  PAYMOB_API_URL: z.string().default('https://accept.paymob.com'),
  /** Secrets Manager secret holding the Paymob keys as JSON (see functions/payments/paymob-settings.ts). */
  PAYMOB_SECRET_NAME: z.string().default(''),
  /** The teacher's contact details for /contact, as JSON (shared/schemas/people.ts contactInfo): CDK context `contactInfo` in AWS, the platform's settings locally. */
  CONTACT_INFO: z.string().default(''),
  /** The same JSON inline: the local platform sets it for its payment sandbox; wins over PAYMOB_SECRET_NAME. */
  PAYMOB_SETTINGS: z.string().default(''),
  /** WhatsApp Cloud API's base URL (Graph API); locally the platform's stand-in (infra/local/whatsapp-stand-in.ts). */
  WHATSAPP_API_URL: z.string().default('https://graph.facebook.com'),
  /** Secrets Manager secret holding {accessToken, phoneNumberId, apiVersion} (functions/notify/whatsapp-settings.ts). */
  WHATSAPP_SECRET_NAME: z.string().default(''),
  /** The same JSON inline: the local platform sets it for its stand-in; wins over WHATSAPP_SECRET_NAME. */
  WHATSAPP_SETTINGS: z.string().default(''),
  DYNAMODB_ENDPOINT: z.string().optional(),
  S3_ENDPOINT: z.string().optional(),
  /** The browser-facing S3 endpoint for presigned URLs when it differs from S3_ENDPOINT. */
  S3_PUBLIC_ENDPOINT: z.string().optional(),
  COGNITO_ENDPOINT: z.string().optional(),
  /** The logger's service name (functions/lib/log.ts); CDK sets bioscope-<domain> on each Lambda. */
  POWERTOOLS_SERVICE_NAME: z.string().default('bioscope'),
  /** CloudWatch namespace of our own metrics (functions/lib/metrics.ts); CDK sets Bioscope/<api stack name>, the alarms' namespace. */
  POWERTOOLS_METRICS_NAMESPACE: z.string().default('Bioscope/local'),
  /** Lowest level printed: TRACE, DEBUG, INFO (default; one line per request), WARN, ERROR, SILENT. POWERTOOLS_LOG_LEVEL wins over LOG_LEVEL. */
  POWERTOOLS_LOG_LEVEL: z.string().optional(),
  LOG_LEVEL: z.string().optional(),
  /** 'json' (AWS: one JSON object a line); 'compact' is one readable line a request (the local platform). */
  LOG_FORMAT: z.enum(['json', 'compact']).default('json'),
  /** Set in tests: no SDK retries, so a failure surfaces at once. */
  AWS_MAX_ATTEMPTS: z.coerce.number().int().min(1).default(3),
});

const LOG_LEVELS = ['TRACE', 'DEBUG', 'INFO', 'WARN', 'ERROR', 'CRITICAL', 'SILENT'] as const;
export type LogLevelName = (typeof LOG_LEVELS)[number];
const logLevelOf = (v: string | undefined): LogLevelName => {
  const upper = v?.toUpperCase() as LogLevelName | undefined;
  return upper && LOG_LEVELS.includes(upper) ? upper : 'INFO';
};

export type Env = Omit<z.infer<typeof schema>, 'LOG_LEVEL' | 'POWERTOOLS_LOG_LEVEL'> & { LOG_LEVEL: LogLevelName };
const { LOG_LEVEL, POWERTOOLS_LOG_LEVEL, ...parsed } = schema.parse(process.env);
export const env: Env = {
  ...parsed,
  LOG_LEVEL: logLevelOf(POWERTOOLS_LOG_LEVEL || LOG_LEVEL),
  COGNITO_ISSUER: parsed.COGNITO_ISSUER || `https://cognito-idp.${parsed.AWS_REGION}.amazonaws.com/${parsed.USER_POOL_ID}`,
};
