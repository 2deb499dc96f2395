import type { UserRow } from '@shared/schemas/people';
import { BUSINESS_TIME_ZONE } from '@shared/calendar';
import { csvText } from '@/lib/csv';

const cairoTime = new Intl.DateTimeFormat('sv-SE', { timeZone: BUSINESS_TIME_ZONE, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit' });
const timeText = (iso: string | null) => (iso ? cairoTime.format(new Date(iso)) : '');

/** The users list as a CSV text (UTF-8 with its BOM, lib/csv.ts): one row per user, times in Cairo. */
export function usersCsv(users: readonly UserRow[], texts: { headers: string[]; blocked: string; active: string }) {
  return csvText([
    texts.headers,
    ...users.map((u) => [u.firstName, u.lastName, u.email, u.mobileNumber ?? '', u.schooleYear ?? '', u.block ? texts.blocked : texts.active, timeText(u.createdAt), timeText(u.lastSignInAt)]),
  ]);
}

export const usersCsvName = (now = new Date()) => `users-${now.toISOString().slice(0, 10)}.csv`;
