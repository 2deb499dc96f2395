import { type Handler, ok } from '../lib/http';
import { listTerms } from './terms';

/** GET /api/cours/Term/{courseFor}/{courseId} → {data: Term[]}, locked ones included (shown as locked). */
export const listTermsHandler: Handler<'GET /api/cours/Term/{courseFor}/{courseId}'> = async ({ params }) =>
  ok({ data: await listTerms(params.courseId, params.courseFor) });
