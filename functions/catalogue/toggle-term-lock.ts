import { type Handler, ok } from '../lib/http';
import * as terms from './terms';

/** PATCH /api/cours/Term/lock/{termId} → {message, isLocked}. */
export const toggleTermLock: Handler<'PATCH /api/cours/Term/lock/{termId}'> = async ({ params }) => ok(await terms.toggleTermLock(params.termId));
