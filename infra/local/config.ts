/**
 * Settings of the embedded platform, read once from the environment (docs/local-platform.md lists them).
 * Ports of 0 mean "any free port" (the tests use that).
 */
import os from 'node:os';
import path from 'node:path';

const int = (v: string | undefined, d: number) => (v === undefined || v === '' ? d : Number.parseInt(v, 10));

export interface LocalConfig {
  port: number;
  /** The gateway's address: 127.0.0.1 unless HOST says otherwise (0.0.0.0 for a classroom). The stand-ins stay on loopback whatever it is. */
  host: string;
  /** The site's address as browsers on other machines reach it (PUBLIC_URL, e.g. http://192.168.1.20:3000); else made from HOST and PORT. */
  publicUrl: string;
  dataDir: string;
  /** Keep DynamoDB in memory (tests); otherwise under dataDir/dynamodb. */
  inMemory: boolean;
  dynamoPort: number;
  s3Port: number;
  cognitoPort: number;
  adminEmail: string;
  adminPassword: string;
  seedDemo: boolean;
  singleSession: boolean;
  /** Serve the built web app from here. */
  webDist: string;
  quiet: boolean;
  /** The Lambdas' logger, locally: readable lines (LOG_FORMAT=compact), quiet (WARN: errors only) unless LOG_REQUESTS=1 or LOG_LEVEL says otherwise. */
  logLevel: string;
  logFormat: 'json' | 'compact';
  /** How often the payments' reconciliation job runs (the scheduled job in AWS); 0 disables it (the tests call it directly). */
  reconcileMs: number;
  /**
   * Threads that run the Lambdas (LAMBDA_WORKERS; lambda-workers.ts): one per core by default, so the
   * gateway's own thread only moves requests and answers; 0 runs them on the gateway's thread (the tests).
   */
  lambdaWorkers: number;
  /** The teacher's contact card on /contact (JSON of shared/schemas/people.ts contactInfo): CONTACT_INFO, else a demo card. */
  contactInfo: string;
}

/** A demo teacher's card until CONTACT_INFO names the real one (CDK context `contactInfo` in AWS). */
export const DEMO_CONTACT_INFO = {
  location: 'Nasr City, Cairo, Egypt',
  phone: '+20 100 000 0000',
  email: 'teacher@bioscope.local',
  chatUrl: 'https://wa.me/201000000000',
  social: [
    { name: 'Facebook', url: 'https://www.facebook.com/' },
    { name: 'YouTube', url: 'https://www.youtube.com/' },
  ],
};

/** `npm start`'s Lambda threads: one per core. */
export const defaultLambdaWorkers = () => os.availableParallelism();

export function readConfig(e: NodeJS.ProcessEnv = process.env): LocalConfig {
  const root = path.resolve(__dirname, '../..');
  return {
    port: int(e.PORT, 3000),
    host: e.HOST ?? '127.0.0.1',
    publicUrl: (e.PUBLIC_URL ?? '').replace(/\/+$/, ''),
    dataDir: path.resolve(root, e.DATA_DIR ?? '.data'),
    inMemory: e.DYNAMODB_IN_MEMORY === '1' || e.DYNAMODB_IN_MEMORY === 'true',
    dynamoPort: int(e.DYNAMODB_PORT, 8000),
    s3Port: int(e.S3_PORT, 4569),
    cognitoPort: int(e.COGNITO_PORT, 9229),
    adminEmail: (e.ADMIN_EMAIL ?? 'admin@bioscope.local').toLowerCase(),
    adminPassword: e.ADMIN_PASSWORD ?? 'Admin12345',
    seedDemo: e.SEED_DEMO !== '0',
    singleSession: e.SINGLE_SESSION !== 'false',
    webDist: path.resolve(root, e.WEB_DIST ?? 'web/dist'),
    quiet: e.QUIET === '1',
    logLevel: e.POWERTOOLS_LOG_LEVEL || e.LOG_LEVEL || (e.LOG_REQUESTS === '1' || e.LOG_REQUESTS === 'true' ? 'INFO' : 'WARN'),
    logFormat: e.LOG_FORMAT === 'json' ? 'json' : 'compact',
    reconcileMs: int(e.RECONCILE_MS, 60_000),
    contactInfo: e.CONTACT_INFO ?? JSON.stringify(DEMO_CONTACT_INFO),
    lambdaWorkers: int(e.LAMBDA_WORKERS, defaultLambdaWorkers()),
  };
}

/** One plain line for `npm start` when Node is older than 22: the AWS SDK requires 22 from January 2027, and the Lambdas already run 22. */
export function nodeVersionNotice(version: string = process.versions.node): string | null {
  const major = Number.parseInt(version, 10);
  return major >= 22 ? null : `Node ${version}: works today, but AWS SDK releases from January 2027 require Node 22 (the Lambdas in AWS already run 22). Upgrade when you can.`;
}
