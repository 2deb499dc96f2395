/**
 * Adaptive video (issue 16): the states of a transcoded video, the default HLS ladder and the
 * view-limit and playback-life constants. Shared by the Lambdas, infra (MediaConvert's job, the local ffmpeg
 * runner) and the web player.
 */

/**
 * A video's state, per uploaded source (asset):
 * - uploaded: the source is stored, no transcode has started yet;
 * - processing: a job runs (progress 0–100);
 * - ready: the ladder and its playlists are stored; the only state a student ever sees;
 * - failed: the job failed (failure says why, in the transcoder's words).
 */
export const VIDEO_STATES = ['uploaded', 'processing', 'ready', 'failed'] as const;
export type VideoState = (typeof VIDEO_STATES)[number];

export interface LadderRung {
  /** Folder and label: 180p, 360p, … */
  name: string;
  height: number;
  /** Video bitrate cap, kbit/s (MediaConvert QVBR's MaxBitrate; ffmpeg -maxrate). */
  videoKbps: number;
  /** AAC-LC bitrate, kbit/s; absent: HLS_AUDIO_KBPS. */
  audioKbps?: number;
  /** 1 (mono) or 2 (stereo); absent: HLS_AUDIO_CHANNELS. */
  audioChannels?: number;
}

/**
 * The default ladder, tuned for lectures (a teacher, a board, slides: little motion), lowest first
 * (settings may replace it: infra/settings.ts in AWS, HLS_LADDER locally). Its lowest rung is at most
 * 200 kbit/s in all (video cap + audio: about 90 MB an hour, ten hours on 1 GB); the low rungs carry
 * speech in mono. docs/video.md has each rung's measured size and quality.
 */
export const DEFAULT_HLS_LADDER: readonly LadderRung[] = [
  { name: '180p', height: 180, videoKbps: 140, audioKbps: 48, audioChannels: 1 },
  { name: '240p', height: 240, videoKbps: 240, audioKbps: 48, audioChannels: 1 },
  { name: '360p', height: 360, videoKbps: 420, audioKbps: 64, audioChannels: 1 },
  { name: '480p', height: 480, videoKbps: 750, audioKbps: 96, audioChannels: 2 },
  { name: '720p', height: 720, videoKbps: 1500, audioKbps: 96, audioChannels: 2 },
];
/** The audio of a rung that states none (an operator's ladder, an older job's metadata). */
export const HLS_AUDIO_KBPS = 96;
export const HLS_AUDIO_CHANNELS = 2;

/**
 * A rung's audio as both transcoders make it: AAC-LC at its bitrate and channels. The sample rate
 * follows MediaConvert's CBR table: mono below 56 kbit/s is allowed only at 32 kHz (ample for speech),
 * everything else here at 48 kHz.
 */
export function audioOf(rung: LadderRung): { kbps: number; channels: number; sampleRate: number } {
  const kbps = rung.audioKbps ?? HLS_AUDIO_KBPS;
  const channels = rung.audioChannels ?? HLS_AUDIO_CHANNELS;
  return { kbps, channels, sampleRate: channels === 1 && kbps < 56 ? 32000 : 48000 };
}

/** The audio a ladder may state per rung: MediaConvert's AAC-LC CBR bitrates (kbit/s) within its ranges at the sample rates above. */
export const AAC_KBPS = [32, 40, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256, 288, 320] as const;
export const AUDIO_LIMITS = { mono: { min: 32, max: 192 }, stereo: { min: 64, max: 320 } } as const;
/** Why a rung's audio cannot be made (undefined: it can); `at` names the rung in the message. */
export function audioProblem(rung: { audioKbps?: unknown; audioChannels?: unknown }, at: string): string | undefined {
  if (rung.audioChannels !== undefined && rung.audioChannels !== 1 && rung.audioChannels !== 2) return `${at}.audioChannels: '${String(rung.audioChannels)}' must be 1 (mono) or 2 (stereo)`;
  if (rung.audioKbps === undefined) return undefined;
  const range = (rung.audioChannels ?? HLS_AUDIO_CHANNELS) === 1 ? AUDIO_LIMITS.mono : AUDIO_LIMITS.stereo;
  const kbps = rung.audioKbps as number;
  const ok = (AAC_KBPS as readonly unknown[]).includes(kbps) && kbps >= range.min && kbps <= range.max;
  return ok ? undefined : `${at}.audioKbps: '${String(rung.audioKbps)}' must be one of AAC's bitrates ${AAC_KBPS.filter((k) => k >= range.min && k <= range.max).join(', ')} kbit/s for ${range === AUDIO_LIMITS.mono ? 'mono' : 'stereo'}`;
}
export const HLS_SEGMENT_SECONDS = 6;

/**
 * Each transcode also captures a poster: a JPEG of POSTER_HEIGHT lines (width from the source's
 * shape) at POSTER_AT_SECONDS into the video (a lecture's first frame is often black), or the first
 * frame of a shorter one. MediaConvert captures the first frame and one every POSTER_AT_SECONDS, at
 * most two, named <POSTER_BASE>.0000000.jpg, .0000001.jpg; the job's COMPLETE event names the last.
 * The player shows it before play: a few kB where the first picture took a segment of video.
 */
export const POSTER_BASE = 'poster';
export const POSTER_HEIGHT = 360;
export const POSTER_AT_SECONDS = 5;
export const POSTER_JPEG_QUALITY = 70;

/** The most views per video a teacher may set (null on the lecture: no limit). */
export const VIDEO_VIEW_LIMIT_MAX = 100;
/**
 * A playback (one view, counted when it starts) and its signed cookies live the video's length plus
 * this margin (pauses, a slow link); within that life a new start of the same playback resumes it.
 */
export const PLAYBACK_MARGIN_SECONDS = 30 * 60;
/** … or this long for a video whose length the transcoder did not record. */
export const PLAYBACK_UNKNOWN_LENGTH_SECONDS = 3 * 60 * 60;
/** A playback's life, in seconds, for a video of this length (seconds; absent: unknown). */
export const playbackSeconds = (durationSeconds: number | undefined): number =>
  durationSeconds !== undefined && Number.isFinite(durationSeconds) && durationSeconds > 0 ? Math.ceil(durationSeconds) + PLAYBACK_MARGIN_SECONDS : PLAYBACK_UNKNOWN_LENGTH_SECONDS;

/**
 * A video processing with no word from its transcode for this long is stuck: the teacher may start it
 * again (POST /api/AWS/lectures/video/{videoId}/transcode). MediaConvert reports a running job's progress
 * about once a minute and a lecture's job takes minutes, so an hour of silence means the upload's event
 * or the job's events were lost (they wait in the pipeline's dead-letter queues; EventBridge and Lambda
 * give up retrying an event after this same hour).
 */
export const VIDEO_STUCK_AFTER_MINUTES = 60;
