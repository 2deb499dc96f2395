import { type Handler, ok } from '../lib/http';
import { openLecture } from './lectures';

/** GET /api/cours/lectureaaa/{id} → {data: lecture with videos}; signedUrl only for those who may watch. */
export const getLectureHandler: Handler<'GET /api/cours/lectureaaa/{id}'> = async ({ params, auth }) => ok({ data: await openLecture(params.id, auth) });
