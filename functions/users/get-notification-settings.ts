import { type Handler, ok } from '../lib/http';
import * as notifications from './notifications';

/** GET /api/user/notification-settings → {data: {email, whatsapp}}. */
export const getNotificationSettings: Handler<'GET /api/user/notification-settings'> = async ({ auth }) => ok(await notifications.getNotificationSettings(auth.userId));
