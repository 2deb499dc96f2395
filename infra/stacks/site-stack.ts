/**
 * The site's front door, as the diagram in ARCHITECTURE.md draws it:
 *
 *   browser ──► WAF ─► CloudFront ├── /*       → web bucket (SPA rewrite to /index.html)
 *                                 ├── /api/*   → HttpApi (+ the origin secret header) ──► the api stack's Lambdas
 *                                 ├── /media/hls/* → media bucket, HLS ladders: signed cookies (or URLs) only
 *                                 └── /media/* → media bucket (images public, the rest signed)
 *
 * It comes before the data stack: the media bucket's policy admits this distribution only and
 * its CORS names this site's origin, so the data stack reads both from here (naming them the
 * other way round, data → api → data, would be a cycle). The HttpApi lives here for the same
 * reason (the distribution needs its domain); the api stack adds the routes and Lambdas to it.
 *
 * Every behaviour answers with one response headers policy made from infra/definitions/security-headers.ts
 * (the local gateway sends the same); the buckets' XML errors never reach a browser (see bucketErrors).
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { CfnOutput, Duration, RemovalPolicy, Stack, type StackProps, Validations } from 'aws-cdk-lib';
import { AccessLogFormat } from 'aws-cdk-lib/aws-apigateway';
import { HttpApi, HttpStage, LogGroupLogDestination } from 'aws-cdk-lib/aws-apigatewayv2';
import { Certificate } from 'aws-cdk-lib/aws-certificatemanager';
import {
  AllowedMethods, CacheCookieBehavior, CacheHeaderBehavior, CachePolicy, CacheQueryStringBehavior, Distribution, Function as EdgeFunction, FunctionCode, FunctionEventType, FunctionRuntime,
  HeadersFrameOption, HeadersReferrerPolicy, HttpVersion, type IOrigin, OriginProtocolPolicy, OriginRequestPolicy, PriceClass,
  type PublicKey, ResponseHeadersPolicy, SecurityPolicyProtocol, ViewerProtocolPolicy, type BehaviorOptions, type ErrorResponse,
} from 'aws-cdk-lib/aws-cloudfront';
import { HttpOrigin, OriginGroup, S3BucketOrigin } from 'aws-cdk-lib/aws-cloudfront-origins';
import { LogGroup, RetentionDays } from 'aws-cdk-lib/aws-logs';
import { AaaaRecord, ARecord, HostedZone, RecordTarget } from 'aws-cdk-lib/aws-route53';
import { CloudFrontTarget } from 'aws-cdk-lib/aws-route53-targets';
import { BlockPublicAccess, Bucket, BucketEncryption, ObjectOwnership } from 'aws-cdk-lib/aws-s3';
import { BucketDeployment, CacheControl, Source } from 'aws-cdk-lib/aws-s3-deployment';
import { Secret } from 'aws-cdk-lib/aws-secretsmanager';
import type { CfnWebACL } from 'aws-cdk-lib/aws-wafv2';
import type { Construct } from 'constructs';
import { ORIGIN_VERIFY_HEADER, VIEWER_ADDRESS_HEADER } from '../../functions/lib/origin-guard';
import { MEDIA_PREFIXES } from '../../functions/lib/media-layout';
import { nagText } from '../constructs/domain-function';
import { LogBucket } from '../constructs/log-bucket';
import { videoSigningKeys } from '../constructs/video-signing-keys';
import { contentSecurityPolicy, SECURITY_HEADERS } from '../definitions/security-headers';
import type { Settings } from './settings';

/** The bucket answers that CloudFront replaces with the API domain's plain 404 (all an origin group can fail over on). */
export const BUCKET_ERROR_CODES = [400, 403, 404, 416, 500, 502, 503, 504] as const;
/** Error answers CloudFront keeps for no time. */
export const ERROR_CODES_NOT_CACHED = [400, 403, 404, 405, 414, 416, 500, 501, 502, 503, 504] as const;

