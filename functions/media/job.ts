/**
 * The transcode job of one uploaded source, as MediaConvert's CreateJob input: one HLS output group
 * to s3://<bucket>/hls/<assetId>/master, one output per ladder rung (H.264 QVBR capped at the rung's
 * bitrate, the rung's AAC-LC audio, one IDR per segment), segments of HLS_SEGMENT_SECONDS, and optionally AES-128 with a static
 * key; and a frame capture group for the poster (shared/video.ts POSTER_*) into the same folder, so
 * the playback cookies open it too. The local platform's ffmpeg runner (infra/local/transcoder*.ts)
 * reads the very same input.
 *
 * UserMetadata carries what the job's events need to find and check the asset: assetId, sourceKey,
 * sourceEtag (the bytes this job transcodes: an event of an older job changes nothing) and the ladder
 * (compact, so the finished rungs are named and priced as the job asked, whatever the settings say by then).
 */
import type { CreateJobCommandInput, Output } from '@aws-sdk/client-mediaconvert';
import { audioOf, audioProblem, DEFAULT_HLS_LADDER, HLS_SEGMENT_SECONDS, type LadderRung, POSTER_AT_SECONDS, POSTER_BASE, POSTER_HEIGHT, POSTER_JPEG_QUALITY } from '../../shared/video';
import { hlsPrefixOf, HLS_MASTER } from '../lib/media-layout';

/**
 * Each rung's video keyframe interval: one per segment, so every segment starts on one and the rungs
 * switch on the same frames. A lecture's picture hardly moves and a keyframe is its costliest frame:
 * one per 6 s where Apple's authoring spec suggests 2 s saves about a fifth of the low rungs' bits.
 */
export const GOP_SECONDS = HLS_SEGMENT_SECONDS;
/** MediaConvert's QVBR quality (1–10): 7 is its own advice for SD rungs; the cap binds on the low ones. */
export const QVBR_QUALITY_LEVEL = 7;
/** The job's progress events (STATUS_UPDATE) every 10 s. */
const STATUS_UPDATE_INTERVAL = 'SECONDS_10';
/** MediaConvert's audio selector of the source's first audio track. */
const AUDIO_SELECTOR = 'Audio Selector 1';

/** The ladder of the settings (HLS_LADDER JSON), else the default; a malformed setting is an error at cold start, not a silent default. */
export function ladderOf(json: string): LadderRung[] {
  if (!json.trim()) return [...DEFAULT_HLS_LADDER];
  const parsed: unknown = JSON.parse(json);
  const ok = (r: unknown): r is LadderRung => {
    const x = r as LadderRung;
    return !!x && typeof x.name === 'string' && /^[A-Za-z0-9_-]{1,20}$/.test(x.name) && Number.isInteger(x.height) && x.height >= 64 && x.height <= 2160 && x.height % 2 === 0 && Number.isInteger(x.videoKbps) && x.videoKbps >= 50 && !audioProblem(x, 'rung');
  };
  if (!Array.isArray(parsed) || parsed.length === 0 || !parsed.every(ok) || new Set(parsed.map((r) => r.name)).size !== parsed.length) {
    throw new Error('HLS_LADDER must be a JSON array of {name (letters, digits, - _), height (even, 64–2160), videoKbps (≥ 50), optional audioKbps (AAC) and audioChannels (1 or 2)} with distinct names');
  }
  return [...parsed].sort((a, b) => a.height - b.height);
}

/** The rung's peak bandwidth as the master playlist states it (video cap + the rung's audio), bit/s. */
export const bandwidthOf = (rung: LadderRung) => (rung.videoKbps + audioOf(rung).kbps) * 1000;

/** The ladder as UserMetadata carries it: "180p:180:140:48:1,360p:360:420:64:1" (name:height:video[:audio:channels]; a job of older metadata has no audio part). */
export const ladderMetadata = (ladder: readonly LadderRung[]) => ladder.map((r) => [r.name, r.height, r.videoKbps, ...(r.audioKbps !== undefined ? [r.audioKbps, r.audioChannels ?? audioOf(r).channels] : [])].join(':')).join(',');
export function ladderFromMetadata(s: string | undefined): LadderRung[] {
  return (s ?? '')
    .split(',')
    .map((part) => part.split(':'))
    .filter((p) => p.length === 3 || p.length === 5)
    .map(([name, height, kbps, audioKbps, audioChannels]) => ({ name: name!, height: Number(height), videoKbps: Number(kbps), ...(audioKbps !== undefined ? { audioKbps: Number(audioKbps), audioChannels: Number(audioChannels) } : {}) }))
    .filter((r) => r.name && Number.isFinite(r.height) && Number.isFinite(r.videoKbps) && (r.audioKbps === undefined || (Number.isFinite(r.audioKbps) && Number.isFinite(r.audioChannels))));
}

/** Each output's name modifier: the rung's name after the master's base name (hls/<id>/master_180p.m3u8 in MediaConvert). */
export const nameModifierOf = (rung: LadderRung) => `_${rung.name}`;

/** The key's URL in the playlists (EXT-X-KEY URI): our API's key route, same origin as the site. */
export const keyUrlOf = (assetId: string) => `/api/AWS/media-keys/${encodeURIComponent(assetId)}`;

