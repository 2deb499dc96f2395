/**
 * The adaptive-video pipeline in AWS (issue 16): the upload's event → on-upload → MediaConvert (its
 * role, its queue) → the job's events → on-transcode-event; the ladder and AES settings; the signed
 * /media/hls/* behaviours; the alarm.
 */
import { Match, Template } from 'aws-cdk-lib/assertions';
import { App } from 'aws-cdk-lib';
import { readSettings, SettingsError } from '../../infra/stacks/settings';
import { JOB_STATUSES } from '../../infra/constructs/video-pipeline';
import { keyOfEvent } from '../../functions/media/on-upload';
import { assetChangeOf } from '../../functions/media/transcode-events';
import { DEFAULT_HLS_LADDER } from '../../shared/video';
import { buildApp, logicalId, synthBioscope, PROD_SETTINGS } from './bioscope-app';

type Json = Record<string, unknown>;
const { api, site, data, apiTemplate, siteTemplate, dataTemplate } = synthBioscope();
const pipeline = api.videoPipeline;
/** The queue is an L1 resource: its own logical id. */
const queueId = api.getLogicalId(pipeline.queue);

const resource = (t: Template, id: string) => t.toJSON().Resources[id] as { Type: string; Properties: Json };
const ruleOf = (id: string) => resource(apiTemplate, id).Properties as { EventPattern: Json; Targets: Json[] };
const envOf = (fnId: string) => (resource(apiTemplate, fnId).Properties.Environment as { Variables: Record<string, unknown> }).Variables;
/** The statements of every policy attached to a role. */
const statementsOf = (roleId: string) =>
  Object.values(apiTemplate.findResources('AWS::IAM::Policy', { Properties: { Roles: Match.arrayWith([{ Ref: roleId }]) } })).flatMap(
    (p) => p.Properties.PolicyDocument.Statement as { Action: string | string[]; Resource: unknown; Condition?: Json; Effect: string }[],
  );
const actionsOf = (roleId: string) => new Set(statementsOf(roleId).flatMap((s) => [s.Action].flat()));

/** EventBridge's matching for the subset our patterns use: arrays of values, {prefix}, nested objects. */
function matches(pattern: Json, event: Json): boolean {
  return Object.entries(pattern).every(([k, want]) => {
    const got = event[k];
    if (Array.isArray(want)) {
      return want.some((w) => (typeof w === 'object' && w && 'prefix' in w ? typeof got === 'string' && got.startsWith((w as { prefix: string }).prefix) : JSON.stringify(w) === JSON.stringify(got)));
    }
    return typeof got === 'object' && got !== null && matches(want as Json, got as Json);
  });
}

/** EventBridge's input transformer: a placeholder inside a string gets the raw text, elsewhere the JSON value. */
function transform(transformer: { InputPathsMap: Record<string, string>; InputTemplate: string }, event: Json): unknown {
  const value = (name: string) => {
    const path = transformer.InputPathsMap[name]!.replace(/^\$\./, '').split('.');
    return path.reduce<unknown>((o, k) => (o as Json | undefined)?.[k], event);
  };
  const text = transformer.InputTemplate.replace(/"(?:[^"\\]|\\.)*"/g, (str) => str.replace(/<([\w-]+)>/g, (_, n: string) => String(value(n)))).replace(
    /<([\w-]+)>/g,
    (_, n: string) => JSON.stringify(value(n)),
  );
  return JSON.parse(text);
}

/** An "Object Created" event as S3 sends it to EventBridge (shape from AWS's S3 user guide, ev-events). */
const objectCreated = (bucket: string, key: string) => ({
  version: '0',
  id: '17793124-05d4-b198-2fde-7ededc63b103',
  'detail-type': 'Object Created',
  source: 'aws.s3',
  account: '111122223333',
  time: '2026-11-24T19:00:00Z',
  region: 'eu-central-1',
  resources: [`arn:aws:s3:::${bucket}`],
  detail: {
    version: '0',
    bucket: { name: bucket },
    object: { key, size: 73400320, etag: 'b1946ac92492d2347c6235b4d2611184-14', sequencer: '617f08299329d189' },
    'request-id': 'N4N7GDK58NMKJ12R',
    requester: '111122223333',
    'source-ip-address': '192.0.2.1',
    reason: 'CompleteMultipartUpload',
  },
});

