import { readsAlong } from '../lib/http';
import * as playback from './playback';

/**
 * POST /api/AWS/lectures/{id}/videos/{videoId}/playback {playbackId?} → {playlistUrl, expiresAt, viewsLeft, playbackId, resumed, rungs,
 * encrypted, posterUrl?, durationSeconds?} and the CloudFront cookies of the video's asset: a new playback (a view), or the live one named resumed.
 */
// The student's purchase, quiz results and views are read with their session; the playback is written after.
export const startPlayback = readsAlong<'POST /api/AWS/lectures/{id}/videos/{videoId}/playback'>(
  async ({ params, body, auth, event }) => {
    const { body: started, cookies } = await playback.startPlayback(params.id, params.videoId, auth, body?.playbackId, new Date(), { takeOver: body?.takeOver === true, userAgent: event.headers?.['user-agent'] });
    return { status: 200, body: started, cookies };
  },
  ({ params, userId }) => playback.ownKeysOfLecture(params.id, userId),
);
