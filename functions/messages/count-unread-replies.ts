import { type Handler, ok } from '../lib/http';
import * as messages from './messages';

/** GET /api/user/messages/unread → {data: {unread}} (the student's top bar badge: one GetItem). */
export const countUnreadReplies: Handler<'GET /api/user/messages/unread'> = async ({ auth }) => ok(await messages.countUnreadReplies(auth.userId));
