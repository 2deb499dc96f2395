import { type Handler, ok } from '../lib/http';
import * as playback from './playback';

/** POST /api/AWS/lectures/{id}/videos/{videoId}/views {playbackId} → {viewsLeft}: a player's view report, counting nothing (the start did). */
export const countVideoView: Handler<'POST /api/AWS/lectures/{id}/videos/{videoId}/views'> = async ({ params, body, auth }) =>
  ok(await playback.countVideoView(params.id, params.videoId, body.playbackId, auth));
