import { type Handler, ok } from '../lib/http';
import * as parents from './parents';

/** GET /api/parent/settings → {data: {reportEmail, reportWhatsApp}}. */
export const getParentSettings: Handler<'GET /api/parent/settings'> = async ({ auth }) => ok({ data: await parents.getParentSettings(auth.userId) });
