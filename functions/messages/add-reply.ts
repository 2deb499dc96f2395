import { created, type Handler } from '../lib/http';
import * as messages from './messages';

/** POST /api/admin/messages/{id}/reply {text} → 201 {message, data: the message with its replies}; unknown → 404 message.notFound. */
export const addReply: Handler<'POST /api/admin/messages/{id}/reply'> = async ({ params, body }) => created(await messages.addReply(params.id, body));
