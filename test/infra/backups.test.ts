/**
 * Backups (issue 38, item 12): the media bucket keeps old versions for a while, and AWS Backup copies
 * the table into a retained vault beside its point-in-time recovery.
 */
import { Match } from 'aws-cdk-lib/assertions';
import { MEDIA_NONCURRENT_DAYS, TABLE_BACKUPS } from '../../infra/stacks/data-stack';
import { logicalId, synthBioscope, PROD_SETTINGS } from './bioscope-app';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- template JSON

const dev = synthBioscope();
const prod = synthBioscope(PROD_SETTINGS);
const props = (r: Record<string, Json>) => Object.values(r).map((x) => x.Properties as Json);

describe('backups', () => {
  test('the media bucket keeps versions; an old version expires after 30 days, with its delete markers', () => {
    const bucket = dev.dataTemplate.toJSON().Resources[logicalId(dev.data.mediaBucket)].Properties as Json;
    expect(bucket.VersioningConfiguration).toEqual({ Status: 'Enabled' });
    expect(bucket.LifecycleConfiguration.Rules).toEqual(
      expect.arrayContaining([expect.objectContaining({ NoncurrentVersionExpiration: { NoncurrentDays: MEDIA_NONCURRENT_DAYS }, ExpiredObjectDeleteMarker: true, Status: 'Enabled' })]),
    );
    expect(MEDIA_NONCURRENT_DAYS).toBe(30);
  });

  test('AWS Backup: a retained vault, a daily rule kept 35 days (and monthly kept a year in prod), selecting the table', () => {
    const rules = (built: typeof dev) => (props(built.dataTemplate.findResources('AWS::Backup::BackupPlan'))[0]!.BackupPlan.BackupPlanRule as Json[]);
    expect(rules(dev).map((r) => [r.RuleName, r.ScheduleExpression, r.Lifecycle.DeleteAfterDays])).toEqual([['Daily', 'cron(0 1 * * ? *)', TABLE_BACKUPS.daily.keepDays]]);
    expect(rules(prod).map((r) => [r.RuleName, r.ScheduleExpression, r.Lifecycle.DeleteAfterDays])).toEqual([
      ['Daily', 'cron(0 1 * * ? *)', 35],
      ['Monthly', 'cron(0 2 1 * ? *)', 365],
    ]);
    const vaults = dev.dataTemplate.findResources('AWS::Backup::BackupVault');
    const [vaultId] = Object.keys(vaults);
    expect(vaults[vaultId!]).toMatchObject({ DeletionPolicy: 'Retain', UpdateReplacePolicy: 'Retain' });
    for (const r of rules(dev)) expect(r.TargetBackupVault).toEqual({ 'Fn::GetAtt': [vaultId, 'BackupVaultName'] });
    const [selection] = props(dev.dataTemplate.findResources('AWS::Backup::BackupSelection'));
    expect(selection!.BackupSelection.Resources).toEqual([{ 'Fn::GetAtt': [logicalId(dev.data.table), 'Arn'] }]);
    // PITR stays beside it.
    dev.dataTemplate.hasResourceProperties('AWS::DynamoDB::GlobalTable', { Replicas: [Match.objectLike({ PointInTimeRecoverySpecification: { PointInTimeRecoveryEnabled: true } })] });
  });
});
