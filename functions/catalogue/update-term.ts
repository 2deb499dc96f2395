import { type Handler, ok } from '../lib/http';
import * as bundles from './bundles';

/** PATCH /api/cours/Term/bundle/{termId} {bundlePrice?, endsAt?} → {data: term}. */
export const updateTerm: Handler<'PATCH /api/cours/Term/bundle/{termId}'> = async ({ params, body }) => ok({ data: await bundles.updateTerm(params.termId, body) });