describe('the upload starts the transcode (EventBridge, no cross-stack cycle)', () => {
  const mediaId = Object.keys(dataTemplate.findResources('AWS::S3::Bucket')).find((id) => id.startsWith('Media'))!;
  const bucketName = resource(dataTemplate, mediaId).Properties.BucketName;
  const rule = () => ruleOf(logicalId(pipeline.uploads));

  test('the media bucket sends its events to EventBridge, set on the bucket itself (no notifications custom resource)', () => {
    expect(resource(dataTemplate, mediaId).Properties.NotificationConfiguration).toEqual({ EventBridgeConfiguration: { EventBridgeEnabled: true } });
    expect(dataTemplate.findResources('Custom::S3BucketNotifications')).toEqual({});
  });

  test('the data stack refers to nothing of the api stack (the api stack names the bucket by its setting)', () => {
    expect(JSON.stringify(dataTemplate.toJSON())).not.toContain(api.stackName);
    expect(rule().EventPattern).toEqual({
      source: ['aws.s3'],
      'detail-type': ['Object Created'],
      detail: { bucket: { name: [bucketName] }, object: { key: [{ prefix: 'videos/' }] } },
    });
  });

  test('matches a video stored under videos/ of this bucket only: not an image, not another bucket', () => {
    const pattern = JSON.parse(JSON.stringify(rule().EventPattern).replace(JSON.stringify(bucketName), '"media-dev"')) as Json;
    expect(matches(pattern, objectCreated('media-dev', 'videos/01JD8Z6Q3T4V5W6X7Y8Z9ABCDE-lecture-1.mp4'))).toBe(true);
    expect(matches(pattern, objectCreated('media-dev', 'images/01JD8Z6Q3T4V5W6X7Y8Z9ABCDE.png'))).toBe(false);
    expect(matches(pattern, objectCreated('media-dev', 'hls/01JD8Z6Q3T4V5W6X7Y8Z9ABCDE/master.m3u8'))).toBe(false);
    expect(matches(pattern, objectCreated('other-bucket', 'videos/x.mp4'))).toBe(false);
    expect(matches(pattern, { ...objectCreated('media-dev', 'videos/x.mp4'), 'detail-type': 'Object Deleted' })).toBe(false);
  });

  test('on-upload receives the S3Event record its contract names (bucket, key, size, ETag, ObjectCreated:<reason>)', () => {
    const [target] = rule().Targets as { Arn: unknown; InputTransformer: { InputPathsMap: Record<string, string>; InputTemplate: string } }[];
    expect(target!.Arn).toEqual({ Ref: logicalId(pipeline.onUpload.alias) });
    // The template is a CloudFormation join (the bucket's ARN is a token): flatten it, a name standing in for each token.
    const flat = (x: unknown): string => {
      if (typeof x === 'string') return x;
      const join = (x as { 'Fn::Join'?: [string, unknown[]] })['Fn::Join'];
      return join ? join[1].map(flat).join(join[0]) : 'token';
    };
    const template = { ...target!.InputTransformer, InputTemplate: flat(target!.InputTransformer.InputTemplate) };
    const s3Event = transform(template, objectCreated('media-dev', 'videos/01JD8Z6Q3T4V5W6X7Y8Z9ABCDE-lecture-1.mp4')) as {
      Records: { eventSource: string; eventName: string; awsRegion: string; s3: { bucket: { name: string }; object: { key: string; size: number; eTag: string } } }[];
    };
    expect(s3Event.Records).toHaveLength(1);
    const [r] = s3Event.Records;
    expect(r).toMatchObject({
      eventSource: 'aws:s3',
      eventName: 'ObjectCreated:CompleteMultipartUpload',
      awsRegion: 'eu-central-1',
      s3: { bucket: { name: 'media-dev' }, object: { key: 'videos/01JD8Z6Q3T4V5W6X7Y8Z9ABCDE-lecture-1.mp4', size: 73400320, eTag: 'b1946ac92492d2347c6235b4d2611184-14' } },
    });
    // S3 notifications URL-encode the key, EventBridge's need not: the handler's decoding leaves every
    // character our upload keys may hold (functions/catalogue/media.ts: [A-Za-z0-9._-]) as it is.
    const key = 'videos/01JD8Z6Q3T4V5W6X7Y8Z9ABCDE-Lecture_1.part-2.v3.mp4';
    const [again] = (transform(template, objectCreated('media-dev', key)) as typeof s3Event).Records;
    expect(keyOfEvent(again!.s3.object.key)).toBe(key);
    apiTemplate.hasResourceProperties('AWS::Lambda::Permission', {
      Action: 'lambda:InvokeFunction',
      Principal: 'events.amazonaws.com',
      FunctionName: { Ref: logicalId(pipeline.onUpload.alias) },
      SourceArn: { 'Fn::GetAtt': [logicalId(pipeline.uploads), 'Arn'] },
    });
  });
});

