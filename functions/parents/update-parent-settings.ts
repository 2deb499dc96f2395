import { type Handler, ok } from '../lib/http';
import * as parents from './parents';

/** PATCH /api/parent/settings {reportEmail?, reportWhatsApp?} → {data: {reportEmail, reportWhatsApp}}. */
export const updateParentSettings: Handler<'PATCH /api/parent/settings'> = async ({ auth, body }) => ok({ data: await parents.updateParentSettings(auth.userId, body) });
