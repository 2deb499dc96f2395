/**
 * The region of prod is always named: the CDK CLI hands the app CDK_DEFAULT_REGION from the profile, and
 * us-east-1 when the profile has none, so a forgotten `-c region` would put the site, its table and its
 * users in a region nobody chose. Dev still falls back (offline synth).
 */
import { App } from 'aws-cdk-lib';
import { DEFAULT_REGION, readSettings, SettingsError } from '../../infra/stacks/settings';

const PROD = {
  stage: 'prod',
  cloudfrontPublicKeyPem: '',
  mailFrom: 'Bioscope <no-reply@school.eg>',
  paymobSecretName: 'bioscope/prod/paymob',
  contactInfo: JSON.stringify({ location: 'Giza', phone: '01012345678', email: 'teacher@school.eg', chatUrl: '', social: [] }),
  alarmEmail: 'ops@school.eg',
  monthlyBudgetUsd: '150',
};

const problemsOf = (context: Record<string, unknown>) => {
  try {
    readSettings(new App({ context }).node);
  } catch (e) {
    if (e instanceof SettingsError) return e.problems;
    throw e;
  }
  return [];
};

describe('the region', () => {
  const saved = process.env.CDK_DEFAULT_REGION;
  afterEach(() => {
    if (saved === undefined) delete process.env.CDK_DEFAULT_REGION;
    else process.env.CDK_DEFAULT_REGION = saved;
  });

  test("prod refuses to synthesize without -c region, even when the CLI's profile gives one", () => {
    process.env.CDK_DEFAULT_REGION = 'us-east-1';
    const regionProblems = problemsOf(PROD).filter((p) => p.startsWith('region:'));
    expect(regionProblems).toHaveLength(1);
    expect(regionProblems[0]).toMatch(/-c region=/);
    expect(problemsOf({ ...PROD, region: 'eu-central-1' }).filter((p) => p.startsWith('region:'))).toEqual([]);
  });

  test("dev takes the CLI's region, else the default", () => {
    process.env.CDK_DEFAULT_REGION = 'eu-west-3';
    expect(readSettings(new App({ context: {} }).node).region).toBe('eu-west-3');
    delete process.env.CDK_DEFAULT_REGION;
    expect(readSettings(new App({ context: {} }).node).region).toBe(DEFAULT_REGION);
  });
});
