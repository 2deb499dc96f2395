import { type Handler, ok } from '../lib/http';
import * as people from './people';

/** DELETE /api/user/deleteUser/{userId}: sign-in and profile go at once (admins protected). */
export const deleteUser: Handler<'DELETE /api/user/deleteUser/{userId}'> = async ({ params }) => ok(await people.deleteUser(params.userId));
