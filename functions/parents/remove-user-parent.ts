import { type Handler, ok } from '../lib/http';
import * as parents from './parents';

/** DELETE /api/admin/users/{userId}/parents/{parentId} → {message}; 404 parent.notLinked. */
export const removeUserParent: Handler<'DELETE /api/admin/users/{userId}/parents/{parentId}'> = async ({ params }) => ok(await parents.removeUserParent(params.userId, params.parentId));
