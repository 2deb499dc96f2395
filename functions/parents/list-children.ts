import { type Handler, ok } from '../lib/http';
import * as parents from './parents';

/** GET /api/parent/children → {data: [child]}. */
export const listChildren: Handler<'GET /api/parent/children'> = async ({ auth }) => ok({ data: await parents.listChildren(auth.userId) });
