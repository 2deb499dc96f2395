/**
 * The deploy guide's commands, as a stranger would type them in order: every secret the deploy or the
 * Lambdas read exists before the first deploy, Google is optional, every deploy is forced (stacks read
 * each other's outputs through Fn::GetStackOutput, which CloudFormation resolves only when it updates the
 * reading stack), prod names its region, and the certificate, mail and key rotation steps have commands.
 */
import fs from 'node:fs';
import path from 'node:path';
import { paymobSettingsSchema } from '../../functions/payments/paymob-settings';

const root = path.resolve(__dirname, '../..');
const guide = fs.readFileSync(path.join(root, 'docs/deploy.md'), 'utf8');
const readme = fs.readFileSync(path.join(root, 'README.md'), 'utf8');
const pkg = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')) as { scripts: Record<string, string> };

/** The shell commands of a page's ```sh blocks, continuation lines joined. */
const commands = (page: string) =>
  [...page.matchAll(/```sh\n([\s\S]*?)```/g)].flatMap((m) => m[1]!.replace(/\\\n\s*/g, ' ').split('\n').map((l) => l.trim()).filter(Boolean));
/** A command that deploys (its shell comment, after #, does not count). */
const isDeploy = (c: string) => /\bcdk deploy\b|npm run deploy\b/.test(c.replace(/\s#.*$/, ""));
const section = (heading: string) => guide.slice(guide.indexOf(heading), guide.indexOf('\n## ', guide.indexOf(heading) + 1));

describe('docs/deploy.md', () => {
  const all = commands(guide);
  const firstDeploy = all.findIndex(isDeploy);
  const at = (re: RegExp) => all.findIndex((c) => re.test(c));

  test('there is a deploy script, and it forces every stack', () => {
    expect(pkg.scripts.deploy).toMatch(/cdk deploy --all --force\b/);
  });

  test('every deploy command of the guide and the README forces every stack', () => {
    // BioscopeCi (the GitHub deploy role) reads no other stack's output: nothing of it can be stale.
    const deploys = [...all, ...commands(readme)].filter(isDeploy).filter((c) => !/cdk deploy BioscopeCi\b/.test(c));
    expect(deploys.length).toBeGreaterThan(3);
    for (const c of deploys) expect([c, /npm run deploy\b|cdk deploy --all --force\b/.test(c)]).toEqual([c, true]);
    expect(guide).toMatch(/--force/);
    expect(guide).toMatch(/Fn::GetStackOutput/);
  });

  test('the first deploy names the region and passes no Google flag; the Google settings come after its secret', () => {
    expect(firstDeploy).toBeGreaterThan(0);
    expect(all[firstDeploy]).toMatch(/-c region=\$AWS_REGION/);
    expect(all[firstDeploy]).not.toMatch(/google/i);
    // Google is its own optional step: its settings are named only once its secret exists.
    const googleSecret = guide.indexOf('create-secret --name bioscope/$STAGE/google-client-secret');
    expect(googleSecret).toBeGreaterThan(0);
    expect(guide.indexOf('-c googleClientId=')).toBeGreaterThan(googleSecret);
  });

  test('the Paymob and CloudFront-key secrets are made before the first deploy, the Paymob one with the keys the payments code reads', () => {
    const paymob = at(/create-secret --name bioscope\/\$STAGE\/paymob /);
    const videoKey = at(/create-secret --name bioscope\/\$STAGE\/cloudfront-private-key /);
    expect([paymob >= 0 && paymob < firstDeploy, videoKey >= 0 && videoKey < firstDeploy]).toEqual([true, true]);
    const json = /--secret-string '([^']+)'/.exec(all[paymob]!)![1]!;
    const parsed = paymobSettingsSchema.strict().safeParse(JSON.parse(json));
    expect(parsed.success).toBe(true);
  });

  test('the certificate: requested in us-east-1 with DNS validation, its CNAME read, its validation awaited', () => {
    expect(all.some((c) => /aws acm request-certificate .*--region us-east-1/.test(c) && /--validation-method DNS/.test(c))).toBe(true);
    expect(all.some((c) => /aws acm describe-certificate .*--region us-east-1 .*ResourceRecord/.test(c))).toBe(true);
    expect(all.some((c) => /aws acm wait certificate-validated .*--region us-east-1/.test(c))).toBe(true);
    expect(section('## Own domain')).toMatch(/Paymob/);
    expect(section('## Own domain')).toMatch(/\/api\/payments\/paymob\/webhook/);
  });

  test('production mail: DKIM, a custom MAIL FROM with its MX and SPF, DMARC; the sandbox setting', () => {
    expect(all.some((c) => /aws sesv2 put-email-identity-mail-from-attributes .*--mail-from-domain/.test(c))).toBe(true);
    expect(guide).toMatch(/MX +\| `10 feedback-smtp\.<region>\.amazonses\.com`/);
    expect(guide).toMatch(/v=spf1 include:amazonses\.com/);
    expect(guide).toMatch(/`_dmarc\.your-domain\.eg` \| TXT \| `"v=DMARC1;/);
    expect(guide).toMatch(/sesSandbox/);
  });

  test('rotating the video key: the new key is trusted first, then signed with, then the old one dropped', () => {
    const rotation = commands(section('## Rotating the video key'));
    const trustBoth = rotation.findIndex((c) => isDeploy(c) && /cloudfrontPreviousPublicKeyPem/.test(c));
    const signWithNew = rotation.findIndex((c) => /put-secret-value --secret-id bioscope\/\$STAGE\/cloudfront-private-key/.test(c));
    const dropOld = rotation.findIndex((c, i) => i > signWithNew && isDeploy(c) && !/cloudfrontPreviousPublicKeyPem/.test(c));
    expect(trustBoth).toBeGreaterThanOrEqual(0);
    expect(signWithNew).toBeGreaterThan(trustBoth);
    expect(dropOld).toBeGreaterThan(signWithNew);
  });
});
