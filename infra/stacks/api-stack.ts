/**
 * The stateless half: one DomainFunction per domain, the HttpApi's routes to them (the HttpApi and
 * the CloudFront distribution in front of it are the site stack's: infra/stacks/site-stack.ts),
 * the JWT authorizer, the payments reconciliation (a Lambda and schedule of its own), and the pool's
 * two app clients: the hosted UI's (Google, callback on the site's origin) and the server's (password
 * sign-in by the Lambdas only).
 */
import { CfnOutput, Duration, SecretValue, Stack, type StackProps, Validations } from 'aws-cdk-lib';
import { HttpApi, HttpMethod, HttpNoneAuthorizer, HttpRoute, HttpRouteKey } from 'aws-cdk-lib/aws-apigatewayv2';
import { HttpJwtAuthorizer } from 'aws-cdk-lib/aws-apigatewayv2-authorizers';
import { HttpLambdaIntegration } from 'aws-cdk-lib/aws-apigatewayv2-integrations';
import type { Distribution } from 'aws-cdk-lib/aws-cloudfront';
import { type AuthFlow, OAuthScope, UserPoolClient, UserPoolClientIdentityProvider } from 'aws-cdk-lib/aws-cognito';
import { Bucket } from 'aws-cdk-lib/aws-s3';
import type { Construct } from 'constructs';
import { DOMAINS, ROUTES, type Domain } from '../../shared/routes';
import { DomainFunction, type Grant } from '../constructs/domain-function';
import { apiTimeoutSeconds } from '../definitions/api-timeouts';
import { Monitoring } from '../constructs/monitoring';
import { PaymentsReconcile } from '../constructs/payments-reconcile';
import { Rollouts } from '../constructs/rollouts';
import { VideoPipeline } from '../constructs/video-pipeline';
import { WeeklyReport } from '../constructs/weekly-report';
import { type ExplicitAuthFlow, USER_POOL } from '../definitions/user-pool';
import type { DataStack } from './data-stack';
import type { Settings } from './settings';
import type { SiteStack } from './site-stack';

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

/**
 * Least privilege per domain: what each Lambda may touch, and nothing else (no Lambda may Scan the
 * table: test/infra/no-scan.test.ts).
 */
export const GRANTS: Record<Domain, readonly Grant[]> = {
  health: ['probe'],
  auth: ['data', 'identity:auth', 'mail'],
  catalogue: ['data', 'media', 'videos:sign'],
  payments: ['data', 'paymob', 'mail', 'whatsapp'],
  coupons: ['data'],
  quizzes: ['data', 'media:images'],
  users: ['data', 'identity:admin'],
  messages: ['data'],
  wallet: ['data', 'codes'],
  parents: ['data'],
};


export interface ApiStackProps extends StackProps {
  settings: Settings;
  data: DataStack;
  /** The HttpApi the routes join, the distribution in front of it, the site's URL and the video key. */
  site: SiteStack;
}

export class ApiStack extends Stack {
  readonly api: HttpApi;
  readonly distribution: Distribution;
  readonly functions: Record<Domain, DomainFunction>;
  readonly monitoring: Monitoring;
  /** The check of pending orders against Paymob: its own Lambda, schedule, dead-letter queue and alarms. */
  readonly reconcile: PaymentsReconcile;
  /** The parents' weekly report: its own Lambda, Friday schedule and dead-letter queue. */
  readonly weeklyReport: WeeklyReport;
  /** CodeDeploy moves each function's `live` alias (canary or all at once, settings rollout). */
  readonly rollouts: Rollouts;
  /** Uploads → MediaConvert → HLS, and the jobs' events onto the assets. */
  readonly videoPipeline: VideoPipeline;

