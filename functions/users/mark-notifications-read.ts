import { type Handler, ok } from '../lib/http';
import * as notifications from './notifications';

/** POST /api/user/notifications/read {ids} | {all: true} → {message, data: {unread}}. */
export const markNotificationsRead: Handler<'POST /api/user/notifications/read'> = async ({ auth, body }) => ok(await notifications.markNotificationsRead(auth.userId, body));
