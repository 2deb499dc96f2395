/**
 * What the operator provides, read once from CDK context (`-c key=value` or cdk.json). Every
 * key has a default so `cdk synth` works offline in the dev stage; `-c stage=prod` refuses the
 * placeholders (one error listing every missing setting). Secrets are passed by name, never by value.
 *
 *   stage                           dev (default) or prod: every name below carries it, so both
 *                                   stages can live in one account (stacks BioscopeData-<stage>…)
 *   region                          region of the site (required in prod; dev's default: the CLI's region, else eu-central-1);
 *                                   the WAF web ACL always lives in us-east-1 (BioscopeEdge-<stage>)
 *   googleClientId                  Google OAuth client id (plain). Unset → no Google federation.
 *   googleClientSecretName          Secrets Manager secret holding the Google client secret
 *                                   (create it before deploying with googleClientId set).
 *   paymobSecretName                secret holding the Paymob keys (the operator makes it; read by name)
 *   whatsappSecretName              secret holding the WhatsApp Cloud API settings (default bioscope/<stage>/whatsapp;
 *                                   the operator makes it; without it the weekly report goes by e-mail only)
 *   cloudfrontPublicKeyPem          PEM public key that verifies signed video URLs
 *   cloudfrontPreviousPublicKeyPem  during a key rotation, the key being replaced: trusted too until dropped
 *   cloudfrontPrivateKeySecretName  secret holding its private half (the operator makes it; read by name)
 *   cognitoDomainPrefix             hosted-UI prefix: https://<prefix>.auth.<region>.amazoncognito.com
 *   mailFrom                        sender of our mails; its domain must be a verified SES identity
 *   sesSandbox                      1 while the account's SES is in the sandbox (default in dev; 0 in prod):
 *                                   the auth Lambda may then send to any verified identity, from mailFrom only
 *   mediaBucketName                 media bucket name (default bioscope-<stage>-media-<account>-<region>)
 *   webDist                         built web app to deploy (default web/dist; skipped while absent)
 *   contactInfo                     the teacher's contact details for /contact, JSON:
 *                                   {"location","phone","email","chatUrl","social":[{"name","url"}]}
 *   alarmEmail                      who the alarms and the budget write to (required in prod)
 *   monthlyBudgetUsd                the AWS Budgets amount per month, in US dollars (required in prod)
 *   wafAuthLimit                    requests per IP per 5 minutes on /api/auth/*, coupon checks and
 *                                   contact messages before WAF answers 429 (default 1000)
 *   wafApiLimit                     the same for all of /api/* (default 20000); both sized for a
 *                                   school or carrier NAT address shared by hundreds of students
 *                                   (docs/deploy.md, Limits for an exam night)
 *   apiRateLimit, apiBurstLimit     the API stage's throttle: requests per second, and the bucket a
 *                                   burst may drain (default 1500 and 3000)
 *   authReservedConcurrency,        Lambda concurrency kept for sign-in and for payments, so a storm
 *   paymentsReservedConcurrency     elsewhere cannot starve them (default 100 and 30 in prod, none in
 *                                   dev; 0 = none); it also caps them
 *   lambdaAccountConcurrency        the account's Lambda concurrency quota in the region (default 1000):
 *                                   the headroom alarm's 100 %, and reservations must leave 100 of it
 *   rollout                         how a new Lambda version goes live: canary (10 % for 5 minutes, rolled
 *                                   back on its error alarm; prod's default) or all-at-once (dev's default)
 *   originSecretRotation            change it (1, 2, …) after putting a new value in the origin secret: the
 *                                   distribution and the Lambdas then read the new value at the deploy
 *   domainName, certificateArn      optional custom domain: its ACM certificate must be in us-east-1
 *   hostedZoneId, hostedZoneName    optional Route 53 zone of domainName: the alias records are made in it
 *   hlsLadder                       the HLS ladder MediaConvert makes of every uploaded video, JSON:
 *                                   [{"name":"360p","height":360,"videoKbps":420,"audioKbps":64,"audioChannels":1},…]
 *                                   (default shared/video.ts DEFAULT_HLS_LADDER): 1–8 rungs, heights and bitrates
 *                                   both ascending; a rung's AAC audio optional (default 96 kbit/s stereo)
 *   hlsAes                          1: AES-128 encryption of the segments, the key served by our API to
 *                                   the entitled student only (GET /api/AWS/media-keys/{assetId}); 0 (default): none
 */
