/** Issue 43's parent answers as the contract (/work/i43-contract.md) shapes them, for the web tests. */
import { studentUser, validToken } from './helpers';

export const parentUser = { ...studentUser, id: 'p1', firstName: 'Hoda', lastName: 'Hassan', email: 'hoda@example.com', mobileNumber: '+201112345678', schooleYear: undefined, role: 'PARENT' as const };

/** A parent's stored session (helpers' storeSession takes students and admins). */
export function storeParentSession(language?: 'ar' | 'en') {
  window.localStorage.setItem('user', JSON.stringify({ ...parentUser, token: validToken({ sub: 'p1' }) }));
  if (language) window.localStorage.setItem('language', language);
}

export const child = (over: Record<string, unknown> = {}) => ({
  id: 's1',
  firstName: 'Mona',
  lastName: 'Hassan',
  schooleYear: 'Second year',
  lastActiveAt: '2026-12-05T18:30:00.000Z',
  linkedAt: '2026-11-01T10:00:00.000Z',
  ...over,
});

/** The last 8 weeks, newest first: 45 minutes this week, then 30, 0, 90 … */
const SECONDS = [2700, 1800, 0, 5400, 600, 0, 1200, 3000];
const day = (offset: number) => new Date(Date.UTC(2026, 11, 7) - offset * 86_400_000).toISOString().slice(0, 10);

export const report = (over: Record<string, unknown> = {}) => ({
  child: child(),
  lectures: [
    { id: 'l1', name: 'انقسام الخلية', courseName: 'Biology 2', purchasedAt: '2026-11-03T09:00:00.000Z', expiresAt: '2027-01-03T09:00:00.000Z' },
    { id: 'l2', name: 'Genetics', courseName: 'Biology 2', purchasedAt: '2026-11-10T09:00:00.000Z', expiresAt: null },
  ],
  weeks: SECONDS.map((watchedSeconds, i) => ({ from: day(7 * i + 6), to: day(7 * i), watchedSeconds })),
  quizResults: [
    { quizId: 'q1', title: 'Cell quiz', score: 7, total: 10, passed: true, date: '2026-12-04T12:00:00.000Z' },
    { quizId: 'q2', title: 'اختبار الوراثة', score: 3, total: 10, passed: false, date: '2026-11-20T12:00:00.000Z' },
  ],
  lastActiveAt: '2026-12-05T18:30:00.000Z',
  ...over,
});