/**
 * One JSON object per API request. HTTP API access logs can only print $context variables (no
 * request header): `edgeIp` is the CloudFront server that called the API, not the student. The
 * viewer's address is in the Lambda's line of the same `requestId` (functions/lib/log.ts, `viewer`)
 * and, for every request, in the WAF log (`httpRequest.clientIp`).
 */
export const API_ACCESS_LOG = {
  requestId: '$context.requestId',
  time: '$context.requestTime',
  routeKey: '$context.routeKey',
  method: '$context.httpMethod',
  path: '$context.path',
  status: '$context.status',
  responseLatency: '$context.responseLatency',
  integrationLatency: '$context.integrationLatency',
  integrationStatus: '$context.integrationStatus',
  integrationErrorMessage: '$context.integrationErrorMessage',
  authorizerError: '$context.authorizer.error',
  userId: '$context.authorizer.claims.sub',
  responseLength: '$context.responseLength',
  edgeIp: '$context.identity.sourceIp',
  userAgent: '$context.identity.userAgent',
} as const;

export interface SiteStackProps extends StackProps {
  settings: Settings;
  /** The us-east-1 web ACL (edge stack). */
  webAcl: CfnWebACL;
}

export class SiteStack extends Stack {
  readonly api: HttpApi;
  readonly distribution: Distribution;
  /** https://<custom domain> or https://<id>.cloudfront.net: the site's one origin (mails, callbacks, CORS). */
  readonly siteUrl: string;
  readonly videoKey: PublicKey;
  /** Fingerprint → id of every key the key group trusts (infra/constructs/video-signing-keys.ts). */
  readonly videoKeyPairIds: Record<string, string>;
  /** The value CloudFront adds to every /api request as ORIGIN_VERIFY_HEADER. */
  readonly originSecret: Secret;

