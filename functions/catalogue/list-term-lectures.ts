import { type Handler, ok } from '../lib/http';
import * as lectures from './lectures';

/** GET /api/admin/getlecture/{termId} → {data: Lecture[]} (the grant modal lists them by name). */
export const listTermLectures: Handler<'GET /api/admin/getlecture/{termId}'> = async ({ params }) => ok({ data: await lectures.listTermLectures(params.termId) });
