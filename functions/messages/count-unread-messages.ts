import { type Handler, ok } from '../lib/http';
import * as messages from './messages';

/** GET /api/admin/messages/unread → {data: {unread}} (the side menu's badge: one GetItem). */
export const countUnreadMessages: Handler<'GET /api/admin/messages/unread'> = async () => ok(await messages.countUnread());
