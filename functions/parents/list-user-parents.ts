import { type Handler, ok } from '../lib/http';
import * as parents from './parents';

/** GET /api/admin/users/{userId}/parents → {data: [{id, firstName, lastName, email, mobileNumber, linkedAt}]}. */
export const listUserParents: Handler<'GET /api/admin/users/{userId}/parents'> = async ({ params }) => ok({ data: await parents.listUserParents(params.userId) });