  constructor(scope: Construct, id: string, props: ApiStackProps) {
    super(scope, id, props);
    const { settings, data, site } = props;
    this.api = site.api;
    this.distribution = site.distribution;
    const siteUrl = site.siteUrl;
    // The media bucket is referenced by its name: grants on it stay free of cross-stack tokens.
    const media = Bucket.fromBucketName(this, 'Media', settings.mediaBucketName);
    this.node.addDependency(data.mediaBucket);

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
      CLOUDFRONT_KEY_PAIR_ID: site.videoKey.publicKeyId,
      // Both keys' ids during a rotation: the Lambdas sign with the id of the private key the secret holds.
      CLOUDFRONT_KEY_PAIR_IDS: this.toJsonString(site.videoKeyPairIds),
      CLOUDFRONT_PRIVATE_KEY_SECRET: settings.cloudfrontPrivateKeySecretName,
      MAIL_TRANSPORT: 'ses',
      MAIL_FROM: settings.mailFrom,
      SINGLE_SESSION: 'true',
      PAYMOB_SECRET_NAME: settings.paymobSecretName,
      CONTACT_INFO: settings.contactInfo,
      // The origin secret by name (a dynamic reference resolved at deploy time; see site-stack.ts for the trade-off).
      ORIGIN_VERIFY: SecretValue.secretsManager(settings.originSecretName).unsafeUnwrap(),
      // Changing it updates every Lambda, so CloudFormation reads the rotated secret (settings.ts).
      ORIGIN_VERIFY_ROTATION: settings.originSecretRotation,
      DEVICE_COOKIE_SECRET: SecretValue.secretsManager(settings.deviceCookieSecretName).unsafeUnwrap(),
      // By name: only the wallet Lambda may read it (GRANTS).
      CODES_SECRET_NAME: settings.codesSecretName,
      // By name: the payments Lambda (a student's payment confirmed) and the weekly report read it (GRANTS).
      WHATSAPP_SECRET_NAME: settings.whatsappSecretName,
    } as const;
    const resources = {
      table: data.table,
      mediaBucket: media,
      userPool: data.userPool,
      paymobSecret: data.paymobSecret,
      cloudfrontPrivateKey: data.cloudfrontPrivateKey,
      codesSecret: data.codesSecret,
      whatsappSecret: data.whatsappSecret,
      mailIdentities: settings.mailIdentities,
      mailSandboxFrom: settings.sesSandbox ? settings.mailFromAddress : undefined,
    };
    this.functions = Object.fromEntries(
      DOMAINS.map((domain) => [
        domain,
        new DomainFunction(this, `${domain[0]!.toUpperCase()}${domain.slice(1)}Function`, {
          domain,
          grants: GRANTS[domain],
          resources,
          environment,
          timeout: Duration.seconds(apiTimeoutSeconds(domain)),
          // Sign-in and payments (prod): a video or search storm cannot starve them (docs/deploy.md).
          reservedConcurrency: settings.reservedConcurrency[domain],
        }),
      ]),
    ) as Record<Domain, DomainFunction>;

    // Signature and expiry are checked here; the ADMIN group is checked again in the Lambda
    // (the authorizer only proves who the caller is), as is the user's block and session state.
    const jwt = new HttpJwtAuthorizer('CognitoJwt', `https://cognito-idp.${this.region}.amazonaws.com/${data.userPool.userPoolId}`, {
      jwtAudience: [serverClient.userPoolClientId, hostedUiClient.userPoolClientId],
    });
    // The site stack's HttpApi, imported by id: the routes, their integrations and the authorizer are
    // then made in this stack (CDK makes the authorizer under the api construct it is given).
    const routesApi = HttpApi.fromHttpApiAttributes(this, 'SiteApi', { httpApiId: site.api.apiId });
    const integrations = Object.fromEntries(
      DOMAINS.map((domain) => [domain, new HttpLambdaIntegration(`${domain}Integration`, this.functions[domain].alias)]),
    ) as Record<Domain, HttpLambdaIntegration>;
    for (const route of ROUTES) {
      const httpRoute = new HttpRoute(this, `Route ${route.id}`, {
        httpApi: routesApi,
        routeKey: HttpRouteKey.with(route.path, HttpMethod[route.method]),
        integration: integrations[route.domain],
        authorizer: route.access === 'public' ? new HttpNoneAuthorizer() : jwt,
      });
      if (route.access === 'public') {
        Validations.of(httpRoute).acknowledge({ id: 'AwsSolutions-APIG4', reason: `Public in the route table by design: ${route.summary}.` });
      }
    }

