import { type Handler } from '../lib/http';
import * as playback from './playback';

/** POST /api/AWS/lectures/{id}/videos/{videoId}/playback → {playlistUrl, expiresAt, viewsLeft, playbackId, rungs, encrypted, posterUrl?, durationSeconds?} and the CloudFront cookies of the video's asset. */
export const startPlayback: Handler<'POST /api/AWS/lectures/{id}/videos/{videoId}/playback'> = async ({ params, auth }) => {
  const { body, cookies } = await playback.startPlayback(params.id, params.videoId, auth);
  return { status: 200, body, cookies };
};
