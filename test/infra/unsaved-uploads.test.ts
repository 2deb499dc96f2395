/**
 * Issue 39: a video uploaded from a lecture form that was never saved is not transcoded and is
 * removed after a day. Uploads wait, tagged bioscope-upload=unsaved by on-upload, until a lecture
 * saves them (the catalogue then tags them saved); S3 expires the objects still tagged unsaved.
 */
import { Match } from 'aws-cdk-lib/assertions';
import { logicalId, synthBioscope } from './bioscope-app';
import { UNSAVED_UPLOAD_TAG } from '../../functions/lib/media-layout';

const { api, apiTemplate, dataTemplate } = synthBioscope();
const media = () =>
  Object.entries(dataTemplate.findResources('AWS::S3::Bucket')).find(([id]) => id.startsWith('Media'))![1] as { Properties: { LifecycleConfiguration: { Rules: unknown[] } } };

test('the media bucket expires an unsaved upload under videos/ after one day, and nothing else', () => {
  expect(UNSAVED_UPLOAD_TAG).toEqual({ Key: 'bioscope-upload', Value: 'unsaved' });
  const expiring = media().Properties.LifecycleConfiguration.Rules.filter((r) => (r as { ExpirationInDays?: number }).ExpirationInDays !== undefined);
  expect(expiring).toEqual([
    { Id: 'UnsavedUploads', Status: 'Enabled', Prefix: 'videos/', TagFilters: [{ Key: 'bioscope-upload', Value: 'unsaved' }], ExpirationInDays: 1 },
  ]);
});

const actionsOn = (role: { Ref: string }) => {
  const policies = apiTemplate.findResources('AWS::IAM::Policy', { Properties: { Roles: Match.arrayWith([role]) } });
  return Object.values(policies).flatMap((p) => p.Properties.PolicyDocument.Statement as { Action: string | string[]; Resource: unknown }[]);
};

test('on-upload may tag the sources under videos/ (an upload no lecture saved yet), and the catalogue may tag them saved', () => {
  const onUpload = actionsOn({ Ref: logicalId(api.videoPipeline.onUpload.fn.role!) });
  const tagging = onUpload.filter((s) => [s.Action].flat().includes('s3:PutObjectTagging'));
  expect(tagging).toHaveLength(1);
  expect(JSON.stringify(tagging[0]!.Resource)).toContain('/videos/*');
  const catalogue = actionsOn({ Ref: logicalId(api.functions.catalogue.fn.role!) });
  expect(catalogue.some((s) => [s.Action].flat().includes('s3:PutObjectTagging'))).toBe(true);
});
