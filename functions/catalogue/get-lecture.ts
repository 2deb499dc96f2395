import { type Handler, ok } from '../lib/http';
import * as lectures from './lectures';

/** GET /api/cours/lectureaaa/{id} → {data: lecture with videos}; signedUrl only for those who may watch. */
export const getLecture: Handler<'GET /api/cours/lectureaaa/{id}'> = async ({ params, auth }) => ok({ data: await lectures.getLecture(params.id, auth) });
