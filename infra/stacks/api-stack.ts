/**
 * The stateless half, as the diagram in ARCHITECTURE.md draws it:
 *
 *   browser ──► CloudFront ├── /*       → web bucket (SPA rewrite to /index.html)
 *                          ├── /api/*   → HttpApi ──► one DomainFunction per domain
 *                          └── /media/* → media bucket (images public, the rest signed)
 *
 * plus the pool's two app clients: the hosted UI's (Google, callback on this distribution) and
 * the server's (password sign-in by the Lambdas only).
 *
 * Every behaviour answers with one response headers policy made from infra/definitions/security-headers.ts
 * (the local gateway sends the same); the buckets' XML errors never reach a browser (see bucketErrors).
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { Annotations, CfnOutput, Duration, RemovalPolicy, Stack, type StackProps, Validations } from 'aws-cdk-lib';
import { HttpApi, HttpMethod, HttpNoneAuthorizer, HttpRoute, HttpRouteKey, HttpStage, LogGroupLogDestination } from 'aws-cdk-lib/aws-apigatewayv2';
import { HttpJwtAuthorizer } from 'aws-cdk-lib/aws-apigatewayv2-authorizers';
import { HttpLambdaIntegration } from 'aws-cdk-lib/aws-apigatewayv2-integrations';
import {
  AllowedMethods, CachePolicy, Distribution, Function as EdgeFunction, FunctionCode, FunctionEventType, FunctionRuntime,
  HeadersFrameOption, HeadersReferrerPolicy, HttpVersion, type IOrigin, KeyGroup, OriginProtocolPolicy, OriginRequestPolicy, PriceClass,
  PublicKey, ResponseHeadersPolicy, ViewerProtocolPolicy, type BehaviorOptions, type ErrorResponse,
} from 'aws-cdk-lib/aws-cloudfront';
import { HttpOrigin, OriginGroup, S3BucketOrigin } from 'aws-cdk-lib/aws-cloudfront-origins';
import { type AuthFlow, OAuthScope, UserPoolClient, UserPoolClientIdentityProvider } from 'aws-cdk-lib/aws-cognito';
import { Rule, RuleTargetInput, Schedule } from 'aws-cdk-lib/aws-events';
import { LambdaFunction as LambdaFunctionTarget } from 'aws-cdk-lib/aws-events-targets';
import { LogGroup, RetentionDays } from 'aws-cdk-lib/aws-logs';
import { BlockPublicAccess, Bucket, BucketEncryption, ObjectOwnership } from 'aws-cdk-lib/aws-s3';
import { BucketDeployment, CacheControl, Source } from 'aws-cdk-lib/aws-s3-deployment';
import type { Construct } from 'constructs';
import { DOMAINS, ROUTES, type Domain } from '../../shared/routes';
import { DomainFunction, type Grant, nagText } from '../constructs/domain-function';
import { LogBucket } from '../constructs/log-bucket';
import { MEDIA_PREFIXES } from '../../functions/lib/media-layout';
import { contentSecurityPolicy, SECURITY_HEADERS } from '../definitions/security-headers';
import { type ExplicitAuthFlow, USER_POOL } from '../definitions/user-pool';
import { RECONCILE_EVENT } from '../../functions/payments/reconcile-event';
import type { DataStack } from './data-stack';
import { PLACEHOLDER_CLOUDFRONT_PUBLIC_KEY, type Settings } from './settings';

/** CDK's flags for exactly these flows (every flag set, so Cognito's default SRP and custom flows are not added). */
export function authFlowsOf(flows: readonly ExplicitAuthFlow[]): AuthFlow {
  return {
    userPassword: flows.includes('ALLOW_USER_PASSWORD_AUTH'),
    adminUserPassword: flows.includes('ALLOW_ADMIN_USER_PASSWORD_AUTH'),
    userSrp: flows.includes('ALLOW_USER_SRP_AUTH'),
    custom: flows.includes('ALLOW_CUSTOM_AUTH'),
    user: flows.includes('ALLOW_USER_AUTH'),
  };
}

const identityProvider = (p: 'COGNITO' | 'Google') => (p === 'Google' ? UserPoolClientIdentityProvider.GOOGLE : UserPoolClientIdentityProvider.COGNITO);

/** Least privilege per domain: what each Lambda may touch, and nothing else. */
export const GRANTS: Record<Domain, readonly Grant[]> = {
  health: ['probe'],
  auth: ['data', 'identity:auth', 'mail'],
  catalogue: ['data', 'media', 'videos:sign'],
  payments: ['data', 'paymob'],
  coupons: ['data'],
  quizzes: ['data', 'media:images'],
  users: ['data', 'identity:admin'],
  messages: ['data'],
};

