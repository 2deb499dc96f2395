/** Resumable uploads (issue 16): what the media bucket needs for the browser's multipart uploads. */
import { synthBioscope } from './bioscope-app';

const { dataTemplate } = synthBioscope();
const media = () => Object.entries(dataTemplate.findResources('AWS::S3::Bucket')).find(([id]) => id.startsWith('Media'))![1] as {
  Properties: { LifecycleConfiguration: { Rules: unknown[] }; CorsConfiguration: { CorsRules: { AllowedMethods: string[]; ExposedHeaders: string[] }[] } };
};

describe('media bucket for multipart uploads', () => {
  test('an upload left unfinished is aborted after 7 days (its parts stop costing)', () => {
    expect(media().Properties.LifecycleConfiguration.Rules).toEqual(
      expect.arrayContaining([expect.objectContaining({ Status: 'Enabled', AbortIncompleteMultipartUpload: { DaysAfterInitiation: 7 } })]),
    );
  });

  test('CORS lets the browser PUT parts and read each part\'s ETag', () => {
    const [rule] = media().Properties.CorsConfiguration.CorsRules;
    expect(rule!.AllowedMethods).toContain('PUT');
    expect(rule!.ExposedHeaders).toContain('ETag');
  });
});
