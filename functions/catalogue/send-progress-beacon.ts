import { type Handler, ok } from '../lib/http';
import * as playback from './playback';

/** POST /api/AWS/lectures/{id}/videos/{videoId}/progress/beacon {userId, playbackId, watched} → {data: {ok: true}}: a closing page's last report, no session. */
export const sendProgressBeacon: Handler<'POST /api/AWS/lectures/{id}/videos/{videoId}/progress/beacon'> = async ({ params, body }) => {
  await playback.hearPlaybackBeacon({ lectureId: params.id, videoId: params.videoId }, body);
  return ok({ data: { ok: true } });
};
