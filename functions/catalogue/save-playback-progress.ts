import { type Handler, ok } from '../lib/http';
import * as playback from './playback';

/** POST /api/AWS/lectures/{id}/videos/{videoId}/progress {playbackId, watched?} → {data: {ok: true}}; 409 playback.takenOver: the player stops. */
export const savePlaybackProgress: Handler<'POST /api/AWS/lectures/{id}/videos/{videoId}/progress'> = async ({ params, body, auth }) => {
  await playback.hearPlayback(auth, { lectureId: params.id, videoId: params.videoId }, body);
  return ok({ data: { ok: true } });
};
