/**
 * Starts the whole platform on one machine: DynamoDB Local, s3rver, cognito-local and the local
 * gateway, creates what is missing (table, bucket, pool), seeds the admin and demo content.
 * Used by `npm start`, the integration and e2e tests (free ports, in-memory table) and the bench.
 */
import { type LambdaWorkers, lambdaWorkers } from './lambda-workers';
import type { ChildProcess } from 'node:child_process';
import type { EventEmitter } from 'node:events';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import type http from 'node:http';
import path from 'node:path';
import type S3rver from 's3rver';
import type { Domain } from '../../shared/routes';
import { stopChild } from './child';
import { cognitoClient, ensurePool, startCognitoLocal } from './cognito';
import { clientsById, createCognitoGate } from './cognito-gate';
import type { LocalConfig } from './config';
import { ensureTable, startDynamoLocal } from './dynamodb';
import { createGateway, type LambdaHandler, type LocalRoute, sendJson } from './gateway';
import { S3_PROXY_PATH } from './media';
import { type GoogleStandInOptions, googleRoutes, HOSTED_UI_PATH } from './google';
import { createPaymobSandbox, PAYMOB_SANDBOX_PATH, type PaymobSettings, paymobSettingsFor } from './paymob-sandbox';
import { createWhatsAppStandIn, localWhatsAppSettings, WHATSAPP_STAND_IN_PATH, type WhatsAppStandInSettings } from './whatsapp-stand-in';
import { keyGroup, playbackKeyPairFor } from './hls-gate';
import { freePort } from './ports';
import { ensureBucket, s3Client, startS3 } from './s3';
import { createLocalTranscoder, findFfmpeg, type LocalTranscoder } from './transcoder';

export const TABLE_NAME = 'bioscope';
export const MEDIA_BUCKET = 'bioscope-media';

export interface PlatformInfo {
  url: string;
  dataDir: string;
  tableName: string;
  bucket: string;
  dynamoEndpoint: string;
  s3Endpoint: string;
  /** The platform's Cognito endpoint: the gate (cognito-gate.ts) that enforces the pool's client settings. */
  cognitoEndpoint: string;
  /** cognito-local itself, behind the gate (loopback): only the platform talks to it (tests may, to play a misconfigured pool). */
  cognitoLocalEndpoint: string;
  userPoolId: string;
  /** The server's app client: password sign-in by AdminInitiateAuth. */
  clientId: string;
  /** The hosted UI's app client (Google sign-in; its id is public). */
  hostedUiClientId: string;
  issuer: string;
  admin: { email: string; password: string; created: boolean };
  demo: { seeded: boolean; detail?: string };
  /** The local Paymob sandbox: PAYMOB_API_URL and the settings the Lambdas get as PAYMOB_SETTINGS (tests sign callbacks with them). */
  paymob: { apiUrl: string; settings: PaymobSettings };
  /** The local WhatsApp Cloud API stand-in: WHATSAPP_API_URL and the settings the Lambdas get as WHATSAPP_SETTINGS. */
  whatsapp: { apiUrl: string; settings: WhatsAppStandInSettings };
  /** The local video transcoder (infra/local/transcoder.ts): its ffmpeg, or why there is none. */
  transcoder: { ffmpeg: string | null; problem?: string };
  /** Threads running the Lambdas (0: the gateway's own; lambda-workers.ts). */
  lambdaWorkers: number;
}

export interface Platform extends PlatformInfo {
  stop(): Promise<void>;
  /** At once, when stop() takes too long: SIGKILL to every child process (DynamoDB Local, cognito-local, ffmpeg). */
  kill(): void;
}

/**
 * Stops a server: its open connections end now (a browser's keep-alive or a request cut off halfway
 * would keep close() waiting a minute or more), then close() resolves.
 */
function closeServer(server: http.Server | undefined): Promise<void> {
  if (!server) return Promise.resolve();
  const closed = new Promise<void>((r) => server.close(() => r()));
  server.closeAllConnections();
  return closed;
}

/** The key that signs device cookies (functions/auth/device-cookie.ts): made once per data folder, so trusted devices survive a restart. */
const deviceCookieSecretFor = (dataDir: string) => keptSecret(path.join(dataDir, 'auth', 'device-cookie.key'));
/** The recharge codes' key (functions/wallet/code-keys.ts): made once per data folder; without it its codes cannot be found or read. */
const codesSecretFor = (dataDir: string) => keptSecret(path.join(dataDir, 'wallet', 'recharge-codes.key'));

