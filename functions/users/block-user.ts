import { type Handler, ok } from '../lib/http';
import * as people from './people';

/** PATCH /api/user/blockUser/{userId}: block or unblock (a toggle; admins protected). */
export const blockUser: Handler<'PATCH /api/user/blockUser/{userId}'> = async ({ params }) => ok(await people.toggleBlock(params.userId));
