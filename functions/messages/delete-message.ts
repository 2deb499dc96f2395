import { type Handler, ok } from '../lib/http';
import * as messages from './messages';

/** DELETE /api/admin/delete_us/{id} → {id, message}; unknown → 404 message.notFound. An unread one lowers the counter. */
export const deleteMessage: Handler<'DELETE /api/admin/delete_us/{id}'> = async ({ params }) => ok(await messages.deleteMessage(params.id));
