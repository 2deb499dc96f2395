/**
 * Protected playback (issue 16): the lecture's videos play as HLS behind CloudFront signed cookies
 * issued per asset (startPlayback); a view counts when a playback starts, and a start that sends back
 * its live playbackId resumes it (new cookies, same expiry, no view); the teacher reads and resets a
 * student's counts.
 */
import { z } from 'zod';
import { id } from './common.ts';

export const playbackParams = z.object({ id, videoId: id });
/** An asset id: the ulid of its source (or the demo's 'demo-lecture-webm'), media-layout assetIdOfKey. */
export const assetIdParams = z.object({ assetId: id });

export const playbackRung = z.object({ name: z.string(), height: z.number().int(), width: z.number().int(), bandwidth: z.number().int() });

/**
 * Absent, or without playbackId: a new playback (a view). With the id of this student's live playback of the video: that one resumed.
 * `takeOver`: while another session of the student streams (409 playback.elsewhere), the stream moves here.
 */
export const startPlaybackBody = z.object({ playbackId: id.optional(), takeOver: z.boolean().optional() }).optional();

/** The cookies come as Set-Cookie (CloudFront-Policy, -Signature, -Key-Pair-Id) for the asset's path only. */
export const playbackStarted = z.object({
  /** The master playlist on the site: /media/hls/<assetId>/master.m3u8. */
  playlistUrl: z.string(),
  /** When the playback ends and its cookies stop opening the playlist and segments (ISO): the video's length plus a margin. */
  expiresAt: z.string(),
  /** Views left once this playback's view is counted (at its start). null: no limit. */
  viewsLeft: z.number().int().nullable(),
  /** Sent back with the next start (a reload, a retry) while the playback lives: it resumes, counting no view. */
  playbackId: z.string(),
  /** This start resumed the playback named in the request (no view counted). */
  resumed: z.boolean(),
  rungs: z.array(playbackRung),
  /** Segments are AES-128 encrypted; the key is GET /api/AWS/media-keys/<assetId>. */
  encrypted: z.boolean(),
  /** A picture of the video (a JPEG in the asset's folder, opened by the same cookies); absent when the transcode captured none. */
  posterUrl: z.string().optional(),
  /** The video's length as the transcoder measured it. */
  durationSeconds: z.number().optional(),
  /** Where the player starts (s): the furthest point this student reached, unless they completed the video (0). */
  resumeAt: z.number().min(0),
});

export const countVideoViewBody = z.object({ playbackId: id });
export const videoViewCounted = z.object({ viewsLeft: z.number().int().nullable() });

export const videoViewsParams = z.object({ userId: id });
export const videoViewRow = z.object({
  lectureId: z.string(),
  lectureName: z.string(),
  videoId: z.string(),
  videoName: z.string(),
  views: z.number().int(),
  /** The lecture's limit; null: none. */
  viewLimit: z.number().int().nullable(),
});
export const videoViewList = z.object({ data: z.array(videoViewRow) });
export const resetVideoViewsQuery = z.object({ lectureId: id, videoId: id.optional() });
export const videoViewsReset = z.object({ message: z.string(), reset: z.number().int() });

/** The raw bytes of an answer that is not JSON (the 16-byte AES key); shared/openapi.ts documents it as octet-stream. */
export const binaryResponse = z.custom<Uint8Array>((v) => v instanceof Uint8Array);
