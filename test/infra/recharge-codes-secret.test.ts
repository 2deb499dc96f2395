/**
 * The recharge codes' key (issue 40): a secret the data stack generates and keeps, read at run time
 * by name by the wallet Lambda alone (it looks codes up and seals them); no Lambda holds its value
 * in its environment.
 */
import { Match } from 'aws-cdk-lib/assertions';
import { DOMAINS, type Domain } from '../../shared/routes';
import { logicalId, synthBioscope } from './bioscope-app';

const { api, apiTemplate, dataTemplate } = synthBioscope();

type Statement = { Action: string | string[]; Resource: unknown };
const statementsOf = (domain: Domain): Statement[] =>
  Object.values(apiTemplate.findResources('AWS::IAM::Policy', { Properties: { Roles: Match.arrayWith([{ Ref: logicalId(api.functions[domain].fn.role!) }]) } })).flatMap(
    (p) => p.Properties.PolicyDocument.Statement as Statement[],
  );

test('the data stack generates the key and keeps it when the stack goes', () => {
  dataTemplate.hasResource('AWS::SecretsManager::Secret', {
    Properties: {
      Name: 'bioscope/dev/recharge-codes',
      GenerateSecretString: { PasswordLength: 64, ExcludePunctuation: true, IncludeSpace: false },
    },
    DeletionPolicy: 'Retain',
    UpdateReplacePolicy: 'Retain',
  });
});

test('only the wallet Lambda may read it', () => {
  const readers = DOMAINS.filter((d) =>
    statementsOf(d).some((s) => [s.Action].flat().includes('secretsmanager:GetSecretValue') && JSON.stringify(s.Resource).includes(':secret:bioscope/dev/recharge-codes-??????')),
  );
  expect(readers).toEqual(['wallet']);
  expect([...new Set(statementsOf('wallet').flatMap((s) => [s.Action].flat()))].filter((a) => a.startsWith('secretsmanager:')).sort()).toEqual([
    'secretsmanager:DescribeSecret',
    'secretsmanager:GetSecretValue',
  ]);
});

test('the Lambdas know it by name only, never its value', () => {
  const fn = apiTemplate.toJSON().Resources[logicalId(api.functions.wallet.fn)];
  expect(fn.Properties.Environment.Variables.CODES_SECRET_NAME).toBe('bioscope/dev/recharge-codes');
  expect(JSON.stringify(apiTemplate.toJSON())).not.toContain('secretsmanager:bioscope/dev/recharge-codes');
});
