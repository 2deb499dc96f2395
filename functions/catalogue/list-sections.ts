import { type Handler, ok } from '../lib/http';
import * as terms from './terms';

/** GET /api/cours/content/{termId} → {data: [{id, content, termId}]}; 403 to a student if the term is locked. */
export const listSections: Handler<'GET /api/cours/content/{termId}'> = async ({ params, auth }) => ok({ data: await terms.listSections(params.termId, auth) });
