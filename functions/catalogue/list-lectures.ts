import { type Handler, ok } from '../lib/http';
import { sectionLectures } from './lectures';

/** GET /api/cours/lecture/{contentId} (student) → {data: Lecture[]} with canWatch, no video URLs. */
export const listLecturesHandler: Handler<'GET /api/cours/lecture/{contentId}'> = async ({ params, auth }) =>
  ok({ data: await sectionLectures(params.contentId, auth) });