import { createPublicKey } from 'node:crypto';
import * as path from 'node:path';
import { Aws } from 'aws-cdk-lib';
import type { Node } from 'constructs';
import { keyFingerprint } from '../../functions/lib/key-fingerprint';
import type { Domain } from '../../shared/routes';
import { type ContactInfo, contactInfo } from '../../shared/schemas/people';
import { audioProblem, DEFAULT_HLS_LADDER, type LadderRung } from '../../shared/video';

/** Until the operator passes theirs (-c contactInfo='{…}'): a neutral card that says nothing false. */
export const DEFAULT_CONTACT_INFO: ContactInfo = { location: 'Egypt', phone: '', email: '', chatUrl: '', social: [] };

/**
 * PLACEHOLDER, NOT A REAL KEY PAIR: its private half was thrown away, so every signed video URL
 * is refused until the operator passes their own key with -c cloudfrontPublicKeyPem=...
 */
export const PLACEHOLDER_CLOUDFRONT_PUBLIC_KEY = `-----BEGIN PUBLIC KEY-----
MIIBIjANBgkqhkiG9w0BAQEFAAOCAQ8AMIIBCgKCAQEAp+/pe59FdRMJoB+rsdnM
7qMaL1CvtXul3LDtJxXGqQxIW2OlmQGjWMV0U7S8YV1oQ6GcBubJhk9pMD1afUIZ
3W6wT7tt/02iYqMf12iGlNFLPw/Qt6R34revjeZ2Pvb/qQomSXR90IskE939FLKv
9yPFwQmGQWWIqtcBvd7puRXWICbYW6OanrZckBTyd4rs26oqvfa/AN84Uckr6/xg
l+1d0CC7+uVylkJRlHsZI1xKHmqgXQ/P4zxx3Th/Ny7TsPnCN1dpVbS0KCrRet1/
uZd0Rt8kfDPa/84Is1/fB8T1IS1MdMfv9i5CRkllevUSZXDdpHTyJ0ujj5f3OGqm
twIDAQAB
-----END PUBLIC KEY-----`;

export const STAGES = ['dev', 'prod'] as const;
export type Stage = (typeof STAGES)[number];

/** The sender until the operator names theirs: example.com can never be a verified SES identity. */
export const PLACEHOLDER_MAIL_FROM = 'Bioscope <no-reply@example.com>';
/** When neither -c region nor the CLI's profile names one (offline synth). */
export const DEFAULT_REGION = 'eu-central-1';
/** CloudFront's web ACLs and viewer certificates must be in this region. */
export const EDGE_REGION = 'us-east-1';

/**
 * What a ladder may hold. H.264 needs even dimensions; below 144p nothing is legible on a phone and
 * above 2160p MediaConvert's AVC tops out; 100 kbit/s–20 Mbit/s spans a 144p talking head to 4K.
 * More rungs than 8 cost transcoding minutes (each rung is billed) for no visible gain.
 */
export const LADDER_LIMITS = { maxRungs: 8, minHeight: 144, maxHeight: 2160, minKbps: 100, maxKbps: 20_000, name: /^[a-z0-9][a-z0-9_-]{0,15}$/i } as const;

/** Lambda keeps this much of the account's concurrency unreserved; a reservation that cuts into it fails to deploy. */
export const LAMBDA_MIN_UNRESERVED = 100;

/** How CodeDeploy moves a function's `live` alias to a new version (infra/constructs/rollouts.ts). */
export const ROLLOUTS = ['canary', 'all-at-once'] as const;
export type Rollout = (typeof ROLLOUTS)[number];

/** WAF's rate-based rules count over 5 minutes; AWS's smallest limit is 10. */
export const WAF_WINDOW_SECONDS = 300;
const WAF_MIN_LIMIT = 10;

export interface CustomDomain {
  name: string;
  certificateArn: string;
  /** The Route 53 zone to write the alias records in; without it the operator points DNS at CloudFront. */
  hostedZone?: { id: string; name: string };
}

