/**
 * The AWS half of the adaptive-video pipeline (issue 16): an upload under videos/ becomes an HLS
 * ladder under hls/<assetId>/, and each job's progress lands on the asset item (AP56).
 *
 *   media bucket ──"Object Created" videos/*──► EventBridge ──rule Uploads──► on-upload Lambda ──CreateJob──┐
 *   (data stack)                                                                                           │
 *       ▲ hls/<assetId>/… written by MediaConvert (job role: reads videos/*, writes hls/*) ◄── this stage's queue
 *                                    │ "MediaConvert Job State Change" of that queue
 *                                    └──► EventBridge ──rule JobEvents──► on-transcode-event Lambda ──► asset item
 *
 * Why EventBridge for the upload and not an S3 notification to the Lambda: the bucket belongs to
 * the data stack, the Lambdas to the api stack, which comes after it and already reads the data
 * stack's table and pool. An S3 notification is part of the bucket and names its Lambda's ARN, and S3
 * checks the Lambda's permission when the notification is written: that is data → api and api → data,
 * the cycle issue 15 avoided; the alternative, the Lambdas and the MediaConvert role in the data stack,
 * would put stateless code into the retained, termination-protected stack. Instead the bucket only
 * turns on EventBridge delivery (a property of the bucket in the data stack, no custom resource), and
 * the rule here matches it by the bucket's name, a setting: no reference in either direction. Events
 * from S3 to EventBridge are delivered at least once, as S3 notifications are; on-upload starts no
 * second job for a source it has seen with the same ETag.
 *
 * The Lambda's contract is an S3Event (functions/media/on-upload.ts; the local platform feeds it s3rver's
 * notifications): the rule reshapes EventBridge's "Object Created" into that one record with an input
 * transformer. S3 notifications URL-encode the key, EventBridge's detail need not; our upload keys
 * are videos/<ulid>-<name> with name reduced to [A-Za-z0-9._-] (functions/catalogue/media.ts), which
 * encoding leaves unchanged, so both read alike (test/infra/video-pipeline.test.ts runs the handler's decoding).
 *
 * The job events are filtered on this stage's own on-demand queue (every event's detail names its queue),
 * so dev and prod in one account never see each other's jobs.
 *
 * What fails is kept, one dead-letter queue per step (uploads, job events; infra/constructs/dead-letter-queue.ts):
 * an event EventBridge could not deliver to the Lambda (the target's dead-letter queue), and an event the
 * Lambda failed on after its retries (its on-failure destination). Both give up after VIDEO_STUCK_AFTER_MINUTES,
 * when the teacher may retry the video (docs/playback.md, "When a video stays processing").
 */
