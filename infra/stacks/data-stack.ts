/**
 * The stateful half: the single table, the media bucket, the user pool and the generated
 * device-cookie secret (the operator's secrets, made outside, are read by name). Everything here is retained when the stack goes; the api stack can be torn down and
 * rebuilt freely. Constructs are handed to the api stack as props.
 */
import { CfnOutput, Duration, RemovalPolicy, SecretValue, Stack, type StackProps, Validations } from 'aws-cdk-lib';
import {
  AccountRecovery, FeaturePlan, Mfa, ProviderAttribute, StringAttribute, UserPool, type UserPoolDomain,
  UserPoolGroup, UserPoolIdentityProviderGoogle,
} from 'aws-cdk-lib/aws-cognito';
import { BackupPlan, BackupPlanRule, BackupResource, BackupVault } from 'aws-cdk-lib/aws-backup';
import { AttributeType, Billing, TableV2 } from 'aws-cdk-lib/aws-dynamodb';
import { Schedule } from 'aws-cdk-lib/aws-events';
import { PolicyStatement, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import { BlockPublicAccess, Bucket, BucketEncryption, type CfnBucket, HttpMethods, ObjectOwnership } from 'aws-cdk-lib/aws-s3';
import { type ISecret, Secret } from 'aws-cdk-lib/aws-secretsmanager';
import type { Construct } from 'constructs';
import { TABLE_DEFINITION } from '../../functions/data/table-def';
import { MEDIA_PREFIXES, UNSAVED_UPLOAD_DAYS, UNSAVED_UPLOAD_TAG } from '../../functions/lib/media-layout';
import { LogBucket } from '../constructs/log-bucket';
import { USER_POOL } from '../definitions/user-pool';
import type { Settings } from './settings';
import type { SiteStack } from './site-stack';

export interface DataStackProps extends StackProps {
  settings: Settings;
  /** The site's distribution: the media bucket admits it alone, and its origin alone for uploads. */
  site: SiteStack;
}

const key = (name: string) => ({ name, type: AttributeType.STRING });

/** How long an overwritten or deleted media object can still be restored. */
export const MEDIA_NONCURRENT_DAYS = 30;

/**
 * AWS Backup of the table, beside PITR (which restores any second of the last 35 days, but only
 * while the table exists and into a new table): copies kept in a vault that outlives the stack.
 * Daily for 35 days in every stage; prod also keeps the first of each month for a year.
 */
export const TABLE_BACKUPS = {
  daily: { hourUtc: 1, keepDays: 35 },
  monthly: { hourUtc: 2, keepDays: 365 },
} as const;

export class DataStack extends Stack {
  readonly table: TableV2;
  readonly mediaBucket: Bucket;
  readonly userPool: UserPool;
  readonly hostedUi: UserPoolDomain;
  /** Present when the operator configured Google federation. */
  readonly google?: UserPoolIdentityProviderGoogle;
  /** Made by the operator (Paymob's keys; the CloudFront key pair's private half): read by name. */
  readonly paymobSecret: ISecret;
  /** The WhatsApp Cloud API settings (the operator makes it; read by name by the weekly report). */
  readonly whatsappSecret: ISecret;
  readonly cloudfrontPrivateKey: ISecret;
  /** Generated here (the recharge codes' key), handed on by name as the others: no export ties the api stack to it. */
  readonly codesSecret: ISecret;

  constructor(scope: Construct, id: string, props: DataStackProps) {
    super(scope, id, props);
    const { settings, site } = props;

    this.table = new TableV2(this, 'Table', {
      partitionKey: key(TABLE_DEFINITION.partitionKey),
      sortKey: key(TABLE_DEFINITION.sortKey),
      timeToLiveAttribute: TABLE_DEFINITION.ttlAttribute,
      globalSecondaryIndexes: TABLE_DEFINITION.indexes.map((i) => ({
        indexName: i.name,
        partitionKey: key(i.partitionKey),
        sortKey: key(i.sortKey),
      })),
      billing: Billing.onDemand(),
      pointInTimeRecoverySpecification: { pointInTimeRecoveryEnabled: true },
      deletionProtection: true,
      removalPolicy: RemovalPolicy.RETAIN,
    });

    const accessLogs = new LogBucket(this, 'AccessLogs', { objectOwnership: ObjectOwnership.BUCKET_OWNER_ENFORCED, what: 'access-log' });

    this.mediaBucket = new Bucket(this, 'Media', {
      bucketName: settings.mediaBucketName,
      blockPublicAccess: BlockPublicAccess.BLOCK_ALL,
      encryption: BucketEncryption.S3_MANAGED,
      enforceSSL: true,
      objectOwnership: ObjectOwnership.BUCKET_OWNER_ENFORCED,
      serverAccessLogsBucket: accessLogs,
      serverAccessLogsPrefix: 'media/',
      // Browsers PUT uploads straight to S3 with presigned URLs, from the site's one origin (its
      // custom domain, or the distribution's *.cloudfront.net name); the presigned signature, not
      // CORS, is what authorizes an upload.
      cors: [
        {
          allowedMethods: [HttpMethods.PUT, HttpMethods.GET, HttpMethods.HEAD],
          allowedOrigins: [site.siteUrl],
          allowedHeaders: ['*'],
          exposedHeaders: ['ETag'],
          maxAge: 3000,
        },
      ],
      // Object keys are ULIDs, never overwritten, but an object deleted by mistake (a quiz image with its
      // question, an operator's slip) can be restored for MEDIA_NONCURRENT_DAYS; then the old version goes.
      versioned: true,
      // A video upload left unfinished is aborted (its parts deleted) after a week: long enough to resume
      // it after a weekend (test/infra/uploads.test.ts). A video uploaded from a lecture form that was never
      // saved (still tagged unsaved: functions/media/held-uploads.ts) is deleted after a day; it was never
      // transcoded (test/infra/unsaved-uploads.test.ts).
      lifecycleRules: [
        { abortIncompleteMultipartUploadAfter: Duration.days(7) },
        { id: 'ExpireOldVersions', noncurrentVersionExpiration: Duration.days(MEDIA_NONCURRENT_DAYS), expiredObjectDeleteMarker: true },
        {
          id: 'UnsavedUploads',
          prefix: MEDIA_PREFIXES.videos,
          tagFilters: { [UNSAVED_UPLOAD_TAG.Key]: UNSAVED_UPLOAD_TAG.Value },
          expiration: Duration.days(UNSAVED_UPLOAD_DAYS),
        },
      ],
      removalPolicy: RemovalPolicy.RETAIN,
    });
    // The video pipeline (api stack, infra/constructs/video-pipeline.ts) hears of uploads through
    // EventBridge: the bucket names no Lambda, so this stack refers to nothing of the api stack. Set on
    // the bucket itself (CDK's eventBridgeEnabled would add a custom resource and its Lambda to write it).
    (this.mediaBucket.node.defaultChild as CfnBucket).notificationConfiguration = { eventBridgeConfiguration: { eventBridgeEnabled: true } };
    // CloudFront reads media through Origin Access Control, for this stage's distribution only (the
    // condition AWS documents for OAC: AWS:SourceArn is the distribution's ARN). The site stack
    // comes first, so naming it here is no cycle; other distributions of the account get nothing.
    this.mediaBucket.addToResourcePolicy(
      new PolicyStatement({
        principals: [new ServicePrincipal('cloudfront.amazonaws.com')],
        actions: ['s3:GetObject'],
        resources: [this.mediaBucket.arnForObjects('*')],
        conditions: { StringEquals: { 'AWS:SourceArn': site.distribution.distributionArn } },
      }),
    );

    this.userPool = new UserPool(this, 'Users', {
      userPoolName: settings.userPoolName,
      // Off: our sign-up route makes pool users with AdminCreateUser after its own checks; nobody
      // may make a pool user by calling Cognito's SignUp with a client id.
      selfSignUpEnabled: USER_POOL.selfSignUp,
      // E-mail is the username, the phone a second sign-in name (UsernameAttributes).
      signInAliases: USER_POOL.signInAliases,
      autoVerify: { email: true },
      // Only e-mail is required: Google accounts may lack a phone or a family name. Our sign-up
      // schema requires the rest.
      standardAttributes: {
        email: { required: true, mutable: true },
        givenName: { required: false, mutable: true },
        familyName: { required: false, mutable: true },
        phoneNumber: { required: false, mutable: true },
      },
      customAttributes: Object.fromEntries(
        USER_POOL.customAttributes.map(({ name, minLen, maxLen, mutable }) => [name, new StringAttribute({ minLen, maxLen, mutable })]),
      ),
      passwordPolicy: { ...USER_POOL.passwordPolicy, tempPasswordValidity: Duration.days(3) },
      accountRecovery: AccountRecovery.EMAIL_ONLY,
      // The admin's authenticator app (docs/admin-mfa.md); students are never asked.
      mfa: Mfa[USER_POOL.mfa.configuration],
      mfaSecondFactor: { otp: USER_POOL.mfa.softwareToken, sms: USER_POOL.mfa.sms },
      featurePlan: FeaturePlan.ESSENTIALS,
      // No SMS is ever sent: no SNS role.
      enableSmsRole: false,
      deletionProtection: true,
      removalPolicy: RemovalPolicy.RETAIN,
    });
    Validations.of(this.userPool).acknowledge(
      {
        id: 'AwsSolutions-COG1',
        reason: 'The product spec fixes the password rule (8+ characters, a digit, upper and lower case) without symbols.',
      },
      {
        id: 'AwsSolutions-COG2',
        reason: 'MFA is optional: the ADMIN sets up an authenticator app (TOTP) and is then always asked; secondary-school students are not.',
      },
      {
        id: 'AwsSolutions-COG8',
        reason: 'The Essentials plan covers e-mail/phone sign-in and Google federation; Plus (threat protection) is a per-user cost the platform does not carry.',
      },
    );

    for (const group of USER_POOL.groups) {
      new UserPoolGroup(this, `Group${group.name}`, { userPool: this.userPool, groupName: group.name, description: group.description });
    }

    this.hostedUi = this.userPool.addDomain('HostedUi', { cognitoDomain: { domainPrefix: settings.cognitoDomainPrefix } });

    if (settings.google) {
      this.google = new UserPoolIdentityProviderGoogle(this, 'Google', {
        userPool: this.userPool,
        clientId: settings.google.clientId,
        clientSecretValue: SecretValue.secretsManager(settings.google.clientSecretName),
        scopes: [...USER_POOL.googleScopes],
        attributeMapping: {
          email: ProviderAttribute.GOOGLE_EMAIL,
          givenName: ProviderAttribute.GOOGLE_GIVEN_NAME,
          familyName: ProviderAttribute.GOOGLE_FAMILY_NAME,
          custom: { email_verified: ProviderAttribute.other('email_verified') },
        },
      });
    }

    // Values issued outside AWS, in secrets the operator makes before the first deploy (docs/deploy.md)
    // and this app only reads by name. A secret made here would be generated again whenever its template
    // changed (GenerateSecretString), overwriting the keys put in it.
    this.paymobSecret = Secret.fromSecretNameV2(this, 'PaymobKeys', settings.paymobSecretName);
    this.whatsappSecret = Secret.fromSecretNameV2(this, 'WhatsAppKeys', settings.whatsappSecretName);
    this.cloudfrontPrivateKey = Secret.fromSecretNameV2(this, 'CloudFrontPrivateKey', settings.cloudfrontPrivateKeySecretName);
    // Signs device cookies (docs/auth-limits.md); read by the Lambdas as the origin secret is (api-stack.ts).
    const deviceCookieSecret = new Secret(this, 'DeviceCookieKey', {
      secretName: settings.deviceCookieSecretName,
      description: 'The HMAC key of the device cookies that let an owner sign in while the account is under attack',
      generateSecretString: { passwordLength: 64, excludePunctuation: true, includeSpace: false },
      removalPolicy: RemovalPolicy.RETAIN,
    });
    Validations.of(deviceCookieSecret).acknowledge({
      id: 'AwsSolutions-SMG4',
      reason: 'Read at deploy time by a dynamic reference (Lambda environment); a new value only makes devices sign in once more, so the operator rotates it.',
    });
    // Looks recharge codes up (HMAC) and seals them for the teacher's CSV (AES-GCM): functions/wallet/code-keys.ts.
    const codesSecret = new Secret(this, 'RechargeCodesKey', {
      secretName: settings.codesSecretName,
      description: 'The key recharge codes are looked up and sealed with; read by the wallet Lambda only',
      generateSecretString: { passwordLength: 64, excludePunctuation: true, includeSpace: false },
      removalPolicy: RemovalPolicy.RETAIN,
    });
    Validations.of(codesSecret).acknowledge({
      id: 'AwsSolutions-SMG4',
      reason: 'Never rotated: every code printed and not yet redeemed is found and read only with this key (docs/deploy.md, Recharge codes).',
    });
    this.codesSecret = Secret.fromSecretNameV2(this, 'RechargeCodesKeyByName', settings.codesSecretName);
    const vault = new BackupVault(this, 'BackupVault', {
      backupVaultName: `bioscope-${settings.stage}-backups`,
      removalPolicy: RemovalPolicy.RETAIN,
    });
    const rule = (id: string, hourUtc: number, keepDays: number, day?: string) =>
      new BackupPlanRule({
        ruleName: id,
        backupVault: vault,
        scheduleExpression: Schedule.cron({ minute: '0', hour: String(hourUtc), ...(day ? { day } : {}) }),
        deleteAfter: Duration.days(keepDays),
      });
    const plan = new BackupPlan(this, 'TableBackups', {
      backupPlanName: `bioscope-${settings.stage}-table`,
      backupVault: vault,
      backupPlanRules: [
        rule('Daily', TABLE_BACKUPS.daily.hourUtc, TABLE_BACKUPS.daily.keepDays),
        ...(settings.stage === 'prod' ? [rule('Monthly', TABLE_BACKUPS.monthly.hourUtc, TABLE_BACKUPS.monthly.keepDays, '1')] : []),
      ],
    });
    const selection = plan.addSelection('Table', { resources: [BackupResource.fromArn(this.table.tableArn)] });
    Validations.of(selection).acknowledge({
      id: 'AwsSolutions-IAM4[Policy::arn:<AWS::Partition>:iam::aws:policy/service-role/AWSBackupServiceRolePolicyForBackup]',
      reason: "AWS Backup's own service policy for taking the backups it is given (here the table alone); AWS keeps it in step with the services it backs up.",
    });

    // Read by the first-admin command (scripts/admin-create.ts).
    new CfnOutput(this, 'UserPoolId', { value: this.userPool.userPoolId });
    new CfnOutput(this, 'TableName', { value: this.table.tableName });
  }
}