export interface Settings {
  stage: Stage;
  /** Region of the data, api and site stacks (explicit, so the us-east-1 web ACL can be referenced). */
  region: string;
  /** The stacks' ids (= CloudFormation stack names): each stage has its own. */
  stackIds: { edge: string; site: string; data: string; api: string; edgeAlarms: string };
  /** The user pool's name in this stage. */
  userPoolName: string;
  google?: { clientId: string; clientSecretName: string };
  paymobSecretName: string;
  /** The WhatsApp Cloud API settings {accessToken, phoneNumberId, apiVersion} (docs/whatsapp.md): read by the weekly report only. */
  whatsappSecretName: string;
  /** The key that verifies signed video URLs and cookies, and during a rotation the one it replaces (both in the key group). */
  cloudfrontPublicKeyPem: VideoPublicKey;
  cloudfrontPreviousPublicKeyPem?: VideoPublicKey;
  cloudfrontPrivateKeySecretName: string;
  /** The secret CloudFront sends the API as the origin header (functions/lib/origin-guard.ts); generated, never typed. */
  originSecretName: string;
  /**
   * CloudFormation resolves a dynamic reference again only when it updates the resource holding it:
   * a new value here changes the distribution and the Lambdas, so both read the rotated secret.
   */
  originSecretRotation: string;
  /** The key that signs device cookies (functions/auth/device-cookie.ts); generated, never typed. */
  deviceCookieSecretName: string;
  /** The key recharge codes are looked up (HMAC) and sealed (AES-GCM) with (functions/wallet/code-keys.ts); generated, never typed. */
  codesSecretName: string;
  cognitoDomainPrefix: string;
  mailFrom: string;
  /** Named, so the api stack can scope grants to it without a cross-stack reference. */
  mediaBucketName: string;
  /** SES identities mail may be sent from: the sender's domain and address. */
  mailIdentities: string[];
  /** The sender's bare address (mailFrom without its display name). */
  mailFromAddress: string;
  /** The account's SES is in the sandbox: recipients are identities too, so the mail grant covers them. */
  sesSandbox: boolean;
  webDist: string;
  /** The teacher's contact details (JSON of shared/schemas/people.ts contactInfo), checked at synth. */
  contactInfo: string;
  /** Where alarms and the budget alert go (SNS e-mail subscription); absent in dev unless given. */
  alarmEmail?: string;
  /** AWS Budgets monthly amount in USD; absent in dev unless given. */
  monthlyBudgetUsd?: number;
  /** WAF rate limits per IP per WAF_WINDOW_SECONDS. */
  waf: { authLimit: number; apiLimit: number };
  /** The API stage's throttle (requests per second, burst). */
  apiThrottle: { rateLimit: number; burstLimit: number };
  /** Reserved concurrency by domain (auth and payments); absent = none. */
  reservedConcurrency: Partial<Record<Domain, number>>;
  /** The account's Lambda concurrency quota in the region. */
  lambdaAccountConcurrency: number;
  rollout: Rollout;
  /** The site's own domain instead of *.cloudfront.net. */
  domain?: CustomDomain;
  /** The adaptive-video pipeline: the HLS ladder each upload is transcoded to, and AES-128 of its segments. */
  hls: { ladder: LadderRung[]; aes: boolean };
}

/** The CloudFormation stack names of a stage (scripts/admin-create.ts reads the data stack's outputs by it). */
export const stackIdsOf = (stage: Stage) => ({
  edge: `BioscopeEdge-${stage}`,
  site: `BioscopeSite-${stage}`,
  data: `BioscopeData-${stage}`,
  api: `BioscopeApi-${stage}`,
  edgeAlarms: `BioscopeEdgeAlarms-${stage}`,
});

