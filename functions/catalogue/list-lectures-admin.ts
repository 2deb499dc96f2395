import { type Handler, ok } from '../lib/http';
import * as lectures from './lectures';

/** GET /api/v/lecture/{id} (admin; id is the contentId) → {data: Lecture[]} with their video keys. */
export const listLecturesAdmin: Handler<'GET /api/v/lecture/{id}'> = async ({ params, auth }) => ok({ data: await lectures.listLectures(params.id, auth) });