    // Each video stored under videos/ is transcoded to the settings' HLS ladder (infra/constructs/video-pipeline.ts).
    this.videoPipeline = new VideoPipeline(this, 'VideoPipeline', { stage: settings.stage, table: data.table, mediaBucket: media, resources, hls: settings.hls });
    // The teacher's retry of a stuck video starts its job again as on-upload does (POST /api/AWS/lectures/video/{videoId}/transcode).
    this.videoPipeline.grantTranscodeStart(this.functions.catalogue.fn);

    // Alarms to the operator's e-mail, the dashboard and the monthly budget (infra/constructs/monitoring.ts).
    this.monitoring = new Monitoring(this, 'Monitoring', {
      api: this.api,
      table: data.table,
      functions: Object.fromEntries(DOMAINS.map((d) => [d, this.functions[d].fn])),
      videoPipeline: {
        functions: { 'on-upload': this.videoPipeline.onUpload.fn, 'on-transcode-event': this.videoPipeline.onTranscodeEvent.fn },
        queueArn: this.videoPipeline.queue.attrArn,
      },
      alarmEmail: settings.alarmEmail,
      monthlyBudgetUsd: settings.monthlyBudgetUsd,
      accountConcurrency: settings.lambdaAccountConcurrency,
    });

    this.videoPipeline.notify(this.monitoring.topic);

    // Paymob sends a callback once per outcome and networks drop things: every few minutes a Lambda of its
    // own checks orders still pending against Paymob's inquiry (infra/constructs/payments-reconcile.ts).
    this.reconcile = new PaymentsReconcile(this, 'ReconcilePayments', {
      resources,
      // It settles orders as the callback does, so it tells the student as the callback does: mail and WhatsApp.
      environment: {
        TABLE_NAME: environment.TABLE_NAME,
        PAYMOB_SECRET_NAME: environment.PAYMOB_SECRET_NAME,
        PUBLIC_URL: environment.PUBLIC_URL,
        MAIL_TRANSPORT: environment.MAIL_TRANSPORT,
        MAIL_FROM: environment.MAIL_FROM,
        WHATSAPP_SECRET_NAME: environment.WHATSAPP_SECRET_NAME,
      },
      alarmTopic: this.monitoring.topic,
    });

    // Every Friday 18:00 Cairo: each parent's children's week by e-mail and WhatsApp (infra/constructs/weekly-report.ts).
    this.weeklyReport = new WeeklyReport(this, 'WeeklyReport', {
      resources,
      environment: {
        TABLE_NAME: environment.TABLE_NAME,
        PUBLIC_URL: environment.PUBLIC_URL,
        MAIL_TRANSPORT: environment.MAIL_TRANSPORT,
        MAIL_FROM: environment.MAIL_FROM,
        // Signs the opt-out links the users Lambda checks (functions/reports/report-link.ts).
        DEVICE_COOKIE_SECRET: environment.DEVICE_COOKIE_SECRET,
        WHATSAPP_SECRET_NAME: settings.whatsappSecretName,
      },
      alarmTopic: this.monitoring.topic,
    });

    // Every function's alias to its next version: a canary rolled back on the alias's errors (infra/constructs/rollouts.ts).
    this.rollouts = new Rollouts(this, 'Rollouts', {
      aliases: {
        ...Object.fromEntries(DOMAINS.map((d) => [`${d[0]!.toUpperCase()}${d.slice(1)}`, this.functions[d].alias])),
        OnUpload: this.videoPipeline.onUpload.alias,
        OnTranscodeEvent: this.videoPipeline.onTranscodeEvent.alias,
        ReconcilePayments: this.reconcile.job.alias,
        WeeklyReport: this.weeklyReport.job.alias,
      },
      rollout: settings.rollout,
      topic: this.monitoring.topic,
    });

    new CfnOutput(this, 'UserPoolClientId', { value: hostedUiClient.userPoolClientId });
    new CfnOutput(this, 'Dashboard', { value: this.monitoring.dashboard.dashboardName });
  }
}
