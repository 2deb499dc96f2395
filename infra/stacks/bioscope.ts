/**
 * The whole CDK app, per stage (`-c stage=dev|prod`), checked by cdk-nag's AWS Solutions pack
 * (a finding fails synthesis). Five stacks, deployed in this order by `cdk deploy --all` (`npm run deploy`
 * adds --force: docs/deploy.md, step 6):
 *
 *   BioscopeEdge-<stage>  us-east-1: the WAF web ACL (CloudFront takes web ACLs from there only)
 *   BioscopeSite-<stage>  CloudFront, the HttpApi behind it, the web bucket, the origin secret
 *   BioscopeData-<stage>  table, media bucket (admits this distribution only), users, device-cookie secret: retained
 *   BioscopeApi-<stage>   the Lambdas, their routes, the pool's app clients
 *   BioscopeEdgeAlarms-<stage>  us-east-1: the distribution's alarms (CloudFront's metrics are there)
 *
 * With -c githubRepo=<owner>/<name>, also BioscopeCi: the GitHub workflow's deploy role (ci-stack.ts).
 *
 * Every name a stage makes carries the stage, so dev and prod live side by side in one account.
 * References between stacks are weak (cdk.json): Fn::GetStackOutput, across regions too.
 */
import { type App, Validations } from 'aws-cdk-lib';
import { AwsSolutionsChecks } from 'cdk-nag';
import { ApiStack } from './api-stack';
import { CI_STACK_ID, CiStack, readCiSettings } from './ci-stack';
import { DataStack } from './data-stack';
import { EdgeAlarmsStack } from './edge-alarms-stack';
import { EdgeStack } from './edge-stack';
import { EDGE_REGION, readSettings } from './settings';
import { SiteStack } from './site-stack';

export function buildBioscope(app: App) {
  const settings = readSettings(app.node);
  const { stage, stackIds } = settings;
  // The account stays env-agnostic (synth needs no credentials); the regions are explicit, as a
  // reference from the site stack to the us-east-1 web ACL requires.
  const env = { region: settings.region };
  const edge = new EdgeStack(app, stackIds.edge, { settings, env: { region: EDGE_REGION }, description: `Bioscope ${stage}: WAF web ACL of the site (us-east-1)` });
  const site = new SiteStack(app, stackIds.site, { settings, env, webAcl: edge.webAcl, description: `Bioscope ${stage}: CloudFront, HttpApi, web bucket` });
  const data = new DataStack(app, stackIds.data, {
    settings,
    env,
    site,
    description: `Bioscope ${stage}: table, media, users, secrets`,
    // The stateful stack of the real site cannot be deleted by a slip of `cdk destroy`.
    terminationProtection: stage === 'prod',
  });
  const api = new ApiStack(app, stackIds.api, { settings, env, data, site, description: `Bioscope ${stage}: API Lambdas and routes` });
  const edgeAlarms = new EdgeAlarmsStack(app, stackIds.edgeAlarms, {
    settings,
    env: { region: EDGE_REGION },
    distribution: site.distribution,
    description: `Bioscope ${stage}: alarms on the CloudFront distribution (us-east-1)`,
  });
  edgeAlarms.addStackDependency(site);
  const ciSettings = readCiSettings(app.node, stage);
  const ci = ciSettings && new CiStack(app, CI_STACK_ID, { ci: ciSettings, env, description: 'Bioscope: the GitHub workflow\'s deploy role (OIDC)' });
  Validations.of(app).addPlugins(new AwsSolutionsChecks(app));
  return { edge, site, data, api, edgeAlarms, ci, settings };
}