/** A random key kept in a file of the data folder (made on first use, readable by its owner only). */
function keptSecret(file: string): string {
  if (fs.existsSync(file)) return fs.readFileSync(file, 'utf8').trim();
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const secret = randomBytes(32).toString('hex');
  fs.writeFileSync(file, `${secret}\n`, { mode: 0o600 });
  return secret;
}

async function portFor(wanted: number, host: string, what: string): Promise<number> {
  try {
    return await freePort(wanted, host);
  } catch {
    throw new Error(`${what} port ${wanted} is in use. Stop whatever uses it, or set another port (see README).`);
  }
}

/** Local-only pages and endpoints: the mail outbox, the Google stand-in, the Paymob sandbox. */
async function localRoutes(google: GoogleStandInOptions, extra: LocalRoute[]): Promise<LocalRoute[]> {
  const { outboxRoutes } = await import('./outbox');
  return [...outboxRoutes, ...googleRoutes(google), ...extra];
}

export interface ReconcileResult {
  checked: number;
  settled: number;
  failed: number;
  expired: number;
  /** Due orders left for the next run (its batch was full). */
  deferred: number;
}
type Reconcile = (now?: Date) => Promise<ReconcileResult>;

/**
 * The payments' reconciliation job (functions/payments/reconcile.ts), loaded lazily like the
 * domain handlers; undefined while that module does not exist, so the platform starts without it.
 */
function reconcileJob(): () => Promise<Reconcile | undefined> {
  const dir = path.resolve(__dirname, '../../functions/payments');
  let job: Promise<Reconcile | undefined> | undefined;
  return () =>
    (job ??= ['reconcile.ts', 'reconcile.js'].some((f) => fs.existsSync(path.join(dir, f)))
      ? import(`../../functions/payments/${'reconcile'}`).then((m: { reconcilePendingOrders?: Reconcile }) => m.reconcilePendingOrders)
      : Promise.resolve(undefined));
}

