import { type Handler, ok } from '../lib/http';
import * as terms from './terms';

/** GET /api/cours/Term/{courseFor}/{courseId} → {data: Term[]}, locked ones included (shown as locked). */
export const listTerms: Handler<'GET /api/cours/Term/{courseFor}/{courseId}'> = async ({ params, auth }) => ok({ data: await terms.listTerms(params.courseId, params.courseFor, auth) });