/** Thrown when the settings cannot make this stage: every problem at once, one a line. */
export class SettingsError extends Error {
  constructor(
    readonly stage: string,
    readonly problems: string[],
  ) {
    super(`Bioscope cannot synthesize stage '${stage}' with these settings:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'SettingsError';
  }
}

/**
 * The problems of a ladder (none: it is fine): 1–LADDER_LIMITS.maxRungs rungs of {name, height, videoKbps},
 * names folder-safe and distinct (each is a folder under hls/<assetId>/), heights even and within the
 * limits, bitrates whole kbit/s within the limits, and both ascending (a higher rung that costs fewer
 * bits is a mistake, and the player's automatic choice assumes the order).
 */
export function ladderProblems(ladder: unknown): string[] {
  if (!Array.isArray(ladder) || ladder.length === 0) return ['hlsLadder: must be a JSON array of rungs {"name","height","videoKbps"}'];
  const L = LADDER_LIMITS;
  const problems: string[] = [];
  if (ladder.length > L.maxRungs) problems.push(`hlsLadder: ${ladder.length} rungs; at most ${L.maxRungs}`);
  const names = new Set<string>();
  ladder.forEach((raw: unknown, i) => {
    const r = (raw ?? {}) as Partial<Record<keyof LadderRung, unknown>>;
    const at = `hlsLadder[${i}]`;
    if (typeof r.name !== 'string' || !L.name.test(r.name)) problems.push(`${at}.name: '${String(r.name)}' must be 1–16 letters, digits, _ or - (it names a folder)`);
    else if (names.has(r.name)) problems.push(`${at}.name: '${r.name}' is used twice`);
    else names.add(r.name);
    if (!Number.isInteger(r.height) || (r.height as number) % 2 !== 0 || (r.height as number) < L.minHeight || (r.height as number) > L.maxHeight) {
      problems.push(`${at}.height: '${String(r.height)}' must be an even whole number of pixels, ${L.minHeight}–${L.maxHeight}`);
    }
    if (!Number.isInteger(r.videoKbps) || (r.videoKbps as number) < L.minKbps || (r.videoKbps as number) > L.maxKbps) {
      problems.push(`${at}.videoKbps: '${String(r.videoKbps)}' must be a whole number of kbit/s, ${L.minKbps}–${L.maxKbps}`);
    }
    const audio = audioProblem(r, at);
    if (audio) problems.push(audio);
  });
  if (problems.length) return problems;
  const rungs = ladder as LadderRung[];
  for (let i = 1; i < rungs.length; i++) {
    const [lo, hi] = [rungs[i - 1]!, rungs[i]!];
    if (hi.height <= lo.height) problems.push(`hlsLadder: heights must ascend (${lo.name} ${lo.height} then ${hi.name} ${hi.height})`);
    if (hi.videoKbps <= lo.videoKbps) problems.push(`hlsLadder: bitrates must ascend with the height (${lo.name} ${lo.videoKbps} then ${hi.name} ${hi.videoKbps} kbit/s)`);
  }
  return problems;
}

/** A public key as CloudFront is given it (PEM, 64-character lines) and its fingerprint (functions/lib/key-fingerprint.ts). */
export interface VideoPublicKey {
  pem: string;
  fingerprint: string;
}

/**
 * The key in one canonical PEM whatever its wrapping, CRLF or `\\n` escapes: re-wrapping a key must not
 * look like a new key, as CloudFront's public keys cannot be updated in place. Undefined: not a public key.
 */
export function canonicalPublicKey(text: string): VideoPublicKey | undefined {
  const body = /-----BEGIN PUBLIC KEY-----([\s\S]*?)-----END PUBLIC KEY-----/.exec(text.replace(/\\n/g, '\n'))?.[1]?.replace(/\s+/g, '');
  if (!body) return undefined;
  try {
    const pem = createPublicKey({ key: Buffer.from(body, 'base64'), format: 'der', type: 'spki' }).export({ type: 'spki', format: 'pem' }).toString();
    return { pem, fingerprint: keyFingerprint(pem) };
  } catch {
    return undefined;
  }
}

function publicKeyOf(setting: string, text: string, problems: string[]): VideoPublicKey | undefined {
  const key = canonicalPublicKey(text);
  if (!key) problems.push(`${setting}: not a PEM public key (-----BEGIN PUBLIC KEY----- … -----END PUBLIC KEY-----, as openssl rsa -pubout writes it)`);
  return key;
}

const PLACEHOLDER_FINGERPRINT = canonicalPublicKey(PLACEHOLDER_CLOUDFRONT_PUBLIC_KEY)!.fingerprint;
/** The placeholder key, whose private half is gone. */
export const isPlaceholderKey = (key: VideoPublicKey) => key.fingerprint === PLACEHOLDER_FINGERPRINT;

const EMAIL = /^[^\s@<>]+@[^\s@<>]+\.[^\s@<>]+$/;
const US_EAST_1_CERT = /^arn:aws[a-z-]*:acm:us-east-1:\d{12}:certificate\/[\w-]+$/;
const DOMAIN = /^(?=.{1,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/;

export function readSettings(node: Node): Settings {
  const str = (key: string): string | undefined => {
    const v: unknown = node.tryGetContext(key);
    if (typeof v === 'number') return String(v);
    return typeof v === 'string' && v.trim() !== '' ? v.trim() : undefined;
  };
  /** Wrong in any stage. */
  const problems: string[] = [];
  /** Placeholders or gaps that only prod refuses. */
  const missing: string[] = [];

  const stageRaw = str('stage') ?? 'dev';
  const stage: Stage = (STAGES as readonly string[]).includes(stageRaw) ? (stageRaw as Stage) : 'dev';
  if (stage !== stageRaw) problems.push(`stage: '${stageRaw}' is not one of ${STAGES.join(', ')}`);
  const prefix = `bioscope-${stage}`;
  const secretPrefix = `bioscope/${stage}`;

  // The CDK CLI sets CDK_DEFAULT_REGION from the profile, and to us-east-1 when the profile has none:
  // prod takes its region from -c region only, so it never lands where nobody chose.
  const regionContext = str('region');
  const regionGiven = regionContext ?? (stage === 'prod' ? undefined : process.env.CDK_DEFAULT_REGION);
  if (!regionContext) missing.push(`region: pass -c region=<aws-region> (prod does not take the CLI's default region, which is us-east-1 when none is configured); offline synth uses ${DEFAULT_REGION}`);

  const googleClientId = str('googleClientId');
  const googleSecretGiven = str('googleClientSecretName');
  if (googleClientId && !googleSecretGiven) {
    missing.push('googleClientSecretName: name the Secrets Manager secret holding the Google client secret (it must exist before the deploy)');
  }

  const mailFromGiven = str('mailFrom');
  const mailFrom = mailFromGiven ?? PLACEHOLDER_MAIL_FROM;
  const address = /<([^>]+)>/.exec(mailFrom)?.[1] ?? mailFrom;
  const mailDomain = address.split('@')[1] ?? '';
  if (!EMAIL.test(address)) problems.push(`mailFrom: '${mailFrom}' has no e-mail address (write 'Name <no-reply@your-domain>')`);
  else if (/(^|\.)example\.(com|org|net)$/i.test(mailDomain)) missing.push(`mailFrom: ${mailFrom} is a placeholder; pass a sender whose domain is a verified SES identity`);

  const pem = publicKeyOf('cloudfrontPublicKeyPem', str('cloudfrontPublicKeyPem') ?? PLACEHOLDER_CLOUDFRONT_PUBLIC_KEY, problems) ?? canonicalPublicKey(PLACEHOLDER_CLOUDFRONT_PUBLIC_KEY)!;
  if (isPlaceholderKey(pem)) missing.push('cloudfrontPublicKeyPem: the placeholder key signs nothing; pass the public half of your CloudFront key pair');
  const previousGiven = str('cloudfrontPreviousPublicKeyPem');
  const previousPem = previousGiven === undefined ? undefined : publicKeyOf('cloudfrontPreviousPublicKeyPem', previousGiven, problems);
  if (previousPem?.fingerprint === pem.fingerprint) problems.push('cloudfrontPreviousPublicKeyPem: it is the current key; pass the key being replaced, or leave it out once the rotation is over');

  const paymobSecretName = str('paymobSecretName');
  if (!paymobSecretName) missing.push(`paymobSecretName: name the secret for the Paymob keys (e.g. ${secretPrefix}/paymob) and make it before the first deploy`);

  const contactGiven = str('contactInfo');
  let contact = JSON.stringify(DEFAULT_CONTACT_INFO);
  if (contactGiven) {
    try {
      contact = JSON.stringify(contactInfo.parse(JSON.parse(contactGiven)));
    } catch (e) {
      problems.push(`contactInfo: not valid JSON of {location, phone, email, chatUrl, social} (${(e as Error).message.split('\n')[0]})`);
    }
  } else missing.push("contactInfo: the teacher's contact details for /contact, as JSON");

  const alarmEmail = str('alarmEmail');
  if (alarmEmail && !EMAIL.test(alarmEmail)) problems.push(`alarmEmail: '${alarmEmail}' is not an e-mail address`);
  if (!alarmEmail) missing.push('alarmEmail: the operator e-mail the alarms and the budget alert are sent to');

  const budgetRaw = str('monthlyBudgetUsd');
  const monthlyBudgetUsd = budgetRaw === undefined ? undefined : Number(budgetRaw);
  if (monthlyBudgetUsd !== undefined && !(Number.isFinite(monthlyBudgetUsd) && monthlyBudgetUsd > 0)) {
    problems.push(`monthlyBudgetUsd: '${budgetRaw}' is not a positive amount of US dollars`);
  }
  if (monthlyBudgetUsd === undefined) missing.push('monthlyBudgetUsd: the monthly AWS budget in US dollars the budget alarm watches');

  const limit = (key: string, fallback: number) => {
    const raw = str(key);
    const n = raw === undefined ? fallback : Number(raw);
    if (!Number.isInteger(n) || n < WAF_MIN_LIMIT) problems.push(`${key}: '${raw}' must be a whole number of requests, at least ${WAF_MIN_LIMIT}`);
    return n;
  };
  const waf = { authLimit: limit('wafAuthLimit', 1000), apiLimit: limit('wafApiLimit', 20_000) };

  /** A whole number ≥ min, or the fallback when unset. */
  const whole = (key: string, fallback: number, min: number, what: string) => {
    const raw = str(key);
    const n = raw === undefined ? fallback : Number(raw);
    if (!Number.isInteger(n) || n < min) problems.push(`${key}: '${raw}' must be a whole number of ${what}, at least ${min}`);
    return n;
  };
  const apiThrottle = { rateLimit: whole('apiRateLimit', 1500, 1, 'requests per second'), burstLimit: whole('apiBurstLimit', 3000, 1, 'requests') };
  if (apiThrottle.burstLimit < apiThrottle.rateLimit) problems.push(`apiBurstLimit: ${apiThrottle.burstLimit} is below apiRateLimit ${apiThrottle.rateLimit} (a second's requests would not fit)`);
  const lambdaAccountConcurrency = whole('lambdaAccountConcurrency', 1000, 1, 'concurrent executions');
  // Dev reserves nothing by default: both stages' reservations come out of one account's pool, and a
  // new account's quota (often 10) leaves nothing to reserve.
  const reserved = (key: string, prodDefault: number) => whole(key, stage === 'prod' ? prodDefault : 0, 0, 'concurrent executions') || undefined;
  const reservedConcurrency = { auth: reserved('authReservedConcurrency', 100), payments: reserved('paymentsReservedConcurrency', 30) };
  const reservedTotal = (reservedConcurrency.auth ?? 0) + (reservedConcurrency.payments ?? 0);
  if (reservedTotal > lambdaAccountConcurrency - LAMBDA_MIN_UNRESERVED) {
    problems.push(
      `authReservedConcurrency, paymentsReservedConcurrency: ${reservedTotal} reserved leaves less than ${LAMBDA_MIN_UNRESERVED} of lambdaAccountConcurrency ${lambdaAccountConcurrency} unreserved (Lambda refuses it); ask AWS for a higher quota first (docs/deploy.md)`,
    );
  }
  const rolloutRaw = str('rollout') ?? (stage === 'prod' ? 'canary' : 'all-at-once');
  const rollout: Rollout = (ROLLOUTS as readonly string[]).includes(rolloutRaw) ? (rolloutRaw as Rollout) : 'canary';
  if (rollout !== rolloutRaw) problems.push(`rollout: '${rolloutRaw}' is not one of ${ROLLOUTS.join(', ')}`);

  const domainName = str('domainName')?.toLowerCase();
  const certificateArn = str('certificateArn');
  const hostedZoneId = str('hostedZoneId');
  const hostedZoneName = str('hostedZoneName')?.toLowerCase().replace(/\.$/, '');
  let domain: CustomDomain | undefined;
  if (domainName || certificateArn) {
    if (!domainName) problems.push('domainName: certificateArn is given without the domain it is for');
    else if (!DOMAIN.test(domainName)) problems.push(`domainName: '${domainName}' is not a domain name`);
    if (!certificateArn) problems.push('certificateArn: a custom domain needs its ACM certificate (in us-east-1)');
    else if (!US_EAST_1_CERT.test(certificateArn)) problems.push(`certificateArn: '${certificateArn}' is not an ACM certificate in us-east-1 (CloudFront reads its certificates there only)`);
    if (Boolean(hostedZoneId) !== Boolean(hostedZoneName)) problems.push('hostedZoneId, hostedZoneName: give both or neither');
    if (domainName && hostedZoneName && domainName !== hostedZoneName && !domainName.endsWith(`.${hostedZoneName}`)) {
      problems.push(`hostedZoneName: ${domainName} is not in the zone ${hostedZoneName}`);
    }
    if (domainName && certificateArn) {
      domain = { name: domainName, certificateArn, ...(hostedZoneId && hostedZoneName ? { hostedZone: { id: hostedZoneId, name: hostedZoneName } } : {}) };
    }
  } else if (hostedZoneId || hostedZoneName) problems.push('hostedZoneId, hostedZoneName: a hosted zone is only used with domainName and certificateArn');

  const ladderRaw: unknown = node.tryGetContext('hlsLadder');
  let ladder: LadderRung[] = DEFAULT_HLS_LADDER.map((r) => ({ ...r }));
  if (ladderRaw !== undefined && ladderRaw !== '') {
    let parsed: unknown = ladderRaw;
    if (typeof ladderRaw === 'string') {
      try {
        parsed = JSON.parse(ladderRaw);
      } catch (e) {
        parsed = undefined;
        problems.push(`hlsLadder: not valid JSON (${(e as Error).message.split('\n')[0]})`);
      }
    }
    if (parsed !== undefined) {
      const found = ladderProblems(parsed);
      if (found.length) problems.push(...found);
      else
        ladder = (parsed as LadderRung[]).map(({ name, height, videoKbps, audioKbps, audioChannels }) => ({
          name,
          height,
          videoKbps,
          ...(audioKbps !== undefined ? { audioKbps } : {}),
          ...(audioChannels !== undefined ? { audioChannels } : {}),
        }));
    }
  }
  const aesCtx: unknown = node.tryGetContext('hlsAes');
  const aesRaw = typeof aesCtx === 'boolean' ? String(aesCtx) : (str('hlsAes')?.toLowerCase() ?? '0');
  const aes = ['1', 'true', 'on'].includes(aesRaw);
  if (!aes && !['0', 'false', 'off'].includes(aesRaw)) problems.push(`hlsAes: '${aesRaw}' must be 1 (encrypt the segments) or 0`);

  // In SES's sandbox a send is also authorized against each recipient's identity (docs/deploy.md, step 3).
  const sandboxRaw = str('sesSandbox')?.toLowerCase() ?? (stage === 'dev' ? '1' : '0');
  const sesSandbox = ['1', 'true', 'on'].includes(sandboxRaw);
  if (!sesSandbox && !['0', 'false', 'off'].includes(sandboxRaw)) problems.push(`sesSandbox: '${sandboxRaw}' must be 1 (the account's SES is in the sandbox) or 0`);

  const all = stage === 'prod' ? [...problems, ...missing] : problems;
  if (all.length) throw new SettingsError(stage, all);

  return {
    stage,
    region: regionGiven ?? DEFAULT_REGION,
    stackIds: stackIdsOf(stage),
    userPoolName: `bioscope-users-${stage}`,
    google: googleClientId ? { clientId: googleClientId, clientSecretName: googleSecretGiven ?? `${secretPrefix}/google-client-secret` } : undefined,
    paymobSecretName: paymobSecretName ?? `${secretPrefix}/paymob`,
    whatsappSecretName: str('whatsappSecretName') ?? `${secretPrefix}/whatsapp`,
    cloudfrontPublicKeyPem: pem,
    cloudfrontPreviousPublicKeyPem: previousPem,
    cloudfrontPrivateKeySecretName: str('cloudfrontPrivateKeySecretName') ?? `${secretPrefix}/cloudfront-private-key`,
    originSecretName: `${secretPrefix}/origin-verify`,
    originSecretRotation: str('originSecretRotation') ?? '1',
    deviceCookieSecretName: `${secretPrefix}/device-cookie`,
    codesSecretName: `${secretPrefix}/recharge-codes`,
    // Prefixes are global per region; the account id keeps the default unique.
    cognitoDomainPrefix: str('cognitoDomainPrefix') ?? `${prefix}-${Aws.ACCOUNT_ID}`,
    mailFrom,
    mediaBucketName: str('mediaBucketName') ?? `${prefix}-media-${Aws.ACCOUNT_ID}-${regionGiven ?? DEFAULT_REGION}`,
    mailIdentities: [mailDomain || address, address],
    mailFromAddress: address,
    sesSandbox,
    webDist: path.resolve(str('webDist') ?? path.join(__dirname, '../../web/dist')),
    contactInfo: contact,
    alarmEmail,
    monthlyBudgetUsd,
    waf,
    apiThrottle,
    reservedConcurrency,
    lambdaAccountConcurrency,
    rollout,
    domain,
    hls: { ladder, aes },
  };
}
