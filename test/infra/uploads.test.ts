/** Resumable uploads (issue 16): what the media bucket and the catalogue Lambda need for the browser's multipart uploads. */
import { Match } from 'aws-cdk-lib/assertions';
import { logicalId, synthBioscope } from './bioscope-app';

const { api, apiTemplate, dataTemplate } = synthBioscope();
const media = () =>
  Object.entries(dataTemplate.findResources('AWS::S3::Bucket')).find(([id]) => id.startsWith('Media'))![1] as {
    Properties: { LifecycleConfiguration: { Rules: unknown[] }; CorsConfiguration: { CorsRules: { AllowedMethods: string[]; ExposedHeaders: string[] }[] } };
  };

describe('media bucket for multipart uploads', () => {
  test('an upload left unfinished is aborted after 7 days (its parts stop costing)', () => {
    expect(media().Properties.LifecycleConfiguration.Rules).toEqual(
      expect.arrayContaining([expect.objectContaining({ Status: 'Enabled', AbortIncompleteMultipartUpload: { DaysAfterInitiation: 7 } })]),
    );
  });

  test("CORS lets the browser PUT parts and read each part's ETag", () => {
    const [rule] = media().Properties.CorsConfiguration.CorsRules;
    expect(rule!.AllowedMethods).toContain('PUT');
    expect(rule!.ExposedHeaders).toContain('ETag');
  });
});

test('the catalogue Lambda may list and abort uploads (Create, UploadPart and Complete are s3:PutObject); no other domain may', () => {
  const actionsOf = (domain: 'catalogue' | 'quizzes' | 'users') => {
    const roleId = logicalId(api.functions[domain].fn.role!);
    const policies = apiTemplate.findResources('AWS::IAM::Policy', { Properties: { Roles: Match.arrayWith([{ Ref: roleId }]) } });
    return new Set(Object.values(policies).flatMap((p) => (p.Properties.PolicyDocument.Statement as { Action: string | string[] }[]).flatMap((s) => [s.Action].flat())));
  };
  expect([...actionsOf('catalogue')]).toEqual(expect.arrayContaining(['s3:PutObject', 's3:ListMultipartUploadParts', 's3:AbortMultipartUpload']));
  for (const d of ['quizzes', 'users'] as const) expect(actionsOf(d).has('s3:AbortMultipartUpload')).toBe(false);
});