  constructor(scope: Construct, id: string, props: SiteStackProps) {
    super(scope, id, props);
    const { settings } = props;

    // CloudFront standard logs are delivered with an ACL: the bucket must accept object-writer ACLs.
    const logs = new LogBucket(this, 'Logs', { objectOwnership: ObjectOwnership.OBJECT_WRITER, what: 'log' });
    const web = new Bucket(this, 'Web', {
      blockPublicAccess: BlockPublicAccess.BLOCK_ALL,
      encryption: BucketEncryption.S3_MANAGED,
      enforceSSL: true,
      objectOwnership: ObjectOwnership.BUCKET_OWNER_ENFORCED,
      serverAccessLogsBucket: logs,
      serverAccessLogsPrefix: 'web/',
      removalPolicy: RemovalPolicy.RETAIN,
    });

    this.api = new HttpApi(this, 'Api', { apiName: `bioscope-${settings.stage}`, createDefaultStage: false });
    const accessLog = new LogGroup(this, 'ApiAccessLogs', { retention: RetentionDays.ONE_MONTH });
    new HttpStage(this, 'DefaultStage', {
      httpApi: this.api,
      stageName: '$default',
      autoDeploy: true,
      // Sized for an exam night (settings apiRateLimit, apiBurstLimit; docs/deploy.md).
      throttle: settings.apiThrottle,
      accessLogSettings: { destination: new LogGroupLogDestination(accessLog), format: AccessLogFormat.custom(JSON.stringify(API_ACCESS_LOG)) },
    });

    // The API answers only requests that carry this value (functions/lib/origin-guard.ts): only
    // CloudFront adds it, so the execute-api URL called directly gets 403 from every Lambda.
    // Where the value lives, and the trade-off: Secrets Manager generates it at the first deploy
    // (it is never typed, in git or in the template); the distribution's origin header and the
    // Lambdas' ORIGIN_VERIFY read it through CloudFormation dynamic references
    // ({{resolve:secretsmanager:…}}), resolved at deploy time. No Lambda calls Secrets Manager per
    // cold start, and no custom resource is needed; the price is that the value is readable by
    // whoever may read the distribution's config or the Lambdas' environment (operators), and a
    // new value takes effect only when CloudFormation updates both the distribution and the Lambdas
    // (to rotate: put a new value in the secret, then deploy with a new -c originSecretRotation).
    // Rotation by a Lambda is not wired for that reason.
    this.originSecret = new Secret(this, 'OriginVerify', {
      secretName: settings.originSecretName,
      description: `The header ${ORIGIN_VERIFY_HEADER} CloudFront adds to /api requests; the API refuses requests without it`,
      generateSecretString: { passwordLength: 48, excludePunctuation: true, includeSpace: false },
      removalPolicy: RemovalPolicy.DESTROY,
    });
    Validations.of(this.originSecret).acknowledge({
      id: 'AwsSolutions-SMG4',
      reason: 'Read at deploy time by dynamic references (distribution header, Lambda environment): a rotation takes effect at the next deploy, so it is rotated by the operator, not by a Lambda.',
    });

    // The media bucket belongs to the data stack, which comes after this one: it is named here (its
    // name is a setting), and its policy there admits this distribution by ARN.
    const media = Bucket.fromBucketName(this, 'Media', settings.mediaBucketName);
    const mediaOrigin = S3BucketOrigin.withOriginAccessControl(media);
    Validations.of(this).acknowledge({
      id: '@aws-cdk/aws-cloudfront-origins:updateImportedBucketPolicyOac',
      reason: 'The data stack grants this distribution (by its ARN) read access to the media bucket.',
    });
    const stripMedia = new EdgeFunction(this, 'StripMediaPrefix', {
      comment: 'Media keys are images/… and videos/…; the site serves them under /media/',
      runtime: FunctionRuntime.JS_2_0,
      code: FunctionCode.fromInline(
        "function handler(event) { var r = event.request; r.uri = r.uri.replace(/^\\/media\\//, '/'); return r; }",
      ),
    });
    const spa = new EdgeFunction(this, 'SpaRewrite', {
      comment: 'Client routes (no file extension) get index.html; /api and /media have their own behaviours',
      runtime: FunctionRuntime.JS_2_0,
      code: FunctionCode.fromInline(
        "function handler(event) { var r = event.request; if (!/\\.[a-zA-Z0-9]+$/.test(r.uri)) r.uri = '/index.html'; return r; }",
      ),
    });
    // The per-source limits (sign-in, resets) need the viewer's address; behind CloudFront, API
    // Gateway's sourceIp is CloudFront's. This function writes the viewer's IP into a header on
    // every /api request, replacing whatever the browser sent under that name; the API trusts it
    // only on requests that carry the origin secret (functions/auth/caller-source.ts). (The
    // CloudFront-Viewer-Address header can only be added by an origin request policy that also
    // forwards Host, which API Gateway refuses; AllViewerExceptHostHeader forwards this one.)
    const viewerAddress = new EdgeFunction(this, 'ViewerAddress', {
      comment: `Writes the viewer's IP into ${VIEWER_ADDRESS_HEADER} for the API's per-source limits`,
      runtime: FunctionRuntime.JS_2_0,
      code: FunctionCode.fromInline(
        `function handler(event) { var r = event.request; r.headers['${VIEWER_ADDRESS_HEADER}'] = { value: event.viewer.ip }; return r; }`,
      ),
    });
    const videoKeys = videoSigningKeys(this, settings.cloudfrontPublicKeyPem, settings.cloudfrontPreviousPublicKeyPem);
    this.videoKey = videoKeys.current;
    this.videoKeyPairIds = videoKeys.keyPairIds;

    // The browser PUTs uploads to the media bucket's own endpoint (presigned, virtual-hosted style).
    const uploadOrigin = `https://${settings.mediaBucketName}.s3.${this.region}.${this.urlSuffix}`;
    const securityHeaders = new ResponseHeadersPolicy(this, 'SecurityHeaders', {
      comment: 'Bioscope: CSP without inline script, nosniff, referrer, frame and HSTS (infra/definitions/security-headers.ts)',
      securityHeadersBehavior: {
        contentSecurityPolicy: { contentSecurityPolicy: contentSecurityPolicy({ uploadOrigins: [uploadOrigin] }), override: true },
        contentTypeOptions: { override: true },
        referrerPolicy: { referrerPolicy: SECURITY_HEADERS.referrerPolicy as HeadersReferrerPolicy, override: true },
        frameOptions: { frameOption: SECURITY_HEADERS.frameOptions as HeadersFrameOption, override: true },
        strictTransportSecurity: {
          accessControlMaxAge: Duration.seconds(SECURITY_HEADERS.hsts.maxAgeSeconds),
          includeSubdomains: SECURITY_HEADERS.hsts.includeSubDomains,
          override: true,
        },
      },
    });

    // S3's errors are XML (request ids, key names). CloudFront Functions do not run on answers of 400
    // and up, and the distribution's custom error pages would also rewrite the API's own 403s and 404s,
    // so each bucket behaviour is an origin group: when a bucket answers with an error, CloudFront asks
    // the API's domain for a path no route has, and API Gateway's plain `{"message":"Not Found"}`
    // 404 goes to the browser instead.
    const apiDomain = `${this.api.apiId}.execute-api.${this.region}.${this.urlSuffix}`;
    const plainNotFound = new HttpOrigin(apiDomain, { protocolPolicy: OriginProtocolPolicy.HTTPS_ONLY, originPath: '/bucket-error' });
    const bucketErrors = (primaryOrigin: IOrigin) =>
      new OriginGroup({ primaryOrigin, fallbackOrigin: plainNotFound, fallbackStatusCodes: [...BUCKET_ERROR_CODES] });

    const mediaWithPlainErrors = bucketErrors(mediaOrigin);
    const mediaBehavior = (signed: boolean): BehaviorOptions => ({
      origin: mediaWithPlainErrors,
      viewerProtocolPolicy: ViewerProtocolPolicy.HTTPS_ONLY,
      cachePolicy: CachePolicy.CACHING_OPTIMIZED,
      responseHeadersPolicy: securityHeaders,
      functionAssociations: [{ function: stripMedia, eventType: FunctionEventType.VIEWER_REQUEST }],
      ...(signed ? { trustedKeyGroups: [videoKeys.group] } : {}),
    });
    // HLS ladders (hls/<assetId>/…): the same signed-only media behaviour, with caching fit for them.
    // MediaConvert writes no Cache-Control, so these defaults decide. A ladder is written once (every
    // upload is its own asset, and students get cookies only once it is ready): segments are kept a
    // year. Playlists, a few hundred bytes each, are kept a minute. (An operator who re-runs a job over
    // an asset invalidates /media/hls/<assetId>/* afterwards.) Neither cache key holds a cookie or a
    // query string: CloudFront checks the signed cookies itself, and every student of an asset shares
    // one cached copy.
    const hlsCache = (id: string, ttl: Duration, textCompressed: boolean) =>
      new CachePolicy(this, id, {
        comment: `Bioscope ${settings.stage}: HLS ${textCompressed ? 'playlists' : 'segments'} (no cookie, header or query string in the key)`,
        defaultTtl: ttl,
        maxTtl: ttl,
        minTtl: Duration.seconds(0),
        cookieBehavior: CacheCookieBehavior.none(),
        headerBehavior: CacheHeaderBehavior.none(),
        queryStringBehavior: CacheQueryStringBehavior.none(),
        enableAcceptEncodingGzip: textCompressed,
        enableAcceptEncodingBrotli: textCompressed,
      });
    const hlsBehavior = (cachePolicy: CachePolicy): BehaviorOptions => ({ ...mediaBehavior(true), cachePolicy });
    const hlsPlaylists = hlsBehavior(hlsCache('HlsPlaylistCache', Duration.minutes(1), true));
    const hlsSegments = hlsBehavior(hlsCache('HlsSegmentCache', Duration.days(365), false));

    const domain = settings.domain;
    this.distribution = new Distribution(this, 'Site', {
      // The rotation number is here so that changing it updates the distribution (and so re-reads the origin secret).
      comment: `Bioscope ${settings.stage}: web, /api and /media (origin secret rotation ${settings.originSecretRotation})`,
      defaultRootObject: 'index.html',
      httpVersion: HttpVersion.HTTP2_AND_3,
      priceClass: PriceClass.PRICE_CLASS_100,
      webAclId: props.webAcl.attrArn,
      ...(domain
        ? {
            domainNames: [domain.name],
            certificate: Certificate.fromCertificateArn(this, 'Certificate', domain.certificateArn),
            minimumProtocolVersion: SecurityPolicyProtocol.TLS_V1_2_2021,
          }
        : {}),
      enableLogging: true,
      logBucket: logs,
      logFilePrefix: 'cloudfront/',
      // An error is not kept at the edge (CloudFront's default is 10 s): a file uploaded a moment after
      // a 404 is served at once. Only the caching time is set: every answer's body passes as it is.
      errorResponses: ERROR_CODES_NOT_CACHED.map((httpStatus): ErrorResponse => ({ httpStatus, ttl: Duration.seconds(0) })),
      defaultBehavior: {
        origin: bucketErrors(S3BucketOrigin.withOriginAccessControl(web)),
        viewerProtocolPolicy: ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
        cachePolicy: CachePolicy.CACHING_OPTIMIZED,
        responseHeadersPolicy: securityHeaders,
        functionAssociations: [{ function: spa, eventType: FunctionEventType.VIEWER_REQUEST }],
      },
      additionalBehaviors: {
        // Not cached; every viewer header (Authorization too, allowed because caching is off)
        // reaches the API, and its 4xx answers pass through untouched.
        '/api/*': {
          origin: new HttpOrigin(apiDomain, {
            protocolPolicy: OriginProtocolPolicy.HTTPS_ONLY,
            // A custom origin header replaces a viewer header of the same name: a browser cannot send its own.
            customHeaders: { [ORIGIN_VERIFY_HEADER]: this.originSecret.secretValue.unsafeUnwrap() },
          }),
          viewerProtocolPolicy: ViewerProtocolPolicy.HTTPS_ONLY,
          allowedMethods: AllowedMethods.ALLOW_ALL,
          cachePolicy: CachePolicy.CACHING_DISABLED,
          originRequestPolicy: OriginRequestPolicy.ALL_VIEWER_EXCEPT_HOST_HEADER,
          responseHeadersPolicy: securityHeaders,
          functionAssociations: [{ function: viewerAddress, eventType: FunctionEventType.VIEWER_REQUEST }],
        },
        // Order matters: images are public, everything else under /media needs a signed URL or signed cookies
        // (the playback route sets CloudFront-Policy/Signature/Key-Pair-Id for /media/hls/<assetId>/).
        [`/media/${MEDIA_PREFIXES.images}*`]: mediaBehavior(false),
        [`/media/${MEDIA_PREFIXES.hls}*.m3u8`]: hlsPlaylists,
        [`/media/${MEDIA_PREFIXES.hls}*`]: hlsSegments,
        '/media/*': mediaBehavior(true),
      },
    });
    Validations.of(this.distribution).acknowledge(
      { id: 'AwsSolutions-CFR1', reason: 'The spec serves every country (students abroad included); there is nothing to geo-restrict.' },
      ...(domain
        ? []
        : [{
            id: 'AwsSolutions-CFR4',
            reason: 'Without a custom domain (-c domainName, -c certificateArn) CloudFront\'s *.cloudfront.net certificate fixes the viewer policy; with one the distribution requires TLSv1.2_2021.',
          }]),
    );
    this.siteUrl = `https://${domain ? domain.name : this.distribution.distributionDomainName}`;

    if (domain?.hostedZone) {
      const zone = HostedZone.fromHostedZoneAttributes(this, 'Zone', { hostedZoneId: domain.hostedZone.id, zoneName: domain.hostedZone.name });
      const target = RecordTarget.fromAlias(new CloudFrontTarget(this.distribution));
      new ARecord(this, 'AliasV4', { zone, recordName: domain.name, target });
      new AaaaRecord(this, 'AliasV6', { zone, recordName: domain.name, target });
    }

    // Synth must work before the web is built: no build, no deployment.
    // The build's .br/.gz copies are for the local gateway: CloudFront compresses by itself
    // (CACHING_OPTIMIZED takes gzip and brotli). Hashed /assets/* are cached a year and never
    // pruned (an open tab may still load an older chunk); the rest is revalidated every time (the
    // service worker sw.js, its Workbox runtime and the manifest among them).
    // Source maps never leave the machine: the build keeps them in web/dist-maps, and one left in
    // web/dist stays out of the asset (the zip) and of the bucket.
    if (fs.existsSync(path.join(settings.webDist, 'index.html'))) {
      const precompressed = ['*.br', '*.gz'];
      const sourceMaps = ['*.map'];
      const deployment = new BucketDeployment(this, 'WebDeployment', {
        sources: [Source.asset(settings.webDist, { exclude: sourceMaps })],
        destinationBucket: web,
        exclude: ['assets/*', ...precompressed, ...sourceMaps],
        cacheControl: [CacheControl.noCache()],
        distribution: this.distribution,
        // The page, and the installed app's service worker and manifest (web/build/pwa.ts): a new
        // version reaches the students' browsers at their next visit (docs/offline.md).
        distributionPaths: ['/index.html', '/sw.js', '/manifest.webmanifest'],
      });
      acknowledgeBucketDeployment(deployment, web);
      const assets = path.join(settings.webDist, 'assets');
      if (fs.existsSync(assets)) {
        const hashed = new BucketDeployment(this, 'WebAssetsDeployment', {
          sources: [Source.asset(assets, { exclude: sourceMaps })],
          destinationBucket: web,
          destinationKeyPrefix: 'assets/',
          exclude: [...precompressed, ...sourceMaps],
          prune: false,
          cacheControl: [CacheControl.fromString('public, max-age=31536000, immutable')],
        });
        acknowledgeBucketDeployment(hashed, web);
        // The new index.html goes live only once the chunks it names are there.
        // (The two custom resources only: both share CDK's one handler and layer.)
        deployment.node.findChild('CustomResource').node.addDependency(hashed.node.findChild('CustomResource'));
      }
    }

    new CfnOutput(this, 'SiteUrl', { value: this.siteUrl });
    new CfnOutput(this, 'DistributionDomainName', { value: this.distribution.distributionDomainName, description: 'Point the custom domain here when Route 53 is not used' });
    new CfnOutput(this, 'VideoKeyPairId', { value: this.videoKey.publicKeyId });
  }
}

