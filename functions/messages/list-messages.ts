import { type Handler, ok } from '../lib/http';
import * as messages from './messages';

/** GET /api/admin/contect → {data: messages newest first, each with `read`, unread}. */
export const listMessages: Handler<'GET /api/admin/contect'> = async () => ok(await messages.listMessages());
