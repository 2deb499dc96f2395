/**
 * "A domain Lambda": one per entry of DOMAINS, entry functions/<domain>/index.ts. Pins the
 * runtime defaults and grants exactly what the domain's grant list names, in the same call.
 * The same construct makes the video pipeline's event handlers (functions/media/on-upload.ts,
 * on-transcode-event.ts: `handlerFile`), which no route reaches (infra/constructs/video-pipeline.ts).
 */
import * as path from 'node:path';
import { execFileSync } from 'node:child_process';
import { Arn, AssetHashType, DockerImage, Duration, Stack, Stage, Validations } from 'aws-cdk-lib';
import type { ITableV2 } from 'aws-cdk-lib/aws-dynamodb';
import type { IUserPool } from 'aws-cdk-lib/aws-cognito';
import { PolicyStatement, Role, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import { Alias, Architecture, Code, Function as LambdaFunction, Runtime, Tracing } from 'aws-cdk-lib/aws-lambda';
import { LogGroup, RetentionDays } from 'aws-cdk-lib/aws-logs';
import type { IBucket } from 'aws-cdk-lib/aws-s3';
import type { ISecret } from 'aws-cdk-lib/aws-secretsmanager';
import { Construct } from 'constructs';
import { TABLE_DEFINITION } from '../../functions/data/table-def';
import type { Env } from '../../functions/lib/env';
import { MEDIA_PREFIXES } from '../../functions/lib/media-layout';
import type { Domain } from '../../shared/routes';
import { REPO_ROOT, SOURCE_MAPS_DIR } from '../bundling/lambda-bundle';
import { metricsNamespace, serviceName } from './monitoring';

const BUNDLER = path.join(REPO_ROOT, 'infra/bundling/lambda-bundle.ts');

/** What a domain may touch. Each grant is the smallest set of actions its use needs. */
export type Grant =
  /** Items of the table and its indexes: get, query, put, update, delete, batches, transactions (no Scan). */
  | 'data'
  /** Health probe: DescribeTable, HeadBucket, DescribeUserPool; no data access. */
  | 'probe'
  /** Media objects, any prefix: presigned PUTs, HEAD checks of uploads, multipart image stores (no deletes). */
  | 'media'
  /** Media objects under images/ only (quiz images): stores, reads and deletes. */
  | 'media:images'
  /** Read the CloudFront private key that signs video URLs. */
  | 'videos:sign'
  /** Pool calls of sign-up, activation, Google sign-in and password reset. */
  | 'identity:auth'
  /** Pool calls of the admin user screens and the profile page. */
  | 'identity:admin'
  /** Send mail through SES from the configured sender identity. */
  | 'mail'
  /** Read the Paymob keys. */
  | 'paymob'
  /** Read the recharge codes' key. */
  | 'codes'
  /** Read the WhatsApp Cloud API settings. */
  | 'whatsapp';

export interface DomainResources {
  table: ITableV2;
  mediaBucket: IBucket;
  userPool: IUserPool;
  paymobSecret: ISecret;
  cloudfrontPrivateKey: ISecret;
  codesSecret: ISecret;
  whatsappSecret: ISecret;
  /** SES identities (domain and/or address) the mail grant may send from. */
  mailIdentities: string[];
  /** In SES's sandbox: the sender's address, the only From the grant on every (recipient) identity allows. */
  mailSandboxFrom?: string;
}

export interface DomainFunctionProps {
  /** A route domain, or 'media' (the video pipeline) or 'reports' (the weekly report): no routes, a handler file per event source. */
  domain: Domain | 'media' | 'reports';
  /** A handler file of the domain instead of its routes (index.ts): 'on-upload' → functions/media/on-upload.ts. */
  handlerFile?: string;
  /** Default `Bioscope <domain> routes`. */
  description?: string;
  grants: readonly Grant[];
  resources: DomainResources;
  environment: Partial<Record<keyof Env, string>>;
  /** Default 10 s; auth and the webhook call remote services and get more. */
  timeout?: Duration;
  /** Concurrent executions kept for (and capped at) this function; unset: the account's unreserved pool. */
  reservedConcurrency?: number;
}

/** The alias every route and event target invokes; CodeDeploy moves it to each new version (infra/constructs/rollouts.ts). */
export const LIVE_ALIAS = 'live';

/**
 * Item actions of the 'data' grant. A TransactWriteItems is authorized per item (Put, Update,
 * Delete, ConditionCheck), so it needs nothing more. No Scan: every read has a key or an index.
 */
const TABLE_ACTIONS = ['GetItem', 'BatchGetItem', 'Query', 'ConditionCheckItem', 'PutItem', 'UpdateItem', 'DeleteItem', 'BatchWriteItem'];

/** S3 object actions per media grant (HeadObject is authorized as s3:GetObject). */
const MEDIA_ACTIONS: Record<'media' | 'media:images', string[]> = {
  // functions/catalogue/media.ts: presigned PUT uploads and their HEAD check, stored images, signed reads;
  // functions/catalogue/multipart.ts: Create/UploadPart/Complete are s3:PutObject, ListParts and Abort their own
  // functions/media/held-uploads.ts: saving a lecture tags its uploads saved (S3 expires the unsaved ones)
  media: ['s3:GetObject', 's3:PutObject', 's3:PutObjectTagging', 's3:ListMultipartUploadParts', 's3:AbortMultipartUpload'],
  // quizzes: question images stored, read and deleted with their question (deleteImages)
  'media:images': ['s3:GetObject', 's3:PutObject', 's3:DeleteObject'],
};

/**
 * Pool calls by domain. Password sign-in is AdminInitiateAuth: only a role granted it can check a
 * password (no app client allows the public InitiateAuth password flows).
 */
const IDENTITY_ACTIONS: Record<'identity:auth' | 'identity:admin', string[]> = {
  // functions/auth/pool.ts: sign-up (with rollback), activation, password sign-in, Google sign-in, password reset;
  // mfa.ts: the authenticator's code at sign-in (its setup calls take the user's access token, no IAM)
  'identity:auth': ['AdminCreateUser', 'AdminDeleteUser', 'AdminGetUser', 'AdminInitiateAuth', 'AdminRespondToAuthChallenge', 'AdminSetUserPassword', 'AdminUpdateUserAttributes'],
  // users: password change (the current password checked by AdminInitiateAuth, the new one set), block/unblock
  // (functions/users/pool-state.ts), delete; names live in our table, so no attribute update
  'identity:admin': ['AdminInitiateAuth', 'AdminSetUserPassword', 'AdminDisableUser', 'AdminEnableUser', 'AdminDeleteUser'],
};

export class DomainFunction extends Construct {
  readonly fn: LambdaFunction;
  /** The published version that serves requests: routes and event targets invoke this, never $LATEST. */
  readonly alias: Alias;

  constructor(scope: Construct, id: string, props: DomainFunctionProps) {
    super(scope, id);
    const { domain, resources: r } = props;
    // What the bundler builds: the domain (its index.ts) or one handler file of it.
    const target = props.handlerFile ? `${domain}/${props.handlerFile}` : domain;
    // Its source map stays beside the cloud assembly, out of the uploaded asset (decode-trace reads it).
    const mapsDir = path.join(Stage.of(this)!.outdir, SOURCE_MAPS_DIR, target);

    // Our own role and log group: no AWSLambdaBasicExecutionRole (its logs:* reach every group).
    const logGroup = new LogGroup(this, 'Logs', { retention: RetentionDays.ONE_MONTH });
    const role = new Role(this, 'Role', { assumedBy: new ServicePrincipal('lambda.amazonaws.com') });
    role.addToPrincipalPolicy(
      new PolicyStatement({ actions: ['logs:CreateLogStream', 'logs:PutLogEvents'], resources: [logGroup.logGroupArn] }),
    );

    this.fn = new LambdaFunction(this, 'Fn', {
      description: props.description ?? `Bioscope ${domain} routes`,
      code: Code.fromAsset(path.join(REPO_ROOT, 'functions', domain), {
        // The bundle also holds shared/ and functions/lib: hash what is shipped, not the folder.
        assetHashType: AssetHashType.OUTPUT,
        // Two handler files of one folder share the source path, and CDK's bundling cache key leaves the
        // `local` function out: without this the second would be handed the first one's bundle.
        ...(props.handlerFile ? { extraHash: target } : {}),
        bundling: {
          // Never pulled: local bundling (esbuild, infra/bundling/lambda-bundle.ts) always runs.
          image: DockerImage.fromRegistry('local-bundling-only'),
          local: {
            tryBundle(outputDir) {
              execFileSync(process.execPath, ['--import', 'tsx', BUNDLER, target, outputDir, mapsDir], { cwd: REPO_ROOT, stdio: 'inherit' });
              return true;
            },
          },
        },
      }),
      handler: 'index.handler',
      runtime: Runtime.NODEJS_22_X,
      architecture: Architecture.ARM_64,
      memorySize: 512,
      timeout: props.timeout ?? Duration.seconds(10),
      reservedConcurrentExecutions: props.reservedConcurrency,
      role,
      logGroup,
      // X-Ray by the setting alone: Lambda's own segments (init, invocation, overhead) per request,
      // and the trace id in every log line (the logger writes xray_trace_id). Powertools Tracer would add
      // AWS SDK subsegments for +127 KB minified (+38 KB gzip) and ~20 ms of import per cold start
      // (measured: README, Deploying to AWS → Watching it); HTTP APIs send no trace of their own.
      tracing: Tracing.ACTIVE,
      // The AWS SDK is bundled: the versions the stand-in tests ran against are the ones that ship.
      // Powertools Logger (functions/lib/log.ts): one JSON line per request, named by domain.
      environment: {
        POWERTOOLS_SERVICE_NAME: serviceName(domain),
        POWERTOOLS_METRICS_NAMESPACE: metricsNamespace(this),
        LOG_LEVEL: 'INFO',
        // No --enable-source-maps: the map is not shipped (loading it cost each cold start tens of ms).
        ...props.environment,
      },
    });
    this.alias = new Alias(this, 'Live', { aliasName: LIVE_ALIAS, version: this.fn.currentVersion });
    for (const grant of props.grants) this.grant(grant, r);
    Validations.of(this.fn).acknowledge({
      id: 'AwsSolutions-L1',
      reason: 'Node.js 22 is the LTS line the project pins for its Lambdas and their esbuild target; moving to 24 is a deliberate upgrade.',
    });
    Validations.of(role).acknowledge({
      id: 'AwsSolutions-IAM5[Resource::*]',
      reason: 'Active tracing: xray:PutTraceSegments and xray:PutTelemetryRecords have no resource-level permissions; the role has no other statement on "*".',
    });
  }

  private grant(grant: Grant, r: DomainResources): void {
    const fn = this.fn;
    const stack = Stack.of(this);
    switch (grant) {
      case 'data': {
        // Named indexes instead of grantReadWriteData's index/* wildcard. Transactions are
        // authorized per item action, so they need nothing more.
        const indexes = TABLE_DEFINITION.indexes.map((i) => `${r.table.tableArn}/index/${i.name}`);
        fn.addToRolePolicy(new PolicyStatement({ actions: TABLE_ACTIONS.map((a) => `dynamodb:${a}`), resources: [r.table.tableArn] }));
        fn.addToRolePolicy(new PolicyStatement({ actions: ['dynamodb:Query'], resources: indexes }));
        return;
      }
      case 'probe':
        fn.addToRolePolicy(new PolicyStatement({ actions: ['dynamodb:DescribeTable'], resources: [r.table.tableArn] }));
        fn.addToRolePolicy(new PolicyStatement({ actions: ['s3:ListBucket'], resources: [r.mediaBucket.bucketArn] }));
        r.userPool.grant(fn, 'cognito-idp:DescribeUserPool');
        return;
      case 'media':
      case 'media:images': {
        // Explicit object actions (grantRead/grantPut would add s3:List*, s3:GetBucket*, s3:Abort*).
        const keys = grant === 'media' ? '*' : `${MEDIA_PREFIXES.images}*`;
        const objects = r.mediaBucket.arnForObjects(keys);
        fn.addToRolePolicy(new PolicyStatement({ actions: MEDIA_ACTIONS[grant], resources: [objects] }));
        Validations.of(this).acknowledge({
          id: `AwsSolutions-IAM5[Resource::${nagText(this, objects)}]`,
          reason: 'Object ARNs need a key pattern; it is confined to the media bucket (to images/ where that is all the domain writes).',
        });
        return;
      }
      case 'videos:sign':
        r.cloudfrontPrivateKey.grantRead(fn);
        return;
      case 'identity:auth':
      case 'identity:admin':
        r.userPool.grant(fn, ...IDENTITY_ACTIONS[grant].map((a) => `cognito-idp:${a}`));
        return;
      case 'mail':
        fn.addToRolePolicy(
          new PolicyStatement({
            actions: ['ses:SendEmail'],
            resources: r.mailIdentities.map((identity) =>
              Arn.format({ service: 'ses', resource: 'identity', resourceName: identity }, stack),
            ),
          }),
        );
        if (r.mailSandboxFrom) {
          // In the sandbox SES authorizes the send against each recipient's identity as well, and those
          // are the operator's verified test addresses: any identity, but only for mail from our sender.
          const anyIdentity = Arn.format({ service: 'ses', resource: 'identity', resourceName: '*' }, stack);
          fn.addToRolePolicy(
            new PolicyStatement({ actions: ['ses:SendEmail'], resources: [anyIdentity], conditions: { StringEquals: { 'ses:FromAddress': r.mailSandboxFrom } } }),
          );
          Validations.of(this).acknowledge({
            id: `AwsSolutions-IAM5[Resource::${nagText(this, anyIdentity)}]`,
            reason: "SES's sandbox authorizes each recipient's identity too (the verified test addresses, not known at synth); the ses:FromAddress condition limits it to mail from our sender.",
          });
        }
        return;
      case 'paymob':
        r.paymobSecret.grantRead(fn);
        return;
      case 'codes':
        r.codesSecret.grantRead(fn);
        return;
      case 'whatsapp':
        r.whatsappSecret.grantRead(fn);
        return;
    }
  }
}

/** How cdk-nag spells a resource in a finding id: Ref → <Name>, GetAtt → <Id.Attr>, joins flattened. */
export function nagText(scope: Construct, value: string): string {
  const flat = (node: unknown): string => {
    if (typeof node === 'string') return node;
    const n = node as Record<string, unknown>;
    if (Array.isArray(n['Fn::Join'])) {
      const [sep, parts] = n['Fn::Join'] as [string, unknown[]];
      return parts.map(flat).join(sep);
    }
    if (Array.isArray(n['Fn::GetAtt'])) return `<${(n['Fn::GetAtt'] as string[]).join('.')}>`;
    if (n.Ref !== undefined) return `<${String(n.Ref)}>`;
    return JSON.stringify(node);
  };
  return flat(Stack.of(scope).resolve(value));
}