/** CDK's own upload handler: its role and runtime are CDK's, scoped to the asset and web buckets. */
function acknowledgeBucketDeployment(deployment: BucketDeployment, web: Bucket) {
  const why = 'CDK\'s BucketDeployment handler copies the built web app from the CDK asset bucket into the web bucket';
  const webObjects = nagText(web, web.arnForObjects('*'));
  const role = deployment.handlerRole;
  Validations.of(role.node.scope!).acknowledge({ id: 'AwsSolutions-L1', reason: `${why}; CDK chooses and updates its runtime.` });
  Validations.of(role).acknowledge(
    { id: 'AwsSolutions-IAM4[Policy::arn:<AWS::Partition>:iam::aws:policy/service-role/AWSLambdaBasicExecutionRole]', reason: `${why}; CDK attaches this logging policy to its role.` },
    ...['s3:GetBucket*', 's3:GetObject*', 's3:List*', 's3:Abort*', 's3:DeleteObject*'].map((a) => ({
      id: `AwsSolutions-IAM5[Action::${a}]`,
      reason: `${why}; CDK's grants give it these read/sync actions on those two buckets only.`,
    })),
    // The stack's region is explicit, so CDK writes the bootstrap bucket's region and partition as text.
    { id: `AwsSolutions-IAM5[Resource::arn:${Stack.of(web).partition}:s3:::cdk-hnb659fds-assets-<AWS::AccountId>-${Stack.of(web).region}/*]`, reason: `${why}; the asset objects are read from the bootstrap bucket.` },
    { id: `AwsSolutions-IAM5[Resource::${webObjects}]`, reason: `${why}; it writes and prunes any object of the web bucket.` },
    { id: 'AwsSolutions-IAM5[Resource::*]', reason: `${why}; cloudfront:CreateInvalidation has no resource-level scoping in CDK's grant.` },
  );
}
