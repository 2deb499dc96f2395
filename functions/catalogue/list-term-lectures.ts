import { type Handler, ok } from '../lib/http';
import { termLectures } from './lectures';

/** GET /api/admin/getlecture/{termId} → {data: Lecture[]} (the grant modal lists them by name). */
export const listTermLecturesHandler: Handler<'GET /api/admin/getlecture/{termId}'> = async ({ params }) => ok({ data: await termLectures(params.termId) });
