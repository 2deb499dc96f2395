/**
 * The deploy role of the GitHub workflow (issue 38, item 13): made only with -c githubRepo, trusted by
 * GitHub's OIDC provider for that repository's dev and prod environments only, and allowed nothing but
 * assuming the CDK bootstrap roles.
 */
import { Match, Template } from 'aws-cdk-lib/assertions';
import { SettingsError } from '../../infra/stacks/settings';
import { buildApp } from './bioscope-app';

const GITHUB = 'token.actions.githubusercontent.com';

describe('BioscopeCi', () => {
  test('is not made without githubRepo', () => {
    const { app } = buildApp();
    expect(app.node.tryFindChild('BioscopeCi')).toBeUndefined();
  });

  test("trusts GitHub's OIDC tokens of the repository's dev and prod environments only", () => {
    const { ci } = buildApp({ githubRepo: 'acme/bioscope' });
    const t = Template.fromStack(ci!);
    t.resourceCountIs('AWS::IAM::OIDCProvider', 1);
    t.hasResourceProperties('AWS::IAM::OIDCProvider', { Url: `https://${GITHUB}`, ClientIdList: ['sts.amazonaws.com'] });
    t.resourceCountIs('AWS::IAM::Role', 1);
    t.hasResourceProperties('AWS::IAM::Role', {
      MaxSessionDuration: 3600,
      AssumeRolePolicyDocument: {
        Statement: [
          {
            Action: 'sts:AssumeRoleWithWebIdentity',
            Effect: 'Allow',
            Principal: { Federated: { Ref: Match.stringLikeRegexp('GitHubOidc') } },
            Condition: {
              StringEquals: {
                [`${GITHUB}:aud`]: 'sts.amazonaws.com',
                [`${GITHUB}:sub`]: ['repo:acme/bioscope:environment:dev', 'repo:acme/bioscope:environment:prod'],
              },
            },
          },
        ],
      },
    });
  });

  test('may only assume the CDK bootstrap roles (deploy, file publishing, lookup) of its account', () => {
    const { ci } = buildApp({ githubRepo: 'acme/bioscope' });
    const t = Template.fromStack(ci!);
    const policies = t.findResources('AWS::IAM::Policy');
    const statements = Object.values(policies).flatMap((p) => (p as { Properties: { PolicyDocument: { Statement: unknown[] } } }).Properties.PolicyDocument.Statement);
    expect(statements).toEqual([
      {
        Action: 'sts:AssumeRole',
        Effect: 'Allow',
        Resource: { 'Fn::Join': ['', ['arn:aws:iam::', { Ref: 'AWS::AccountId' }, ':role/cdk-hnb659fds-*']] },
      },
    ]);
    t.resourceCountIs('AWS::IAM::ManagedPolicy', 0);
    t.hasResourceProperties('AWS::IAM::Role', { ManagedPolicyArns: Match.absent() });
    t.hasOutput('DeployRoleArn', { Value: { 'Fn::GetAtt': [Match.stringLikeRegexp('DeployRole'), 'Arn'] } });
  });

  test("an immutable subject (owner@id/name@id) is trusted as given; an account's existing provider is reused", () => {
    const arn = `arn:aws:iam::123456789012:oidc-provider/${GITHUB}`;
    const { ci } = buildApp({ githubRepo: 'acme@123/bioscope@456', githubOidcProviderArn: arn });
    const t = Template.fromStack(ci!);
    t.resourceCountIs('AWS::IAM::OIDCProvider', 0);
    t.hasResourceProperties('AWS::IAM::Role', {
      AssumeRolePolicyDocument: {
        Statement: [
          Match.objectLike({
            Principal: { Federated: arn },
            Condition: { StringEquals: Match.objectLike({ [`${GITHUB}:sub`]: ['repo:acme@123/bioscope@456:environment:dev', 'repo:acme@123/bioscope@456:environment:prod'] }) },
          }),
        ],
      },
    });
  });

  test('a githubRepo that is not owner/name is refused', () => {
    expect(() => buildApp({ githubRepo: 'acme/*' })).toThrow(SettingsError);
    expect(() => buildApp({ githubRepo: 'https://github.com/acme/bioscope' })).toThrow(/githubRepo: 'https:\/\/github.com\/acme\/bioscope' is not owner\/name/);
  });
});
