import { type Handler, ok } from '../lib/http';
import * as people from './people';

/** GET /api/admin/allusers?search&page&limit → a page of users, newest first, searched by name, phone or e-mail. */
export const listUsers: Handler<'GET /api/admin/allusers'> = async ({ query }) => ok(await people.listUsers(query));
