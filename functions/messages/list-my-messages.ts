import { type Handler, ok } from '../lib/http';
import * as messages from './messages';

/** GET /api/user/messages → {data: the student's messages newest first with the replies, unread: replies not seen}. */
export const listMyMessages: Handler<'GET /api/user/messages'> = async ({ auth }) => ok(await messages.listMyMessages(auth.userId));
