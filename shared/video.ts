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
  /** Folder and label: 240p, 360p, … */
  name: string;
  height: number;
  /** Target video bitrate, kbit/s (MediaConvert QVBR's MaxBitrate; ffmpeg -b:v). */
  videoKbps: number;
}

/** The default ladder (settings may replace it: infra/settings.ts in AWS, HLS_LADDER locally). */
export const DEFAULT_HLS_LADDER: readonly LadderRung[] = [
  { name: '240p', height: 240, videoKbps: 400 },
  { name: '360p', height: 360, videoKbps: 800 },
  { name: '480p', height: 480, videoKbps: 1400 },
  { name: '720p', height: 720, videoKbps: 2800 },
];
export const HLS_AUDIO_KBPS = 96;
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
