/**
 * The site's AWS WAF web ACL. CloudFront only takes web ACLs of scope CLOUDFRONT, which live in
 * us-east-1, so this small stack is pinned there (`cdk bootstrap` that region too) and the site
 * stack reads the ACL's ARN across regions (a weak reference: Fn::GetStackOutput, no custom resource).
 *
 * Rules, first match wins:
 *   0 RateSensitive  per IP, tight: /api/auth/* (sign-in, sign-up, resets), coupon checks and contact
 *                    messages. Cognito's own lockout and our per-account and per-source limits stay;
 *                    this is the edge's share, before a Lambda runs.
 *   1 RateApi        per IP, looser: all of /api/*.
 *   2 IP reputation, 3 known bad inputs, 4 common rule set: AWS managed rule groups.
 * A rate rule answers 429 with our error body ({"message","code":"tooManyRequests"}), which the web
 * shows in the user's language; the managed groups answer CloudFront's plain 403.
 *
 * Egypt's mobile networks put many students behind one carrier NAT address, and a school's lab
 * shares one too: the limits are per 5 minutes and generous (settings wafAuthLimit, wafApiLimit;
 * the arithmetic is in docs/deploy.md, Limits for an exam night).
 *
 * WAF logs go to the log group aws-waf-logs-bioscope-<stage>-site (WAF takes only names starting
 * aws-waf-logs-), kept WAF_LOG_RETENTION, with the Authorization header redacted. Only requests a
 * rule blocked or counted are written: allowed /api requests are in the API's access log and the
 * Lambdas' lines, and logging every request would cost more than the web ACL (docs/deploy.md).
 */
import { ArnFormat, RemovalPolicy, Stack, type StackProps } from 'aws-cdk-lib';
import { LogGroup, RetentionDays } from 'aws-cdk-lib/aws-logs';
import { CfnLoggingConfiguration, CfnWebACL } from 'aws-cdk-lib/aws-wafv2';
import type { Construct } from 'constructs';
import { ROUTES } from '../../shared/routes';
import { type Settings, WAF_WINDOW_SECONDS } from './settings';

/** The static start of a route's path (up to its first {param}). */
const staticPrefix = (routePath: string) => routePath.split('{')[0]!;

/**
 * Paths the tight rule counts, lower-cased (the rule lower-cases the request's path first):
 * every auth route, and the coupon check and contact message of the route table.
 */
export const SENSITIVE_PATHS: { startsWith: string[]; exactly: string[] } = (() => {
  const startsWith = new Set(['/api/auth/']);
  const exactly = new Set<string>();
  for (const r of ROUTES) {
    if (r.op !== 'validateCoupon' && r.op !== 'sendMessage') continue;
    if (r.path.includes('{')) startsWith.add(staticPrefix(r.path).toLowerCase());
    else exactly.add(r.path.toLowerCase());
  }
  return { startsWith: [...startsWith], exactly: [...exactly] };
})();

/** The managed rule groups, in the order they run after the rate rules. */
export const MANAGED_RULE_GROUPS = ['AWSManagedRulesAmazonIpReputationList', 'AWSManagedRulesKnownBadInputsRuleSet', 'AWSManagedRulesCommonRuleSet'] as const;

const TOO_MANY_BODY = 'TooManyRequests';

export const WAF_LOG_RETENTION = RetentionDays.THREE_MONTHS;

const visibility = (metricName: string): CfnWebACL.VisibilityConfigProperty => ({
  cloudWatchMetricsEnabled: true,
  sampledRequestsEnabled: true,
  metricName,
});

const pathMatch = (value: string, positionalConstraint: 'STARTS_WITH' | 'EXACTLY'): CfnWebACL.StatementProperty => ({
  byteMatchStatement: {
    fieldToMatch: { uriPath: {} },
    positionalConstraint,
    searchString: value,
    textTransformations: [{ priority: 0, type: 'LOWERCASE' }],
  },
});

const anyOf = (statements: CfnWebACL.StatementProperty[]): CfnWebACL.StatementProperty =>
  statements.length === 1 ? statements[0]! : { orStatement: { statements } };