describe("the jobs' events reach on-transcode-event", () => {
  test("only this stage's queue, only the states the asset follows (a cancelled job fails the video too)", () => {
    const rule = ruleOf(logicalId(pipeline.jobEvents));
    expect(rule.EventPattern).toEqual({
      source: ['aws.mediaconvert'],
      'detail-type': ['MediaConvert Job State Change'],
      detail: { status: ['PROGRESSING', 'STATUS_UPDATE', 'COMPLETE', 'ERROR', 'CANCELED'], queue: [{ 'Fn::GetAtt': [queueId, 'Arn'] }] },
    });
    expect([...JOB_STATUSES]).toEqual(['PROGRESSING', 'STATUS_UPDATE', 'COMPLETE', 'ERROR', 'CANCELED']);
    expect(rule.Targets).toEqual([expect.objectContaining({ Arn: { Ref: logicalId(pipeline.onTranscodeEvent.alias) } })]);
    // The event itself is passed as it is (the Lambda reads detail.status, jobProgress, userMetadata…).
    expect(rule.Targets[0]).not.toHaveProperty('InputTransformer');
    expect(rule.Targets[0]).not.toHaveProperty('Input');
  });

  test('every state the rule sends changes the asset (on-transcode-event reads it); those it leaves out would change nothing', () => {
    const event = (status: string) => ({
      source: 'aws.mediaconvert',
      'detail-type': 'MediaConvert Job State Change',
      detail: { status, jobId: '1671477617078-2886ye', queue: 'arn:aws:mediaconvert:eu-central-1:111122223333:queues/bioscope-dev', userMetadata: { assetId: '01JD8Z6Q3T4V5W6X7Y8Z9ABCDE', sourceEtag: 'b1946ac92492d2347c6235b4d2611184' } },
    });
    // Every status MediaConvert sends on EventBridge (its user guide's list of events).
    const all = ['INPUT_INFORMATION', 'PROGRESSING', 'STATUS_UPDATE', 'COMPLETE', 'CANCELED', 'ERROR', 'NEW_WARNING', 'QUEUE_HOP'];
    for (const status of all) {
      const sent = (JOB_STATUSES as readonly string[]).includes(status);
      expect([status, assetChangeOf(event(status)) !== undefined]).toEqual([status, sent]);
    }
  });

  test('the queue is on-demand and named per stage', () => {
    apiTemplate.hasResourceProperties('AWS::MediaConvert::Queue', { Name: 'bioscope-dev', PricingPlan: 'ON_DEMAND', Status: 'ACTIVE' });
    expect(Template.fromStack(buildApp(PROD).api).findResources('AWS::MediaConvert::Queue', { Properties: { Name: 'bioscope-prod' } })).not.toEqual({});
  });
});

