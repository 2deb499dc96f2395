/**
 * The student's bell: their own notifications (AP120), the new lectures of their school year
 * (AP121, written once per lecture and merged here) and their kiosk references ending within a day
 * (computed from the pending orders, AP61 → AP19: nothing to schedule), newest first, at most 50,
 * each read when made before the read-all mark or named read since (AP122).
 */
import { NOTIFICATIONS_SHOWN, type Notification, type NotificationSettings } from '../../shared/schemas/notifications';
import { type StoredNote, noteReadsOf, notesOfGrade, notesOfUser, notificationSettingsOf, saveNoteReads, saveNotificationSettings } from '../data/notification-repo';
import { ordersByIds, pendingOrderHolds } from '../data/order-repo';
import { userById } from '../data/user-repo';
import { Conflict } from '../lib/errors';

const DAY_MS = 24 * 60 * 60 * 1000;

/** The student's kiosk references whose hold ends within 24 hours, as notifications made when that day began. */
async function kioskExpiring(userId: string, now: Date): Promise<StoredNote[]> {
  const holds = await pendingOrderHolds(userId);
  const soon = [...(holds ?? new Map<string, string>())].filter(([, until]) => {
    const left = Date.parse(until) - now.getTime();
    return left > 0 && left <= DAY_MS;
  });
  if (!soon.length) return [];
  const orders = await ordersByIds(soon.map(([id]) => id));
  return orders
    .filter((o) => o.status === 'pending' && o.kioskReference && Date.parse(o.holdUntil) - now.getTime() <= DAY_MS && Date.parse(o.holdUntil) > now.getTime())
    .map((o) => ({
      type: 'kioskExpiring' as const,
      id: `kiosk-${o.id}`,
      createdAt: new Date(Date.parse(o.holdUntil) - DAY_MS).toISOString(),
      orderId: o.id,
      // '' for a term's or a top-up's order (the web links those to /profile/lecPay).
      lectureId: o.lectureId,
      name: o.lectureName,
      amount: o.amount,
      reference: o.kioskReference!,
      expiresAt: o.holdUntil,
    }));
}

async function shown(userId: string, now: Date): Promise<StoredNote[]> {
  const [user, own, kiosk] = await Promise.all([userById(userId), notesOfUser(userId, NOTIFICATIONS_SHOWN), kioskExpiring(userId, now)]);
  const grade = user?.schooleYear ? await notesOfGrade(user.schooleYear, NOTIFICATIONS_SHOWN) : [];
  // A lecture saved before the student signed up is not news to them.
  const joined = user?.createdAt ?? '';
  const all = [...own, ...grade.filter((n) => n.createdAt >= joined), ...kiosk];
  return all.sort((a, b) => (a.createdAt < b.createdAt ? 1 : a.createdAt > b.createdAt ? -1 : a.id < b.id ? 1 : -1)).slice(0, NOTIFICATIONS_SHOWN);
}

export async function listNotifications(userId: string, now = new Date()): Promise<{ data: Notification[]; unread: number }> {
  const [notes, reads] = await Promise.all([shown(userId, now), noteReadsOf(userId)]);
  const readIds = new Set(reads.readIds);
  const data = notes.map((n) => ({ ...n, read: n.createdAt <= reads.readAllAt || readIds.has(n.id) }) as Notification);
  return { data, unread: data.filter((n) => !n.read).length };
}

const ATTEMPTS = 5;

/**
 * {all: true}: everything made until now is read (the mark moves, the ids are dropped). {ids}: those
 * of the list are read; the kept ids are only ones still in the list, so AP122 stays small.
 */
export async function markNotificationsRead(userId: string, body: { ids: string[] } | { all: true }, now = new Date()) {
  for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
    const [reads, notes] = await Promise.all([noteReadsOf(userId), 'all' in body ? Promise.resolve([]) : shown(userId, now)]);
    const at = now.toISOString();
    const next =
      'all' in body
        ? { readAllAt: at > reads.readAllAt ? at : reads.readAllAt, readIds: [] }
        : { readAllAt: reads.readAllAt, readIds: notes.filter((n) => n.createdAt > reads.readAllAt && (reads.readIds.includes(n.id) || body.ids.includes(n.id))).map((n) => n.id) };
    if (await saveNoteReads(userId, reads, next)) {
      const { unread } = await listNotifications(userId, now);
      return { message: 'Notifications marked read', data: { unread } };
    }
  }
  throw new Conflict('Your notifications changed meanwhile; try again');
}

export const getNotificationSettings = async (userId: string) => ({ data: await notificationSettingsOf(userId) });

export async function updateNotificationSettings(userId: string, change: Partial<NotificationSettings>) {
  const next = { ...(await notificationSettingsOf(userId)), ...change };
  await saveNotificationSettings(userId, next);
  return { data: next };
}