const rateRule = (name: string, priority: number, limit: number, scopeDownStatement: CfnWebACL.StatementProperty): CfnWebACL.RuleProperty => ({
  name,
  priority,
  statement: { rateBasedStatement: { aggregateKeyType: 'IP', limit, evaluationWindowSec: WAF_WINDOW_SECONDS, scopeDownStatement } },
  action: { block: { customResponse: { responseCode: 429, customResponseBodyKey: TOO_MANY_BODY, responseHeaders: [{ name: 'retry-after', value: String(WAF_WINDOW_SECONDS) }] } } },
  visibilityConfig: visibility(name),
});

export interface EdgeStackProps extends StackProps {
  settings: Settings;
}

export class EdgeStack extends Stack {
  readonly webAcl: CfnWebACL;
  readonly wafLogs: LogGroup;

  constructor(scope: Construct, id: string, props: EdgeStackProps) {
    super(scope, id, props);
    const { settings } = props;
    const sensitive = anyOf([
      ...SENSITIVE_PATHS.startsWith.map((p) => pathMatch(p, 'STARTS_WITH')),
      ...SENSITIVE_PATHS.exactly.map((p) => pathMatch(p, 'EXACTLY')),
    ]);
    const managed = MANAGED_RULE_GROUPS.map(
      (name, i): CfnWebACL.RuleProperty => ({
        name,
        priority: 2 + i,
        statement: {
          managedRuleGroupStatement: {
            vendorName: 'AWS',
            name,
            // The admin forms upload images in multipart bodies (course covers, quiz pictures): the
            // common set's 8 KB body limit would block them, so it only counts; the bodies are
            // checked by our own size limits.
            ...(name === 'AWSManagedRulesCommonRuleSet' ? { ruleActionOverrides: [{ name: 'SizeRestrictions_BODY', actionToUse: { count: {} } }] } : {}),
          },
        },
        overrideAction: { none: {} },
        visibilityConfig: visibility(name),
      }),
    );
    this.webAcl = new CfnWebACL(this, 'SiteAcl', {
      name: `bioscope-${settings.stage}-site`,
      description: 'Bioscope: rate limits per IP and AWS managed rules in front of the CloudFront distribution',
      scope: 'CLOUDFRONT',
      defaultAction: { allow: {} },
      customResponseBodies: {
        [TOO_MANY_BODY]: {
          contentType: 'APPLICATION_JSON',
          content: JSON.stringify({ message: 'Too many requests from your network, try again in a few minutes', code: 'tooManyRequests' }),
        },
      },
      rules: [
        rateRule('RateSensitive', 0, settings.waf.authLimit, sensitive),
        rateRule('RateApi', 1, settings.waf.apiLimit, pathMatch('/api/', 'STARTS_WITH')),
        ...managed,
      ],
      visibilityConfig: visibility(`bioscope-${settings.stage}-site`),
    });

    this.wafLogs = new LogGroup(this, 'WafLogs', {
      logGroupName: `aws-waf-logs-bioscope-${settings.stage}-site`,
      retention: WAF_LOG_RETENTION,
      removalPolicy: RemovalPolicy.DESTROY,
    });
    new CfnLoggingConfiguration(this, 'WafLogging', {
      resourceArn: this.webAcl.attrArn,
      // WAF wants the log group's ARN without the ':*' that CloudFormation's Arn attribute ends with.
      logDestinationConfigs: [this.formatArn({ service: 'logs', resource: 'log-group', resourceName: this.wafLogs.logGroupName, arnFormat: ArnFormat.COLON_RESOURCE_NAME })],
      redactedFields: [{ singleHeader: { Name: 'authorization' } }],
      loggingFilter: {
        DefaultBehavior: 'DROP',
        Filters: [
          {
            Behavior: 'KEEP',
            Requirement: 'MEETS_ANY',
            // EXCLUDED_AS_COUNT: a managed rule overridden to count (the common set's body size rule).
            Conditions: ['BLOCK', 'COUNT', 'EXCLUDED_AS_COUNT'].map((Action) => ({ ActionCondition: { Action } })),
          },
        ],
      },
    });
  }
}
