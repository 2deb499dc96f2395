/**
 * BioscopeCi: what the GitHub workflow (.github/workflows/deploy.yml) deploys with, made only when
 * `-c githubRepo=<owner>/<name>` is given and deployed once by an administrator (docs/deploy.md,
 * "Deploying from GitHub"). No access key exists anywhere: the workflow trades GitHub's OIDC token
 * for this role's short session.
 *
 *   GitHubOidc   the account's IAM OIDC provider for token.actions.githubusercontent.com, audience
 *                sts.amazonaws.com (an account holds one per URL: pass -c githubOidcProviderArn to reuse it)
 *   DeployRole   trusted only for the repository's jobs in the GitHub environments `dev` and `prod`
 *                (the `sub` claim); it may only assume the CDK bootstrap roles of this account, so
 *                what a deploy can do is what `cdk bootstrap` gave CloudFormation's execution role
 */
import { CfnOutput, Duration, Stack, type StackProps, Validations } from 'aws-cdk-lib';
import { type IOidcProvider, OidcProviderNative, PolicyStatement, Role, WebIdentityPrincipal } from 'aws-cdk-lib/aws-iam';
import type { Construct, Node } from 'constructs';
import { nagText } from '../constructs/domain-function';
import { STAGES, SettingsError } from './settings';

export const CI_STACK_ID = 'BioscopeCi';
export const GITHUB_OIDC_HOST = 'token.actions.githubusercontent.com';
/** The qualifier of `cdk bootstrap`'s roles (cdk-hnb659fds-deploy-role-<account>-<region>, …); the default one. */
export const CDK_BOOTSTRAP_QUALIFIER = 'hnb659fds';

/**
 * owner/name, or the immutable form owner@<org id>/name@<repo id> that repositories made since
 * July 2026 (and those that opted in) put in the token's `sub`.
 */
const GITHUB_REPO = /^[A-Za-z0-9](?:[A-Za-z0-9-]{0,38})(?:@\d+)?\/[A-Za-z0-9._-]{1,100}(?:@\d+)?$/;

export interface CiSettings {
  githubRepo: string;
  /** An existing provider of the account for GitHub's tokens; absent: this stack makes it. */
  oidcProviderArn?: string;
}

/** The CI settings, or undefined when githubRepo is not given (no BioscopeCi). */
export function readCiSettings(node: Node, stage: string): CiSettings | undefined {
  const str = (key: string) => {
    const v: unknown = node.tryGetContext(key);
    return typeof v === 'string' && v.trim() !== '' ? v.trim() : undefined;
  };
  const githubRepo = str('githubRepo');
  if (!githubRepo) return undefined;
  if (!GITHUB_REPO.test(githubRepo)) {
    throw new SettingsError(stage, [`githubRepo: '${githubRepo}' is not owner/name (or owner@<id>/name@<id>, as the repository's OIDC subject shows it)`]);
  }
  return { githubRepo, oidcProviderArn: str('githubOidcProviderArn') };
}

export interface CiStackProps extends StackProps {
  ci: CiSettings;
}

export class CiStack extends Stack {
  readonly deployRole: Role;

  constructor(scope: Construct, id: string, props: CiStackProps) {
    super(scope, id, props);
    const { githubRepo, oidcProviderArn } = props.ci;
    const provider: IOidcProvider = oidcProviderArn
      ? OidcProviderNative.fromOidcProviderArn(this, 'GitHubOidc', oidcProviderArn)
      : new OidcProviderNative(this, 'GitHubOidc', { url: `https://${GITHUB_OIDC_HOST}`, clientIds: ['sts.amazonaws.com'] });

    // A job that names a GitHub environment gets `repo:<repo>:environment:<name>` as its subject,
    // whatever the branch: which branches may use `prod` is the environment's own rule (main only).
    this.deployRole = new Role(this, 'DeployRole', {
      description: `GitHub Actions of ${githubRepo}: cdk deploy of the Bioscope stages`,
      assumedBy: new WebIdentityPrincipal(provider.oidcProviderArn, {
        StringEquals: {
          [`${GITHUB_OIDC_HOST}:aud`]: 'sts.amazonaws.com',
          [`${GITHUB_OIDC_HOST}:sub`]: STAGES.map((stage) => `repo:${githubRepo}:environment:${stage}`),
        },
      }),
      maxSessionDuration: Duration.hours(1),
    });
    const bootstrapRoles = this.formatArn({ service: 'iam', region: '', resource: 'role', resourceName: `cdk-${CDK_BOOTSTRAP_QUALIFIER}-*` });
    this.deployRole.addToPrincipalPolicy(new PolicyStatement({ actions: ['sts:AssumeRole'], resources: [bootstrapRoles] }));
    Validations.of(this.deployRole).acknowledge({
      id: `AwsSolutions-IAM5[Resource::${nagText(this, bootstrapRoles)}]`,
      reason: "The CDK bootstrap roles of this account (deploy, file and image publishing, lookup) in both regions the app uses: their names end in the account and region, and they are all the role may assume.",
    });

    new CfnOutput(this, 'DeployRoleArn', { value: this.deployRole.roleArn, description: 'The GitHub repository variable AWS_DEPLOY_ROLE_ARN' });
  }
}
