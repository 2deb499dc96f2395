import { ok, readsAlong } from '../lib/http';
import * as lectures from './lectures';
import { ownKeysOfLecture } from './playback';

/**
 * GET /api/cours/lectureaaa/{id} → {data: lecture with videos}; signedUrl only for those who may watch.
 * A student's purchase, quiz results and views are read with their session (one store request).
 */
export const getLecture = readsAlong<'GET /api/cours/lectureaaa/{id}'>(async ({ params, auth }) => ok({ data: await lectures.getLecture(params.id, auth) }), ({ params, userId }) => ownKeysOfLecture(params.id, userId));