describe('MediaConvert permissions', () => {
  const jobRoleId = () => logicalId(pipeline.jobRole);

  test('the job role is trusted by MediaConvert alone, reads videos/* and writes hls/* of the media bucket, nothing else', () => {
    const role = resource(apiTemplate, jobRoleId()).Properties as { AssumeRolePolicyDocument: { Statement: Json[] }; ManagedPolicyArns?: unknown };
    expect(role.AssumeRolePolicyDocument.Statement).toEqual([{ Action: 'sts:AssumeRole', Effect: 'Allow', Principal: { Service: 'mediaconvert.amazonaws.com' } }]);
    expect(role.ManagedPolicyArns).toBeUndefined();
    const statements = statementsOf(jobRoleId());
    expect(statements.map((s) => [s.Action, JSON.stringify(s.Resource)])).toEqual([
      ['s3:GetObject', expect.stringMatching(/:s3:::.*media.*\/videos\/\*"/)],
      ['s3:PutObject', expect.stringMatching(/:s3:::.*media.*\/hls\/\*"/)],
    ]);
  });

  test("on-upload may CreateJob and pass that role, to MediaConvert only; no other function but the catalogue (the teacher's retry) may pass a role", () => {
    const uploadRole = logicalId(pipeline.onUpload.fn.role!);
    const statements = statementsOf(uploadRole);
    const pass = statements.filter((s) => [s.Action].flat().includes('iam:PassRole'));
    expect(pass).toEqual([
      {
        Action: 'iam:PassRole',
        Effect: 'Allow',
        Resource: { 'Fn::GetAtt': [jobRoleId(), 'Arn'] },
        Condition: { StringEquals: { 'iam:PassedToService': 'mediaconvert.amazonaws.com' } },
      },
    ]);
    // Jobs on this stage's queue only (CreateJob's resource types: queue, job template, preset; ours names the queue).
    const create = statements.filter((s) => [s.Action].flat().includes('mediaconvert:CreateJob'));
    expect(create).toEqual([{ Action: 'mediaconvert:CreateJob', Effect: 'Allow', Resource: { 'Fn::GetAtt': [queueId, 'Arn'] } }]);
    // The catalogue starts the same job when the teacher retries a stuck video (test/infra/video-pipeline-dlq.test.ts).
    const retryRole = logicalId(api.functions.catalogue.fn.role!);
    const others = Object.keys(apiTemplate.findResources('AWS::IAM::Role')).filter((id) => id !== uploadRole && id !== retryRole);
    for (const id of others) expect(actionsOf(id).has('iam:PassRole')).toBe(false);
    expect(actionsOf(logicalId(pipeline.onTranscodeEvent.fn.role!)).has('mediaconvert:CreateJob')).toBe(false);
  });

  test('on-upload may read (HEAD) and tag (an upload no lecture saved yet) the sources under videos/ only; on-transcode-event touches no object', () => {
    const s3 = (fn: typeof pipeline.onUpload.fn) => statementsOf(logicalId(fn.role!)).filter((s) => [s.Action].flat().some((a) => a.startsWith('s3:')));
    const onUpload = s3(pipeline.onUpload.fn);
    expect(onUpload.flatMap((s) => [s.Action].flat()).sort()).toEqual(['s3:GetObject', 's3:PutObjectTagging']);
    for (const s of onUpload) expect(JSON.stringify(s.Resource)).toMatch(/\/videos\/\*"/);
    expect(s3(pipeline.onTranscodeEvent.fn)).toEqual([]);
  });

  test('both Lambdas reach only the asset items of the table (LeadingKeys ASSET#*): no Query, Scan or Delete', () => {
    const asset = (roleId: string) => statementsOf(roleId).filter((s) => [s.Action].flat().some((a) => a.startsWith('dynamodb:')));
    for (const [fn, actions] of [
      [pipeline.onUpload.fn, ['dynamodb:GetItem', 'dynamodb:PutItem', 'dynamodb:UpdateItem']],
      [pipeline.onTranscodeEvent.fn, ['dynamodb:GetItem', 'dynamodb:UpdateItem']],
    ] as const) {
      const statements = asset(logicalId(fn.role!));
      expect(statements).toHaveLength(1);
      expect(statements[0]!.Action).toEqual(actions);
      expect(statements[0]!.Condition).toEqual({ 'ForAllValues:StringLike': { 'dynamodb:LeadingKeys': ['ASSET#*'] } });
      expect(JSON.stringify(statements[0]!.Resource)).not.toContain('index');
    }
  });
});

describe("the Lambdas' configuration", () => {
  test('on-upload: MediaConvert, its role and queue, the bucket, the table, the ladder and AES from the settings', () => {
    const env = envOf(logicalId(pipeline.onUpload.fn));
    expect(env).toMatchObject({
      TRANSCODER: 'mediaconvert',
      MEDIACONVERT_ROLE_ARN: { 'Fn::GetAtt': [logicalId(pipeline.jobRole), 'Arn'] },
      MEDIACONVERT_QUEUE_ARN: { 'Fn::GetAtt': [queueId, 'Arn'] },
      HLS_AES: '0',
      POWERTOOLS_SERVICE_NAME: 'bioscope-media',
    });
    expect(JSON.parse(env.HLS_LADDER as string)).toEqual(DEFAULT_HLS_LADDER);
    expect(env.TABLE_NAME).toEqual(envOf(logicalId(api.functions.catalogue.fn)).TABLE_NAME);
    expect(env.MEDIA_BUCKET).toEqual(envOf(logicalId(api.functions.catalogue.fn)).MEDIA_BUCKET);
  });

  test('on-transcode-event: the table only', () => {
    const env = envOf(logicalId(pipeline.onTranscodeEvent.fn));
    expect(Object.keys(env).filter((k) => !/^(POWERTOOLS_|LOG_LEVEL|NODE_OPTIONS)/.test(k))).toEqual(['TABLE_NAME']);
  });

  test('bundled from their handler files, arm64, Node 22, traced, with a month of logs like the domain functions', () => {
    for (const [fn, file] of [
      [pipeline.onUpload, 'on-upload'],
      [pipeline.onTranscodeEvent, 'on-transcode-event'],
    ] as const) {
      const p = resource(apiTemplate, logicalId(fn.fn)).Properties as Json;
      expect(p).toMatchObject({ Handler: 'index.handler', Runtime: 'nodejs22.x', Architectures: ['arm64'], TracingConfig: { Mode: 'Active' } });
      expect(p.Description).toMatch(/^Bioscope media: /);
      const logGroupId = (p.LoggingConfig as { LogGroup: { Ref: string } }).LogGroup.Ref;
      expect(resource(apiTemplate, logGroupId).Properties.RetentionInDays).toBe(30);
      expect(fn.node.id).toBe(file === 'on-upload' ? 'OnUpload' : 'OnTranscodeEvent');
    }
    // Two handlers of one folder: their assets must differ (CDK's bundling cache key alone would not tell them apart).
    const assets = [pipeline.onUpload, pipeline.onTranscodeEvent].map((f) => JSON.stringify((resource(apiTemplate, logicalId(f.fn)).Properties.Code as Json).S3Key));
    expect(new Set(assets).size).toBe(2);
  });
});

const PROD = { ...PROD_SETTINGS, googleClientId: 'school.apps.googleusercontent.com' };

describe('settings: the ladder and AES', () => {
  const settingsOf = (context: Json) => readSettings(new App({ context }).node);
  const problemsOf = (context: Json): string[] => {
    try {
      settingsOf(context);
    } catch (e) {
      if (e instanceof SettingsError) return e.problems;
      throw e;
    }
    return [];
  };
  const ladder = (...rungs: [string, number, number][]) => JSON.stringify(rungs.map(([name, height, videoKbps]) => ({ name, height, videoKbps })));

  test('by default the shared ladder, unencrypted', () => {
    expect(settingsOf({}).hls).toEqual({ ladder: DEFAULT_HLS_LADDER, aes: false });
  });

  test("the operator's ladder and AES reach on-upload", () => {
    const mine = ladder(['360p', 360, 700], ['540p', 540, 1500], ['1080p', 1080, 4500]);
    const { api: a, apiTemplate: t } = synthBioscope({ hlsLadder: mine, hlsAes: '1' });
    const env = (t.toJSON().Resources[logicalId(a.videoPipeline.onUpload.fn)].Properties.Environment as { Variables: Json }).Variables;
    expect(JSON.parse(env.HLS_LADDER as string)).toEqual(JSON.parse(mine));
    expect(env.HLS_AES).toBe('1');
    // cdk.json may hold the ladder as an array and AES as a boolean.
    expect(settingsOf({ hlsLadder: JSON.parse(mine), hlsAes: true }).hls).toEqual({ ladder: JSON.parse(mine), aes: true });
  });

  test.each([
    ['heights out of order', ladder(['480p', 480, 1400], ['360p', 360, 800]), /heights must ascend/],
    ['a higher rung with fewer bits', ladder(['360p', 360, 800], ['480p', 480, 700]), /bitrates must ascend/],
    ['an odd height', ladder(['361p', 361, 800]), /hlsLadder\[0\]\.height: '361' must be an even/],
    ['a height too small', ladder(['100p', 100, 300]), /height: '100'/],
    ['a bitrate too high', ladder(['720p', 720, 50_000]), /videoKbps: '50000'/],
    ['a bitrate too low', ladder(['240p', 240, 50]), /videoKbps: '50'/],
    ['a name that is no folder', ladder(['../x', 360, 800]), /name: '..\/x'/],
    ['a name twice', ladder(['hd', 360, 800], ['hd', 720, 2800]), /'hd' is used twice/],
    ['mono audio below 32 kbit/s', JSON.stringify([{ name: '180p', height: 180, videoKbps: 140, audioKbps: 24, audioChannels: 1 }]), /hlsLadder\[0\]\.audioKbps: '24'/],
    ['stereo audio below 64 kbit/s', JSON.stringify([{ name: '180p', height: 180, videoKbps: 140, audioKbps: 48, audioChannels: 2 }]), /hlsLadder\[0\]\.audioKbps: '48'/],
    ['audio of six channels', JSON.stringify([{ name: '180p', height: 180, videoKbps: 140, audioKbps: 96, audioChannels: 6 }]), /hlsLadder\[0\]\.audioChannels: '6'/],
    ['no rungs', '[]', /must be a JSON array/],
    ['not JSON', '[{"name":', /hlsLadder: not valid JSON/],
    ['nine rungs', ladder(...Array.from({ length: 9 }, (_, i): [string, number, number] => [`r${i}`, 144 + 100 * i, 200 + 300 * i])), /9 rungs; at most 8/],
  ])('a ladder with %s is refused, in dev too, with one clear line', (_, hlsLadder, problem) => {
    const problems = problemsOf({ hlsLadder });
    expect(problems.length).toBeGreaterThan(0);
    expect(problems.join('\n')).toMatch(problem);
    for (const p of problems) expect(p).toMatch(/^hlsLadder/);
  });

  test("a rung's own audio (kbit/s, channels) is kept; the default ladder's lowest rung is at most 200 kbit/s in all", () => {
    const mine = [
      { name: '144p', height: 144, videoKbps: 110, audioKbps: 32, audioChannels: 1 },
      { name: '360p', height: 360, videoKbps: 500 },
    ];
    expect(settingsOf({ hlsLadder: JSON.stringify(mine) }).hls.ladder).toEqual(mine);
    const [lowest] = settingsOf({}).hls.ladder;
    expect(lowest).toEqual({ name: '180p', height: 180, videoKbps: 140, audioKbps: 48, audioChannels: 1 });
    expect(lowest!.videoKbps + lowest!.audioKbps!).toBeLessThanOrEqual(200);
  });

  test('hlsAes takes 1/0, true/false, on/off; anything else is refused', () => {
    expect(settingsOf({ hlsAes: 'on' }).hls.aes).toBe(true);
    expect(settingsOf({ hlsAes: 'false' }).hls.aes).toBe(false);
    expect(problemsOf({ hlsAes: 'yes please' })).toEqual(["hlsAes: 'yes please' must be 1 (encrypt the segments) or 0"]);
  });
});

describe('CloudFront: /media/hls/* only with signed cookies (or URLs) of the video key group', () => {
  const config = () => Object.values(siteTemplate.findResources('AWS::CloudFront::Distribution'))[0]!.Properties.DistributionConfig as {
    CacheBehaviors: { PathPattern: string; TrustedKeyGroups?: unknown[]; CachePolicyId: unknown; ViewerProtocolPolicy: string; OriginRequestPolicyId?: string; AllowedMethods?: string[] }[];
  };
  const behavior = (path: string) => config().CacheBehaviors.find((b) => b.PathPattern === path)!;
  const keyGroup = () => ({ Ref: Object.keys(siteTemplate.findResources('AWS::CloudFront::KeyGroup'))[0]! });

  test('playlists and segments each have a behaviour that trusts the video key group alone, over HTTPS', () => {
    for (const path of ['/media/hls/*.m3u8', '/media/hls/*']) {
      const b = behavior(path);
      expect(b.TrustedKeyGroups).toEqual([keyGroup()]);
      expect(b.ViewerProtocolPolicy).toBe('https-only');
      expect(b.OriginRequestPolicyId).toBeUndefined();
    }
  });

  test('they come before /media/* and after the public images, so the first match is the right one', () => {
    const order = config().CacheBehaviors.map((b) => b.PathPattern);
    const at = (p: string) => order.indexOf(p);
    expect(at('/media/images/*')).toBeLessThan(at('/media/hls/*.m3u8'));
    expect(at('/media/hls/*.m3u8')).toBeLessThan(at('/media/hls/*'));
    expect(at('/media/hls/*')).toBeLessThan(at('/media/*'));
  });

  test('segments are kept a year at the edge, playlists a minute; no cookie, header or query string in either key', () => {
    const policy = (path: string) => {
      const id = (behavior(path).CachePolicyId as { Ref: string }).Ref;
      return resource(siteTemplate, id).Properties.CachePolicyConfig as { DefaultTTL: number; MaxTTL: number; ParametersInCacheKeyAndForwardedToOrigin: Json };
    };
    expect(policy('/media/hls/*').DefaultTTL).toBe(365 * 24 * 3600);
    expect(policy('/media/hls/*.m3u8').DefaultTTL).toBe(60);
    for (const path of ['/media/hls/*', '/media/hls/*.m3u8']) {
      expect(policy(path).ParametersInCacheKeyAndForwardedToOrigin).toMatchObject({
        CookiesConfig: { CookieBehavior: 'none' },
        HeadersConfig: { HeaderBehavior: 'none' },
        QueryStringsConfig: { QueryStringBehavior: 'none' },
      });
    }
  });

  test("/api/* forwards every viewer cookie and caches nothing, so the playback route's Set-Cookie reaches the browser", () => {
    const b = behavior('/api/*');
    expect(b.OriginRequestPolicyId).toBe('b689b0a8-53d0-40ab-baf2-68738e2966ac'); // Managed-AllViewerExceptHostHeader: all cookies
    expect(b.CachePolicyId).toBe('4135ea2d-6df8-44a3-9df3-4b5a84be39ad'); // Managed-CachingDisabled
  });

  test('the catalogue Lambda signs the cookies with the key pair of that key group and may read the private key; its table grant covers the AES key items', () => {
    const env = envOf(logicalId(api.functions.catalogue.fn));
    expect(env.CLOUDFRONT_KEY_PAIR_ID).toBeDefined();
    expect(JSON.stringify(env.CLOUDFRONT_KEY_PAIR_ID)).toContain(site.stackName);
    const role = logicalId(api.functions.catalogue.fn.role!);
    expect(actionsOf(role).has('secretsmanager:GetSecretValue')).toBe(true);
    const get = statementsOf(role).find((s) => [s.Action].flat().includes('dynamodb:GetItem'))!;
    // The whole table, no LeadingKeys condition: AP56/AP57 (ASSET#…) items are readable.
    expect(get.Condition).toBeUndefined();
    expect(JSON.stringify(get.Resource)).toContain(data.stackName);
  });
});

test("an alarm tells the operator when a job of this stage's queue fails or a pipeline Lambda crashes", () => {
  const alarm = api.monitoring.alarms.VideoPipelineFailures!;
  const text = JSON.stringify(apiTemplate.findResources('AWS::CloudWatch::Alarm')[logicalId(alarm)]!.Properties);
  expect(text).toContain('"MetricName":"JobsErroredCount","Namespace":"AWS/MediaConvert"');
  expect(text).toContain(JSON.stringify({ Name: 'Queue', Value: { 'Fn::GetAtt': [queueId, 'Arn'] } }));
  for (const fn of [pipeline.onUpload.fn, pipeline.onTranscodeEvent.fn]) expect(text).toContain(logicalId(fn));
});
