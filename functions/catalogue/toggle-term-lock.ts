import { type Handler, ok } from '../lib/http';
import { toggleTermLock } from './terms';

/** PATCH /api/cours/Term/lock/{termId} → {message, isLocked}. */
export const toggleTermLockHandler: Handler<'PATCH /api/cours/Term/lock/{termId}'> = async ({ params }) => ok(await toggleTermLock(params.termId));
