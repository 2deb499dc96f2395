import { type Handler, ok } from '../lib/http';
import * as notifications from './notifications';

/** PATCH /api/user/notification-settings {email?, whatsapp?} → {data: {email, whatsapp}}. */
export const updateNotificationSettings: Handler<'PATCH /api/user/notification-settings'> = async ({ auth, body }) => ok(await notifications.updateNotificationSettings(auth.userId, body));
