import { type Handler, ok } from '../lib/http';
import * as bundles from './bundles';

/** GET /api/cours/bundle/{termId} → {data: the whole term's offer, or null}; 403 to a student if the term is locked. */
export const getTermBundle: Handler<'GET /api/cours/bundle/{termId}'> = async ({ params, auth }) => ok({ data: await bundles.getTermBundle(params.termId, auth) });