export interface JobRequest {
  bucket: string;
  sourceKey: string;
  sourceEtag: string;
  assetId: string;
  ladder: readonly LadderRung[];
  /** 16 key bytes: AES-128 STATIC_KEY encryption; absent: clear segments. */
  aesKey?: Uint8Array;
  role: string;
  queue?: string;
}

function outputOf(rung: LadderRung): Output {
  const audio = audioOf(rung);
  return {
    NameModifier: nameModifierOf(rung),
    ContainerSettings: { Container: 'M3U8', M3u8Settings: {} },
    VideoDescription: {
      // Width follows from the source's aspect ratio.
      Height: rung.height,
      ScalingBehavior: 'DEFAULT',
      CodecSettings: {
        Codec: 'H_264',
        H264Settings: {
          RateControlMode: 'QVBR',
          MaxBitrate: rung.videoKbps * 1000,
          QvbrSettings: { QvbrQualityLevel: QVBR_QUALITY_LEVEL },
          CodecProfile: 'MAIN',
          CodecLevel: 'AUTO',
          GopSize: GOP_SECONDS,
          GopSizeUnits: 'SECONDS',
          // A fixed GOP: segments cut on keyframes at the same times in every rung, so switching is seamless.
          SceneChangeDetect: 'TRANSITION_DETECTION',
        },
      },
    },
    AudioDescriptions: [
      {
        AudioSourceName: AUDIO_SELECTOR,
        CodecSettings: {
          Codec: 'AAC',
          // AAC-LC, not HE-AAC: the local ffmpeg's own AAC encoder makes LC only, and both transcoders must make the same ladder.
          AacSettings: { Bitrate: audio.kbps * 1000, CodingMode: audio.channels === 1 ? 'CODING_MODE_1_0' : 'CODING_MODE_2_0', SampleRate: audio.sampleRate, CodecProfile: 'LC', RateControlMode: 'CBR' },
        },
      },
    ],
    OutputSettings: { HlsSettings: {} },
  };
}

/** The poster's output: the first frame and one every POSTER_AT_SECONDS, at most two (the event names the last). */
export const posterOutput: Output = {
  ContainerSettings: { Container: 'RAW' },
  VideoDescription: {
    Height: POSTER_HEIGHT,
    ScalingBehavior: 'DEFAULT',
    CodecSettings: {
      Codec: 'FRAME_CAPTURE',
      FrameCaptureSettings: { FramerateNumerator: 1, FramerateDenominator: POSTER_AT_SECONDS, MaxCaptures: 2, Quality: POSTER_JPEG_QUALITY },
    },
  },
};

/** The CreateJob input of one source (see the file's comment). */
export function createJobInput(req: JobRequest): CreateJobCommandInput {
  const masterBase = HLS_MASTER.replace(/\.m3u8$/, '');
  return {
    Role: req.role,
    ...(req.queue ? { Queue: req.queue } : {}),
    StatusUpdateInterval: STATUS_UPDATE_INTERVAL,
    UserMetadata: { assetId: req.assetId, sourceKey: req.sourceKey, sourceEtag: req.sourceEtag, ladder: ladderMetadata(req.ladder) },
    Settings: {
      TimecodeConfig: { Source: 'ZEROBASED' },
      Inputs: [
        {
          FileInput: `s3://${req.bucket}/${req.sourceKey}`,
          TimecodeSource: 'ZEROBASED',
          VideoSelector: {},
          AudioSelectors: { [AUDIO_SELECTOR]: { DefaultSelection: 'DEFAULT' } },
        },
      ],
      OutputGroups: [
        {
          Name: 'HLS',
          OutputGroupSettings: {
            Type: 'HLS_GROUP_SETTINGS',
            HlsGroupSettings: {
              Destination: `s3://${req.bucket}/${hlsPrefixOf(req.assetId)}${masterBase}`,
              SegmentLength: HLS_SEGMENT_SECONDS,
              MinSegmentLength: 0,
              SegmentControl: 'SEGMENTED_FILES',
              DirectoryStructure: 'SINGLE_DIRECTORY',
              OutputSelection: 'MANIFESTS_AND_SEGMENTS',
              ManifestDurationFormat: 'INTEGER',
              CodecSpecification: 'RFC_4281',
              StreamInfResolution: 'INCLUDE',
              ProgramDateTime: 'EXCLUDE',
              ...(req.aesKey
                ? {
                    Encryption: {
                      EncryptionMethod: 'AES128',
                      Type: 'STATIC_KEY',
                      StaticKeyProvider: {
                        StaticKeyValue: Buffer.from(req.aesKey).toString('hex'),
                        Url: keyUrlOf(req.assetId),
                        KeyFormat: 'identity',
                        KeyFormatVersions: '1',
                      },
                    },
                  }
                : {}),
            },
          },
          Outputs: req.ladder.map(outputOf),
        },
        {
          Name: 'Poster',
          OutputGroupSettings: { Type: 'FILE_GROUP_SETTINGS', FileGroupSettings: { Destination: `s3://${req.bucket}/${hlsPrefixOf(req.assetId)}${POSTER_BASE}` } },
          Outputs: [posterOutput],
        },
      ],
    },
  };
}
