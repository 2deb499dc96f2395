import { type Handler, ok } from '../lib/http';
import * as playback from './playback';

/** POST /api/AWS/lectures/{id}/videos/{videoId}/progress {playbackId, watched?} → {data: {ok: true}}; 409 playback.takenOver: the player stops. */
export const savePlaybackProgress: Handler<'POST /api/AWS/lectures/{id}/videos/{videoId}/progress'> = async ({ body, auth }) => {
  await playback.hearPlayback(auth, body.playbackId);
  return ok({ data: { ok: true } });
};