/** The bucket answers that CloudFront replaces with the API domain's plain 404 (all an origin group can fail over on). */
export const BUCKET_ERROR_CODES = [400, 403, 404, 416, 500, 502, 503, 504] as const;
/** Error answers CloudFront keeps for no time. */
export const ERROR_CODES_NOT_CACHED = [400, 403, 404, 405, 414, 416, 500, 501, 502, 503, 504] as const;

/** How often pending orders are checked against Paymob (each is checked once it is PAYMENT_RECONCILE_AFTER_MINUTES old). */
const RECONCILE_EVERY_MINUTES = 5;

/** Auth and payments call Cognito, SES or Paymob before answering. */
const TIMEOUTS: Partial<Record<Domain, Duration>> = { auth: Duration.seconds(20), payments: Duration.seconds(20) };

export interface ApiStackProps extends StackProps {
  settings: Settings;
  data: DataStack;
}

export class ApiStack extends Stack {
  readonly api: HttpApi;
  readonly distribution: Distribution;
  readonly functions: Record<Domain, DomainFunction>;

  constructor(scope: Construct, id: string, props: ApiStackProps) {
    super(scope, id, props);
    const { settings, data } = props;

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

    this.api = new HttpApi(this, 'Api', { apiName: 'bioscope', createDefaultStage: false });
    const accessLog = new LogGroup(this, 'ApiAccessLogs', { retention: RetentionDays.ONE_MONTH });
    new HttpStage(this, 'DefaultStage', {
      httpApi: this.api,
      stageName: '$default',
      autoDeploy: true,
      throttle: { rateLimit: 200, burstLimit: 400 },
      accessLogSettings: { destination: new LogGroupLogDestination(accessLog) },
    });

    // The media bucket belongs to the data stack and is referenced here by its name: its policy
    // there admits this account's distributions (naming this one would make the data stack depend
    // on this stack), and grants on it stay free of cross-stack tokens.
    const media = Bucket.fromBucketName(this, 'Media', settings.mediaBucketName);
    this.node.addDependency(data.mediaBucket);
    const mediaOrigin = S3BucketOrigin.withOriginAccessControl(media);
    Validations.of(this).acknowledge({
      id: '@aws-cdk/aws-cloudfront-origins:updateImportedBucketPolicyOac',
      reason: 'The data stack grants this account\'s distributions read access to the media bucket.',
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
    const publicKey = new PublicKey(this, 'VideoSigningKey', {
      comment: 'Verifies signed video URLs; private half in the CloudFront private key secret',
      encodedKey: settings.cloudfrontPublicKeyPem,
    });
    if (settings.cloudfrontPublicKeyPem === PLACEHOLDER_CLOUDFRONT_PUBLIC_KEY) {
      Annotations.of(publicKey).addWarningV2(
        'bioscope:placeholder-cloudfront-key',
        'cloudfrontPublicKeyPem is the placeholder: signed video URLs will be refused until you pass your own public key (-c cloudfrontPublicKeyPem=...).',
      );
    }
    const videoKeys = new KeyGroup(this, 'VideoKeyGroup', { items: [publicKey] });

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
      ...(signed ? { trustedKeyGroups: [videoKeys] } : {}),
    });
    this.distribution = new Distribution(this, 'Site', {
      comment: 'Bioscope: web, /api and /media',
      defaultRootObject: 'index.html',
      httpVersion: HttpVersion.HTTP2_AND_3,
      priceClass: PriceClass.PRICE_CLASS_100,
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
          origin: new HttpOrigin(apiDomain, { protocolPolicy: OriginProtocolPolicy.HTTPS_ONLY }),
          viewerProtocolPolicy: ViewerProtocolPolicy.HTTPS_ONLY,
          allowedMethods: AllowedMethods.ALLOW_ALL,
          cachePolicy: CachePolicy.CACHING_DISABLED,
          originRequestPolicy: OriginRequestPolicy.ALL_VIEWER_EXCEPT_HOST_HEADER,
          responseHeadersPolicy: securityHeaders,
        },
        // Order matters: images are public, everything else under /media needs a signed URL.
        [`/media/${MEDIA_PREFIXES.images}*`]: mediaBehavior(false),
        '/media/*': mediaBehavior(true),
      },
    });
    Validations.of(this.distribution).acknowledge(
      { id: 'AwsSolutions-CFR1', reason: 'The spec serves every country (students abroad included); there is nothing to geo-restrict.' },
      {
        id: 'AwsSolutions-CFR2',
        reason: 'The API is guarded by stage throttling and the JWT authorizer; a WAF web ACL (us-east-1, billed per rule) is an operator add-on.',
      },
      {
        id: 'AwsSolutions-CFR4',
        reason: 'With the default *.cloudfront.net certificate CloudFront fixes the viewer policy; a custom domain certificate would allow TLSv1.2_2021.',
      },
    );
    const siteUrl = `https://${this.distribution.distributionDomainName}`;

    // The pool's two app clients, from the definition (infra/definitions/user-pool.ts).
    const hostedUiDef = USER_POOL.clients.hostedUi;
    const providers = hostedUiDef.identityProviders.filter((p) => p !== 'Google' || data.google);
    const hostedUiClient = new UserPoolClient(this, 'WebClient', {
      userPool: data.userPool,
      userPoolClientName: hostedUiDef.name,
      generateSecret: hostedUiDef.generateSecret,
      authFlows: authFlowsOf(hostedUiDef.explicitAuthFlows),
      // Google only: the pool's own password form is never offered on the hosted UI. Without a
      // Google client id (-c googleClientId) the client has no sign-in choice and no OAuth at all.
      ...(providers.length
        ? {
            oAuth: {
              flows: { authorizationCodeGrant: hostedUiDef.oauth.flows.includes('code'), implicitCodeGrant: false, clientCredentials: false },
              scopes: hostedUiDef.oauth.scopes.map((s) => ({ openid: OAuthScope.OPENID, email: OAuthScope.EMAIL, profile: OAuthScope.PROFILE })[s]),
              callbackUrls: [`${siteUrl}${hostedUiDef.oauth.callbackPath}`],
              logoutUrls: [`${siteUrl}${hostedUiDef.oauth.logoutPath}`],
            },
            supportedIdentityProviders: providers.map(identityProvider),
          }
        : { disableOAuth: true, supportedIdentityProviders: [] }),
      preventUserExistenceErrors: true,
      idTokenValidity: Duration.minutes(hostedUiDef.idTokenValidityMinutes),
      accessTokenValidity: Duration.minutes(hostedUiDef.idTokenValidityMinutes),
      refreshTokenValidity: Duration.days(hostedUiDef.refreshTokenValidityDays),
    });
    if (data.google) hostedUiClient.node.addDependency(data.google);
    const serverDef = USER_POOL.clients.server;
    const serverClient = new UserPoolClient(this, 'ServerClient', {
      userPool: data.userPool,
      userPoolClientName: serverDef.name,
      generateSecret: serverDef.generateSecret,
      authFlows: authFlowsOf(serverDef.explicitAuthFlows),
      disableOAuth: true,
      supportedIdentityProviders: serverDef.identityProviders.map(identityProvider),
      preventUserExistenceErrors: true,
      idTokenValidity: Duration.minutes(serverDef.idTokenValidityMinutes),
      accessTokenValidity: Duration.minutes(serverDef.idTokenValidityMinutes),
      refreshTokenValidity: Duration.days(serverDef.refreshTokenValidityDays),
    });

    const environment = {
      TABLE_NAME: data.table.tableName,
      MEDIA_BUCKET: media.bucketName,
      USER_POOL_ID: data.userPool.userPoolId,
      // Password sign-in (AdminInitiateAuth); the hosted UI's client is the Google flow's.
      USER_POOL_CLIENT_ID: serverClient.userPoolClientId,
      HOSTED_UI_CLIENT_ID: hostedUiClient.userPoolClientId,
      COGNITO_DOMAIN: data.hostedUi.baseUrl(),
      PUBLIC_URL: siteUrl,
      MEDIA_URLS: 'cloudfront',
      CLOUDFRONT_KEY_PAIR_ID: publicKey.publicKeyId,
      CLOUDFRONT_PRIVATE_KEY_SECRET: settings.cloudfrontPrivateKeySecretName,
      MAIL_TRANSPORT: 'ses',
      MAIL_FROM: settings.mailFrom,
      SINGLE_SESSION: 'true',
      PAYMOB_SECRET_NAME: settings.paymobSecretName,
      CONTACT_INFO: settings.contactInfo,
    } as const;
    const resources = {
      table: data.table,
      mediaBucket: media,
      userPool: data.userPool,
      paymobSecret: data.paymobSecret,
      cloudfrontPrivateKey: data.cloudfrontPrivateKey,
      mailIdentities: settings.mailIdentities,
    };
    this.functions = Object.fromEntries(
      DOMAINS.map((domain) => [
        domain,
        new DomainFunction(this, `${domain[0]!.toUpperCase()}${domain.slice(1)}Function`, {
          domain,
          grants: GRANTS[domain],
          resources,
          environment,
          timeout: TIMEOUTS[domain],
        }),
      ]),
    ) as Record<Domain, DomainFunction>;

    // Signature and expiry are checked here; the ADMIN group is checked again in the Lambda
    // (the authorizer only proves who the caller is), as is the user's block and session state.
    const jwt = new HttpJwtAuthorizer('CognitoJwt', `https://cognito-idp.${this.region}.amazonaws.com/${data.userPool.userPoolId}`, {
      jwtAudience: [serverClient.userPoolClientId, hostedUiClient.userPoolClientId],
    });
    const integrations = Object.fromEntries(
      DOMAINS.map((domain) => [domain, new HttpLambdaIntegration(`${domain}Integration`, this.functions[domain].fn)]),
    ) as Record<Domain, HttpLambdaIntegration>;
    for (const route of ROUTES) {
      const httpRoute = new HttpRoute(this, `Route ${route.id}`, {
        httpApi: this.api,
        routeKey: HttpRouteKey.with(route.path, HttpMethod[route.method]),
        integration: integrations[route.domain],
        authorizer: route.access === 'public' ? new HttpNoneAuthorizer() : jwt,
      });
      if (route.access === 'public') {
        Validations.of(httpRoute).acknowledge({ id: 'AwsSolutions-APIG4', reason: `Public in the route table by design: ${route.summary}.` });
      }
    }

    // Paymob sends a callback once per outcome and networks drop things: every few minutes the
    // payments Lambda checks orders still pending against Paymob's inquiry (functions/payments/reconcile.ts).
    new Rule(this, 'ReconcilePayments', {
      description: 'Settle pending Paymob orders whose callback never arrived',
      schedule: Schedule.rate(Duration.minutes(RECONCILE_EVERY_MINUTES)),
      targets: [new LambdaFunctionTarget(this.functions.payments.fn, { event: RuleTargetInput.fromObject(RECONCILE_EVENT), retryAttempts: 2 })],
    });

    // Synth must work before the web is built: no build, no deployment.
    // The build's .br/.gz copies are for the local gateway: CloudFront compresses by itself
    // (CACHING_OPTIMIZED takes gzip and brotli). Hashed /assets/* are cached a year and never
    // pruned (an open tab may still load an older chunk); the rest is revalidated every time.
    if (fs.existsSync(path.join(settings.webDist, 'index.html'))) {
      const precompressed = ['*.br', '*.gz'];
      const deployment = new BucketDeployment(this, 'WebDeployment', {
        sources: [Source.asset(settings.webDist)],
        destinationBucket: web,
        exclude: ['assets/*', ...precompressed],
        cacheControl: [CacheControl.noCache()],
        distribution: this.distribution,
        distributionPaths: ['/index.html'],
      });
      acknowledgeBucketDeployment(deployment, web);
      const assets = path.join(settings.webDist, 'assets');
      if (fs.existsSync(assets)) {
        const hashed = new BucketDeployment(this, 'WebAssetsDeployment', {
          sources: [Source.asset(assets)],
          destinationBucket: web,
          destinationKeyPrefix: 'assets/',
          exclude: precompressed,
          prune: false,
          cacheControl: [CacheControl.fromString('public, max-age=31536000, immutable')],
        });
        acknowledgeBucketDeployment(hashed, web);
        // The new index.html goes live only once the chunks it names are there.
        // (The two custom resources only: both share CDK's one handler and layer.)
        deployment.node.findChild('CustomResource').node.addDependency(hashed.node.findChild('CustomResource'));
      }
    }

    new CfnOutput(this, 'SiteUrl', { value: siteUrl });
    new CfnOutput(this, 'UserPoolClientId', { value: hostedUiClient.userPoolClientId });
    new CfnOutput(this, 'VideoKeyPairId', { value: publicKey.publicKeyId });
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
    { id: 'AwsSolutions-IAM5[Resource::arn:<AWS::Partition>:s3:::cdk-hnb659fds-assets-<AWS::AccountId>-<AWS::Region>/*]', reason: `${why}; the asset objects are read from the bootstrap bucket.` },
    { id: `AwsSolutions-IAM5[Resource::${webObjects}]`, reason: `${why}; it writes and prunes any object of the web bucket.` },
    { id: 'AwsSolutions-IAM5[Resource::*]', reason: `${why}; cloudfront:CreateInvalidation has no resource-level scoping in CDK's grant.` },
  );
}
