import { type Handler, ok } from '../lib/http';
import * as notifications from './notifications';

/** GET /api/user/notifications → {data: the newest 50, unread} (the bell). */
export const listNotifications: Handler<'GET /api/user/notifications'> = async ({ auth }) => ok(await notifications.listNotifications(auth.userId));
