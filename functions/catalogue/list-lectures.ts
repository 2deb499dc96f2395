import { type Handler, ok } from '../lib/http';
import * as lectures from './lectures';

/** GET /api/cours/lecture/{contentId} (student) → {data: Lecture[]} with canWatch, no video URLs. */
export const listLectures: Handler<'GET /api/cours/lecture/{contentId}'> = async ({ params, auth }) => ok({ data: await lectures.listLectures(params.contentId, auth) });
