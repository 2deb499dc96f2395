/**
 * The first admin (the teacher) of a deployed stage, with no password anywhere:
 *
 *   npm run admin:create -- --stage prod --email teacher@example.eg [--first-name Mona] [--last-name Adel] [--region eu-central-1]
 *
 * Uses the AWS CLI's credentials (AWS_PROFILE, …). Reads the pool id and table name from the
 * outputs of the stage's data stack (BioscopeData-<stage>), then does what the local platform's
 * seed does (infra/local/seed.ts seedAdmin): a pool user made with AdminCreateUser (e-mail
 * verified, in the ADMIN group; Cognito's random first password is never sent, so nobody knows it)
 * and our user record with role ADMIN, activated. The teacher then opens the site, chooses
 * "Forgot password" with this e-mail, and sets a password from the mailed code (our reset flow,
 * which also proves the mailbox). Running it again changes nothing, except that it turns off the
 * admin's authenticator app (two-step sign-in, docs/admin-mfa.md): the recovery for a lost phone.
 */
import { parseArgs } from 'node:util';
import { CloudFormationClient, DescribeStacksCommand } from '@aws-sdk/client-cloudformation';
import { CognitoIdentityProviderClient } from '@aws-sdk/client-cognito-identity-provider';
import { type Stage, STAGES, stackIdsOf } from '../infra/stacks/settings';

const USAGE = 'npm run admin:create -- --stage dev|prod --email <address> [--first-name <name>] [--last-name <name>] [--region <aws-region>]';

async function main() {
  const { values } = parseArgs({
    options: {
      stage: { type: 'string' },
      email: { type: 'string' },
      'first-name': { type: 'string', default: 'Admin' },
      'last-name': { type: 'string', default: 'Bioscope' },
      region: { type: 'string' },
    },
  });
  const stage = values.stage as Stage | undefined;
  const email = values.email?.trim().toLowerCase();
  const region = values.region ?? process.env.AWS_REGION ?? process.env.AWS_DEFAULT_REGION;
  const problems = [
    ...(!stage || !STAGES.includes(stage) ? [`--stage must be one of ${STAGES.join(', ')}`] : []),
    ...(!email || !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email) ? ['--email must be an e-mail address'] : []),
    ...(!region ? ['--region (or AWS_REGION) must name the region the stage is deployed in'] : []),
  ];
  if (problems.length) throw new Error(`${problems.join('\n')}\nUsage: ${USAGE}`);

  const stackName = stackIdsOf(stage!).data;
  const stacks = await new CloudFormationClient({ region }).send(new DescribeStacksCommand({ StackName: stackName }));
  const outputs = Object.fromEntries((stacks.Stacks?.[0]?.Outputs ?? []).map((o) => [o.OutputKey, o.OutputValue]));
  const userPoolId = outputs.UserPoolId;
  const tableName = outputs.TableName;
  if (!userPoolId || !tableName) throw new Error(`${stackName} in ${region} has no UserPoolId/TableName outputs: deploy the stage first (cdk deploy --all -c stage=${stage})`);

  // The data layer reads its configuration once, at import: set it before loading it.
  process.env.TABLE_NAME = tableName;
  process.env.USER_POOL_ID = userPoolId;
  process.env.AWS_REGION = region;
  const { clearAdminMfa, seedAdmin } = await import('../infra/local/seed');
  const { userById } = await import('../functions/data/user-repo');

  const names = { firstName: values['first-name']!, lastName: values['last-name']! };
  const pool = new CognitoIdentityProviderClient({ region });
  const { created, id } = await seedAdmin(pool, userPoolId, email!, undefined, names);
  const record = await userById(id);
  if (record?.role !== 'ADMIN') {
    throw new Error(`${email} already has an account (role ${record?.role ?? 'none'}): it was left as it is. Use another e-mail, or delete that account first.`);
  }
  if (created) {
    console.log(`Admin ${email} created in ${stackName} (${region}). No password was set or sent: open the site, choose "Forgot password" with this e-mail, and set one from the mailed code.`);
  } else if (await clearAdminMfa(pool, userPoolId, email!)) {
    console.log(`${email} is already an admin of ${stackName}. Their authenticator app (two-step sign-in) is now OFF: they sign in with the password alone and can set up a new phone in the dashboard's "Two-step sign-in".`);
  } else {
    console.log(`${email} is already an admin of ${stackName}, without an authenticator app: nothing changed.`);
  }
}

main().catch((e: unknown) => {
  console.error((e as Error).message);
  process.exit(1);
});
