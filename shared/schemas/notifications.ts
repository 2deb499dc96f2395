/**
 * A student's notifications (GET /api/user/notifications): five kinds, newest first, each with what
 * the bell needs to say it and to link to it. Read state is per student; settings choose the channels
 * beside the bell (e-mail on by default, WhatsApp opt-in).
 */
import { z } from 'zod';

export const NOTIFICATION_TYPES = ['newLecture', 'quizResult', 'paymentConfirmed', 'kioskExpiring', 'walletCredited'] as const;
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];
/** How many notifications the list shows (the newest). */
export const NOTIFICATIONS_SHOWN = 50;

const base = { id: z.string(), createdAt: z.string(), read: z.boolean() };
export const notification = z.discriminatedUnion('type', [
  z.object({ ...base, type: z.literal('newLecture'), lectureId: z.string(), lectureName: z.string(), courseName: z.string() }),
  z.object({ ...base, type: z.literal('quizResult'), quizId: z.string(), title: z.string(), score: z.number(), total: z.number().int(), passed: z.boolean() }),
  z.object({ ...base, type: z.literal('paymentConfirmed'), orderId: z.string(), name: z.string(), amount: z.number() }),
  z.object({ ...base, type: z.literal('kioskExpiring'), orderId: z.string(), lectureId: z.string(), name: z.string(), amount: z.number(), reference: z.string(), expiresAt: z.string() }),
  z.object({ ...base, type: z.literal('walletCredited'), amount: z.number(), reason: z.enum(['code', 'topUp', 'refund', 'adjustment']) }),
]);
export type Notification = z.infer<typeof notification>;

export const notificationList = z.object({ data: z.array(notification), unread: z.number().int() });

/** {ids: [...]} marks those read; {all: true} marks everything shown until now read. */
export const markNotificationsReadBody = z.union([z.object({ ids: z.array(z.string().trim().min(1).max(64)).min(1).max(NOTIFICATIONS_SHOWN) }).strict(), z.object({ all: z.literal(true) }).strict()]);
export const notificationsRead = z.object({ message: z.string(), data: z.object({ unread: z.number().int() }) });

export const notificationSettings = z.object({ email: z.boolean(), whatsapp: z.boolean() });
export type NotificationSettings = z.infer<typeof notificationSettings>;
export const updateNotificationSettingsBody = notificationSettings.partial().strict();
export const notificationSettingsResponse = z.object({ data: notificationSettings });