export async function startPlatform(cfg: LocalConfig): Promise<Platform> {
  const logDir = path.join(cfg.dataDir, 'logs');
  fs.mkdirSync(logDir, { recursive: true });
  const [port, dynamoPort, s3Port, cognitoPort, cognitoLocalPort] = [
    await portFor(cfg.port, cfg.host, 'The web'),
    await portFor(cfg.dynamoPort, '127.0.0.1', 'DynamoDB Local'),
    await portFor(cfg.s3Port, '127.0.0.1', 'S3 (s3rver)'),
    await portFor(cfg.cognitoPort, '127.0.0.1', 'Cognito'),
    await portFor(0, '127.0.0.1', 'cognito-local'),
  ];
  const url = cfg.publicUrl || `http://${cfg.host === '0.0.0.0' ? 'localhost' : cfg.host}:${port}`;
  const dynamoEndpoint = `http://127.0.0.1:${dynamoPort}`;
  const s3Endpoint = `http://127.0.0.1:${s3Port}`;
  const cognitoEndpoint = `http://127.0.0.1:${cognitoPort}`;
  const cognitoLocalEndpoint = `http://127.0.0.1:${cognitoLocalPort}`;

  const children: ChildProcess[] = [];
  let s3server: S3rver | undefined;
  let gateway: http.Server | undefined;
  let cognitoGate: http.Server | undefined;
  let flushPaymob: (() => void) | undefined;
  let transcoder: LocalTranscoder | undefined;
  let workers: LambdaWorkers | undefined;
  // The reconciliation job: on a timer (cfg.reconcileMs), and on demand at POST /_local/reconcile.
  const loadReconcile = reconcileJob();
  let reconcileTimer: NodeJS.Timeout | undefined;
  let reconciling: Promise<ReconcileResult | undefined> | undefined;
  const reconcile = (now?: Date) =>
    (reconciling ??= loadReconcile()
      .then((run) => run?.(now))
      .finally(() => (reconciling = undefined)));
  // Unsaved lecture-form uploads expire as the bucket's lifecycle rule says (infra/local/upload-expiry.ts).
  let uploadExpiryTimer: NodeJS.Timeout | undefined;
  const stop = async () => {
    clearInterval(reconcileTimer);
    clearInterval(uploadExpiryTimer);
    await transcoder?.stop();
    await reconciling?.catch(() => undefined);
    await closeServer(gateway);
    await workers?.stop();
    await closeServer(cognitoGate);
    flushPaymob?.();
    await Promise.all([...children.map((c) => stopChild(c)), s3server?.close().catch(() => undefined)]);
  };

  try {
    // The stand-ins listen on loopback only, whatever HOST the gateway has: DynamoDB Local, s3rver and
    // cognito-local check no credentials (cognito-local's signing key is public). Browsers reach media
    // through the gateway (/media/images/*, presigned /_local/s3/*), and nothing reaches the others.
    children.push(startDynamoLocal({ port: dynamoPort, host: '127.0.0.1', dataDir: path.join(cfg.dataDir, 'dynamodb'), inMemory: cfg.inMemory, logDir }));
    // cognito-local on a loopback port of its own; its tokens name the gate (the platform's Cognito endpoint) as issuer.
    children.push(startCognitoLocal({ port: cognitoLocalPort, host: '127.0.0.1', dir: path.join(cfg.dataDir, 'cognito'), logDir, issuerDomain: cognitoEndpoint }));
    const s3 = await startS3({ port: s3Port, host: '127.0.0.1', directory: path.join(cfg.dataDir, 's3'), bucket: MEDIA_BUCKET });
    s3server = s3.server;
    const paymobSettings = paymobSettingsFor(cfg.dataDir);
    const paymobApiUrl = `${url}${PAYMOB_SANDBOX_PATH}`;
    const [, pool] = await Promise.all([ensureTable(dynamoEndpoint, TABLE_NAME), ensurePool(cognitoLocalEndpoint, url), ensureBucket(s3Endpoint, MEDIA_BUCKET)]);

    // The pool's Cognito endpoint, on loopback only: the gate enforces its clients' settings.
    const clients = clientsById(pool.clientIds);
    cognitoGate = createCognitoGate({ backend: cognitoLocalEndpoint, userPoolId: pool.userPoolId, clients, mfaStateFile: path.join(cfg.dataDir, 'cognito-gate', 'mfa.json') });
    await new Promise<void>((resolve, reject) => {
      cognitoGate!.once('error', reject);
      cognitoGate!.listen(cognitoPort, '127.0.0.1', () => resolve());
    });

    // Playback cookies: signed by the Lambdas with this data folder's key pair, checked by the gateway (infra/local/hls-gate.ts).
    const playbackKey = playbackKeyPairFor(cfg.dataDir);
    // The same variables the CDK stack gives the Lambdas, pointed at the stand-ins.
    Object.assign(process.env, {
      TABLE_NAME,
      MEDIA_BUCKET,
      AWS_REGION: 'eu-central-1',
      USER_POOL_ID: pool.userPoolId,
      USER_POOL_CLIENT_ID: pool.clientIds.server,
      HOSTED_UI_CLIENT_ID: pool.clientIds.hostedUi,
      // The hosted UI's stand-in (infra/local/google.ts) in front of cognito-local's OAuth2 routes.
      COGNITO_DOMAIN: `${url}${HOSTED_UI_PATH}`,
      COGNITO_ISSUER: `${cognitoEndpoint}/${pool.userPoolId}`,
      PUBLIC_URL: url,
      MEDIA_URLS: 's3',
      CLOUDFRONT_KEY_PAIR_ID: playbackKey.keyPairId,
      MEDIA_COOKIE_PRIVATE_KEY: playbackKey.privateKey,
      MAIL_TRANSPORT: 'outbox',
      // Paymob's API is the local sandbox (infra/local/paymob-sandbox.ts), with this data folder's keys.
      PAYMOB_API_URL: paymobApiUrl,
      PAYMOB_SETTINGS: JSON.stringify(paymobSettings),
      // WhatsApp's Cloud API is the local stand-in (infra/local/whatsapp-stand-in.ts), with its fixed fake token.
      WHATSAPP_API_URL: `${url}${WHATSAPP_STAND_IN_PATH}`,
      WHATSAPP_SETTINGS: JSON.stringify(localWhatsAppSettings),
      SINGLE_SESSION: String(cfg.singleSession),
      DEVICE_COOKIE_SECRET: deviceCookieSecretFor(cfg.dataDir),
      CODES_SECRET: codesSecretFor(cfg.dataDir),
      // The teacher's contact card (/contact): CONTACT_INFO or the demo one (infra/local/config.ts).
      CONTACT_INFO: cfg.contactInfo,
      DYNAMODB_ENDPOINT: dynamoEndpoint,
      S3_ENDPOINT: s3Endpoint,
      // Browsers reach the bucket only through the gateway, which checks the presigned URLs as S3 would (infra/local/media.ts).
      S3_PUBLIC_ENDPOINT: `${url}${S3_PROXY_PATH}`,
      COGNITO_ENDPOINT: cognitoEndpoint,
      // s3rver accepts only its own key pair; DynamoDB Local and cognito-local accept any.
      AWS_ACCESS_KEY_ID: 'S3RVER',
      AWS_SECRET_ACCESS_KEY: 'S3RVER',
      // The Lambdas' logger (functions/lib/log.ts), same code as in AWS: readable, and quiet unless asked.
      LOG_LEVEL: cfg.logLevel,
      LOG_FORMAT: cfg.logFormat,
    });
    delete process.env.AWS_SESSION_TOKEN;

    // Uploaded videos → on-upload → the local ffmpeg runner → on-transcode-event, as S3 → Lambda → MediaConvert → EventBridge in AWS.
    const ffmpeg = findFfmpeg();
    if ('missing' in ffmpeg) console.warn(`[transcoder] ${ffmpeg.missing}. The platform runs; uploaded videos fail with this reason.`);
    transcoder = createLocalTranscoder({
      s3: s3Client(s3Endpoint, 3),
      region: 'eu-central-1',
      bucket: MEDIA_BUCKET,
      ffmpeg,
      onUpload: () => import('../../functions/media/on-upload').then((m) => m.handler),
      onJobEvent: () => import('../../functions/media/on-transcode-event').then((m) => m.handler),
      ...(cfg.quiet ? {} : { log: (line: string) => console.log(line) }),
    });
    const localTranscoder = transcoder;
    // s3rver is a Koa app: it emits 'event' with S3's notification shape on every PUT, POST and multipart Complete.
    (s3.server as unknown as EventEmitter).on('event', (e: unknown) => localTranscoder.onS3Event(e as Parameters<LocalTranscoder['onS3Event']>[0]));
    // On loopback whatever HOST is (0.0.0.0 listens there too); a specific HOST address is reached as itself.
    const selfHost = ['0.0.0.0', '::', ''].includes(cfg.host) ? '127.0.0.1' : cfg.host.includes(':') ? `[${cfg.host}]` : cfg.host;
    Object.assign(process.env, { TRANSCODER: 'local', LOCAL_TRANSCODER_URL: `http://${selfHost}:${port}${transcoder.jobsPath}` });

    const { seedAdmin } = await import('./seed');
    const admin = await seedAdmin(cognitoClient(cognitoEndpoint), pool.userPoolId, cfg.adminEmail, cfg.adminPassword);
    const demo = cfg.seedDemo ? await import('./demo').then((m) => m.seedDemo()) : { seeded: false };

    const handlers = new Map<Domain, Promise<LambdaHandler>>();
    // The Lambdas on threads of their own (cfg.lambdaWorkers), made now that the environment is whole.
    if (cfg.lambdaWorkers > 0) workers = lambdaWorkers(cfg.lambdaWorkers);
    const inWorkers = workers;
    const loadDomain = (d: Domain) => {
      if (inWorkers) return Promise.resolve(inWorkers.handler(d));
      if (!handlers.has(d)) handlers.set(d, import(`../../functions/${d}/index`).then((m: { handler: LambdaHandler }) => m.handler));
      return handlers.get(d)!;
    };
    const issuer = `${cognitoEndpoint}/${pool.userPoolId}`;
    const paymob = createPaymobSandbox({ dataDir: cfg.dataDir, settings: paymobSettings, publicUrl: url });
    flushPaymob = paymob.flush;
    const reconcileRoute: LocalRoute = {
      method: 'POST',
      path: '/_local/reconcile',
      access: 'operator',
      handle: async (_req, res, reqUrl) => {
        const at = reqUrl.searchParams.get('now');
        const now = at ? new Date(at) : undefined;
        if (now && Number.isNaN(now.getTime())) return sendJson(res, 400, { message: '`now` must be an ISO date' });
        const result = await reconcile(now);
        if (!result) return sendJson(res, 503, { message: 'functions/payments/reconcile.ts does not exist yet' });
        sendJson(res, 200, result);
      },
    };
    const whatsapp = createWhatsAppStandIn(localWhatsAppSettings);
    // The weekly report (functions/reports/weekly-report.ts) now, as the Friday schedule runs it in AWS; ?now=ISO for tests.
    const weeklyReportRoute: LocalRoute = {
      method: 'POST',
      path: '/_local/reports/weekly',
      access: 'operator',
      handle: async (_req, res, reqUrl) => {
        const at = reqUrl.searchParams.get('now');
        const now = at ? new Date(at) : new Date();
        if (Number.isNaN(now.getTime())) return sendJson(res, 400, { message: '`now` must be an ISO date' });
        const { runWeeklyReport } = await import('../../functions/reports/weekly-report');
        sendJson(res, 200, await runWeeklyReport(now));
      },
    };
    gateway = createGateway({
      port,
      host: cfg.host,
      auth: { issuer, audience: [pool.clientIds.server, pool.clientIds.hostedUi], jwksUrl: `${issuer}/.well-known/jwks.json` },
      loadDomain,
      lambdaConcurrency: Number(process.env.LAMBDA_CONCURRENCY ?? 0),
      ...(process.env.STORE_STATS === '1' ? { timeApi: (await import('./store-stats')).recordApiRequest } : {}),
      webDist: cfg.webDist,
      media: { endpoint: s3Endpoint, bucket: MEDIA_BUCKET, credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' } },
      hls: { siteUrl: url, keys: keyGroup([playbackKey]) },
      localRoutes: await localRoutes({ cognitoEndpoint: cognitoLocalEndpoint, userPoolId: pool.userPoolId, clients }, [...paymob.routes, reconcileRoute, ...whatsapp.routes, weeklyReportRoute, ...transcoder.routes, ...(inWorkers?.routes ?? []), ...(process.env.STORE_STATS === '1' ? await import('./store-stats').then((m) => m.storeStatsRoutes(inWorkers?.control)) : [])]),
      // An admin's token opens the operator pages from another machine: the same session rules as an admin route.
      isAdmin: (event) =>
        import('../../functions/auth/public').then(
          ({ sessionGate }) => sessionGate(event, 'admin').then(() => true, () => false),
        ),
    });
    gateway.keepAliveTimeout = 65_000;
    await new Promise<void>((resolve, reject) => {
      gateway!.once('error', reject);
      gateway!.listen(port, cfg.host, () => resolve());
    });
    if (cfg.reconcileMs > 0) {
      reconcileTimer = setInterval(() => {
        reconcile().then(
          (r) => r && (r.settled || r.failed || r.expired) && !cfg.quiet && console.log(`[reconcile] ${JSON.stringify(r)}`),
          (e: unknown) => console.error('[reconcile]', e),
        );
      }, cfg.reconcileMs);
      reconcileTimer.unref();
    }
    // The gateway answers now: take uploads' events, and send on the stored videos not yet transcoded (the demo's on a first start).
    await transcoder.start();
    const { expireUnsavedUploads, UPLOAD_EXPIRY_EVERY_MS } = await import('./upload-expiry');
    const expireUploads = () =>
      void expireUnsavedUploads({ s3: s3Client(s3Endpoint, 3), bucket: MEDIA_BUCKET }).then(
        (keys) => keys.length > 0 && !cfg.quiet && console.log(`[uploads] ${keys.length} unsaved upload(s) expired`),
        (e: unknown) => console.error('[uploads]', e),
      );
    expireUploads();
    uploadExpiryTimer = setInterval(expireUploads, UPLOAD_EXPIRY_EVERY_MS);
    uploadExpiryTimer.unref();

    return {
      url,
      dataDir: cfg.dataDir,
      tableName: TABLE_NAME,
      bucket: MEDIA_BUCKET,
      dynamoEndpoint,
      s3Endpoint,
      cognitoEndpoint,
      cognitoLocalEndpoint,
      userPoolId: pool.userPoolId,
      clientId: pool.clientIds.server,
      hostedUiClientId: pool.clientIds.hostedUi,
      issuer,
      admin: { email: cfg.adminEmail, password: cfg.adminPassword, created: admin.created },
      demo,
      paymob: { apiUrl: paymobApiUrl, settings: paymobSettings },
      whatsapp: { apiUrl: `${url}${WHATSAPP_STAND_IN_PATH}`, settings: localWhatsAppSettings },
      transcoder: 'path' in ffmpeg ? { ffmpeg: ffmpeg.path } : { ffmpeg: null, problem: ffmpeg.missing },
      lambdaWorkers: cfg.lambdaWorkers,
      stop,
      kill: () => {
        void transcoder?.stop();
        for (const c of children) if (c.exitCode === null && c.signalCode === null) c.kill('SIGKILL');
      },
    };
  } catch (e) {
    await stop();
    throw e;
  }
}