import { Duration, Validations } from 'aws-cdk-lib';
import type { ITopic } from 'aws-cdk-lib/aws-sns';
import type { ITableV2 } from 'aws-cdk-lib/aws-dynamodb';
import { EventField, Match, Rule, RuleTargetInput } from 'aws-cdk-lib/aws-events';
import { LambdaFunction as LambdaFunctionTarget } from 'aws-cdk-lib/aws-events-targets';
import { PolicyStatement, Role, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import type { Function as LambdaFunction } from 'aws-cdk-lib/aws-lambda';
import { SqsDestination } from 'aws-cdk-lib/aws-lambda-destinations';
import { CfnQueue } from 'aws-cdk-lib/aws-mediaconvert';
import type { IBucket } from 'aws-cdk-lib/aws-s3';
import { Construct } from 'constructs';
import { keys } from '../../functions/data/keys';
import { MEDIA_PREFIXES } from '../../functions/lib/media-layout';
import { type LadderRung, VIDEO_STUCK_AFTER_MINUTES } from '../../shared/video';
import { DeadLetterQueue } from './dead-letter-queue';
import { type DomainResources, DomainFunction, nagText } from './domain-function';

/**
 * The MediaConvert job states the asset follows (functions/media/transcode-events.ts): CANCELED too (an
 * operator stopping a job in the console fails the video instead of leaving it processing). The rest,
 * INPUT_INFORMATION, NEW_WARNING, QUEUE_HOP…, are not sent.
 */
export const JOB_STATUSES = ['PROGRESSING', 'STATUS_UPDATE', 'COMPLETE', 'ERROR', 'CANCELED'] as const;

/**
 * The items the pipeline's Lambdas may touch, as partition-key patterns (dynamodb:LeadingKeys): the
 * asset (AP56) and its AES key item (AP57), both under ASSET#<assetId>. Built by keys.ts with '*' for the id.
 */
export const assetKeyPatterns = (): string[] => [...new Set([keys.videoAsset('*').PK, keys.videoAssetKey('*').PK])];

/**
 * How long an event is retried before it goes to its dead-letter queue: until the video counts as stuck
 * and the teacher may retry it, so the alarm and the Retry button come together.
 */
const EVENT_MAX_AGE = Duration.minutes(VIDEO_STUCK_AFTER_MINUTES);
/** EventBridge's tries to invoke the Lambda (throttled, or Lambda's service failing), with its backoff, within EVENT_MAX_AGE. */
const TARGET_RETRIES = 8;
/** Lambda's retries of an event its handler failed on (its default: a minute, then two, apart). */
const HANDLER_RETRIES = 2;

export interface VideoPipelineProps {
  stage: string;
  table: ITableV2;
  /** The media bucket (the data stack's), imported by name. */
  mediaBucket: IBucket;
  resources: DomainResources;
  hls: { ladder: readonly LadderRung[]; aes: boolean };
}

export class VideoPipeline extends Construct {
  readonly queue: CfnQueue;
  /** The role MediaConvert's jobs run as. */
  readonly jobRole: Role;
  readonly onUpload: DomainFunction;
  readonly onTranscodeEvent: DomainFunction;
  readonly uploads: Rule;
  readonly jobEvents: Rule;
  /** Where each step's failed events wait, with their alarms (notify(topic) wires them to the operator's). */
  readonly deadLetterQueues: { uploads: DeadLetterQueue; jobEvents: DeadLetterQueue };
  /** What starting a transcode takes (on-upload's, and the teacher's retry: grantTranscodeStart). */
  private readonly transcodeEnvironment: Record<string, string>;

  constructor(scope: Construct, id: string, props: VideoPipelineProps) {
    super(scope, id);
    const { table, mediaBucket: bucket } = props;

    // On-demand (billed per output minute, nothing while idle); its own so that the job events, the
    // metrics and a runaway job can be told apart per stage.
    this.queue = new CfnQueue(this, 'Queue', {
      name: `bioscope-${props.stage}`,
      description: `Bioscope ${props.stage}: HLS ladders of uploaded lecture videos`,
      pricingPlan: 'ON_DEMAND',
      status: 'ACTIVE',
    });

    // What a job reads and writes, and nothing else: the sources under videos/, the ladders under hls/.
    // The media bucket is SSE-S3 (no KMS key to grant). No ACL is written (the bucket enforces owner).
    this.jobRole = new Role(this, 'JobRole', {
      assumedBy: new ServicePrincipal('mediaconvert.amazonaws.com'),
      description: `MediaConvert jobs of Bioscope ${props.stage}: read uploaded videos, write their HLS ladders`,
    });
    const sources = bucket.arnForObjects(`${MEDIA_PREFIXES.videos}*`);
    const ladders = bucket.arnForObjects(`${MEDIA_PREFIXES.hls}*`);
    this.jobRole.addToPolicy(new PolicyStatement({ actions: ['s3:GetObject'], resources: [sources] }));
    this.jobRole.addToPolicy(new PolicyStatement({ actions: ['s3:PutObject'], resources: [ladders] }));
    Validations.of(this.jobRole).acknowledge(
      { id: `AwsSolutions-IAM5[Resource::${nagText(this, sources)}]`, reason: 'A job reads the uploaded source it is given; sources are any object under videos/ of the media bucket.' },
      { id: `AwsSolutions-IAM5[Resource::${nagText(this, ladders)}]`, reason: 'A job writes its ladder under hls/<assetId>/ of the media bucket, a folder per upload named at job time.' },
    );

    const assetPatterns = assetKeyPatterns();
    /** Items of the asset keys only (dynamodb:LeadingKeys): no other record of the table is reachable. */
    const assetItems = (actions: string[]) =>
      new PolicyStatement({
        actions: actions.map((a) => `dynamodb:${a}`),
        resources: [table.tableArn],
        conditions: { 'ForAllValues:StringLike': { 'dynamodb:LeadingKeys': assetPatterns } },
      });

    this.transcodeEnvironment = {
      TRANSCODER: 'mediaconvert',
      MEDIACONVERT_ROLE_ARN: this.jobRole.roleArn,
      MEDIACONVERT_QUEUE_ARN: this.queue.attrArn,
      HLS_LADDER: JSON.stringify(props.hls.ladder),
      HLS_AES: props.hls.aes ? '1' : '0',
    };
    const common = { domain: 'media' as const, grants: [], resources: props.resources };
    this.onUpload = new DomainFunction(this, 'OnUpload', {
      ...common,
      handlerFile: 'on-upload',
      description: 'Bioscope media: starts the HLS transcode of each uploaded video (S3 Object Created under videos/)',
      // CreateJob answers in about a second; a burst of uploads is a few calls each.
      timeout: Duration.seconds(30),
      environment: { MEDIA_BUCKET: bucket.bucketName, TABLE_NAME: table.tableName },
    });
    this.onTranscodeEvent = new DomainFunction(this, 'OnTranscodeEvent', {
      ...common,
      handlerFile: 'on-transcode-event',
      description: "Bioscope media: follows this stage's MediaConvert jobs onto the video's asset (progress, ready, failed)",
      environment: { TABLE_NAME: table.tableName },
    });

    const upload = this.onUpload.fn;
    // Writes the asset (a conditional put: the same ETag starts nothing), its job and its AES key item;
    // GetItem only reads those same items.
    upload.addToRolePolicy(assetItems(['GetItem', 'PutItem', 'UpdateItem']));
    // HeadObject of the source (authorized as s3:GetObject) when an event carries no ETag; EventBridge's do.
    upload.addToRolePolicy(new PolicyStatement({ actions: ['s3:GetObject'], resources: [sources] }));
    // An upload no lecture has saved yet is tagged unsaved (the bucket's lifecycle expires it): functions/media/held-uploads.ts.
    upload.addToRolePolicy(new PolicyStatement({ actions: ['s3:PutObjectTagging'], resources: [sources] }));
    this.grantTranscodeStart(upload);
    Validations.of(this.onUpload).acknowledge({
      id: `AwsSolutions-IAM5[Resource::${nagText(this, sources)}]`,
      reason: 'HeadObject and tagging of the uploaded source the event names; sources are any object under videos/ of the media bucket.',
    });
    // Reads and updates the asset of the job; never creates one of its own.
    this.onTranscodeEvent.fn.addToRolePolicy(assetItems(['GetItem', 'UpdateItem']));

    // The media bucket's "Object Created" events of sources (the data stack turns EventBridge delivery on),
    // reshaped into the S3Event record on-upload takes.
    this.deadLetterQueues = {
      uploads: new DeadLetterQueue(this, 'UploadsDeadLetters', { holds: 'uploaded videos whose transcode was not started' }),
      jobEvents: new DeadLetterQueue(this, 'JobEventsDeadLetters', { holds: "MediaConvert job events not recorded on their video's asset" }),
    };
    const retries = (dlq: DeadLetterQueue) => ({ deadLetterQueue: dlq.queue, retryAttempts: TARGET_RETRIES, maxEventAge: EVENT_MAX_AGE });
    // On the alias the rules invoke: an invoke config on $LATEST would not apply to the alias's calls.
    for (const [fn, dlq] of [[this.onUpload.alias, this.deadLetterQueues.uploads], [this.onTranscodeEvent.alias, this.deadLetterQueues.jobEvents]] as const) {
      fn.configureAsyncInvoke({ onFailure: new SqsDestination(dlq.queue), retryAttempts: HANDLER_RETRIES, maxEventAge: EVENT_MAX_AGE });
    }

    const detail = (p: string) => EventField.fromPath(`$.detail.${p}`);
    this.uploads = new Rule(this, 'Uploads', {
      description: `Bioscope ${props.stage}: a video stored under ${MEDIA_PREFIXES.videos} starts its HLS transcode`,
      eventPattern: {
        source: ['aws.s3'],
        detailType: ['Object Created'],
        detail: { bucket: { name: [bucket.bucketName] }, object: { key: Match.prefix(MEDIA_PREFIXES.videos) } },
      },
      targets: [
        new LambdaFunctionTarget(this.onUpload.alias, {
          ...retries(this.deadLetterQueues.uploads),
          event: RuleTargetInput.fromObject({
            Records: [
              {
                eventVersion: '2.1',
                eventSource: 'aws:s3',
                awsRegion: EventField.fromPath('$.region'),
                eventTime: EventField.fromPath('$.time'),
                eventName: `ObjectCreated:${detail('reason')}`,
                s3: {
                  s3SchemaVersion: '1.0',
                  bucket: { name: detail('bucket.name'), arn: bucket.bucketArn },
                  object: { key: detail('object.key'), size: detail('object.size'), eTag: detail('object.etag'), sequencer: detail('object.sequencer') },
                },
              },
            ],
          }),
        }),
      ],
    });

    this.jobEvents = new Rule(this, 'JobEvents', {
      description: `Bioscope ${props.stage}: the state of this stage's MediaConvert jobs onto their assets`,
      eventPattern: {
        source: ['aws.mediaconvert'],
        detailType: ['MediaConvert Job State Change'],
        detail: { status: [...JOB_STATUSES], queue: [this.queue.attrArn] },
      },
      targets: [new LambdaFunctionTarget(this.onTranscodeEvent.alias, retries(this.deadLetterQueues.jobEvents))],
    });
  }

  /**
   * Lets a function start this stage's transcode jobs as on-upload does (functions/media/transcode.ts):
   * MediaConvert and its settings in its environment, CreateJob on this queue, the job role passed to
   * MediaConvert only. The catalogue's retry route gets it (the teacher starting a stuck video again).
   */
  grantTranscodeStart(fn: LambdaFunction): void {
    for (const [name, value] of Object.entries(this.transcodeEnvironment)) fn.addEnvironment(name, value);
    // CreateJob is authorized on the queue, job template and presets it names (the IAM service authorization
    // reference lists those three, no job resource). Our jobs name this queue and no template or preset, so
    // the queue's ARN is the grant: a job on any other queue (or none) is refused.
    fn.addToRolePolicy(new PolicyStatement({ actions: ['mediaconvert:CreateJob'], resources: [this.queue.attrArn] }));
    fn.addToRolePolicy(
      new PolicyStatement({
        actions: ['iam:PassRole'],
        resources: [this.jobRole.roleArn],
        conditions: { StringEquals: { 'iam:PassedToService': 'mediaconvert.amazonaws.com' } },
      }),
    );
  }

  /** The dead-letter queues' alarms tell this topic (Monitoring's), as the other alarms do. */
  notify(topic: ITopic): void {
    for (const dlq of Object.values(this.deadLetterQueues)) dlq.notify(topic);
  }
}
