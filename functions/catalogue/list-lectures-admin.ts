import { type Handler, ok } from '../lib/http';
import { sectionLectures } from './lectures';

/** GET /api/v/lecture/{id} (admin; id is the contentId) → {data: Lecture[]} with their video keys. */
export const listLecturesAdminHandler: Handler<'GET /api/v/lecture/{id}'> = async ({ params, auth }) => ok({ data: await sectionLectures(params.id, auth) });
