import { type Handler, ok } from '../lib/http';
import * as messages from './messages';

/** POST /api/user/messages/read → {message, data: {unread: 0}}: the student opened /contact. */
export const markRepliesRead: Handler<'POST /api/user/messages/read'> = async ({ auth }) => ok(await messages.markRepliesRead(auth.userId));
