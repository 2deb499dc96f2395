import { type Handler, ok } from '../lib/http';
import * as messages from './messages';

/** POST /api/admin/messages/read → {message, data: {unread}}: every message there is now is read; one arriving meanwhile stays unread. */
export const markMessagesRead: Handler<'POST /api/admin/messages/read'> = async () => ok(await messages.markRead());
