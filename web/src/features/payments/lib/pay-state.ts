/**
 * Spec 2: /pay reads the lecture being bought from the last entry of its navigation state (a
 * breadcrumb trail the catalogue screens build: id, price, photoUrl, lectureName, and the
 * lecture's access period). The trail's other entries are the breadcrumb back.
 */
import type { Crumb } from '@/components/breadcrumbs';

export interface PayLecture {
  id: string;
  price: number;
  photoUrl: string | null;
  lectureName: string;
  /** Days a purchase lasts, when the screen that led here knew it. */
  accessDays?: number;
}

interface TrailEntry {
  name?: unknown;
  url?: unknown;
  state?: unknown;
  id?: unknown;
  price?: unknown;
  photoUrl?: unknown;
  lectureName?: unknown;
  accessDays?: unknown;
}

const entriesOf = (state: unknown): TrailEntry[] | null => {
  const list = state && typeof state === 'object' ? (state as { breadcrumb?: unknown }).breadcrumb : undefined;
  return Array.isArray(list) && list.length > 0 ? (list as TrailEntry[]) : null;
};

/** The lecture in the trail's last entry, or null when /pay was opened without one. */
export function payLectureOf(state: unknown): PayLecture | null {
  const last = entriesOf(state)?.at(-1);
  if (!last || typeof last.id !== 'string' || !last.id) return null;
  const price = Number(last.price ?? 0);
  const name = typeof last.lectureName === 'string' ? last.lectureName : typeof last.name === 'string' ? last.name : '';
  return {
    id: last.id,
    price: Number.isFinite(price) ? Math.abs(price) : 0,
    photoUrl: typeof last.photoUrl === 'string' && last.photoUrl ? last.photoUrl : null,
    lectureName: name,
    accessDays: typeof last.accessDays === 'number' && last.accessDays > 0 ? last.accessDays : undefined,
  };
}

/** The breadcrumb (Home is the component's own, so the trail's Home is dropped). */
export function payCrumbs(state: unknown): Crumb[] {
  const entries = entriesOf(state) ?? [];
  return entries
    .filter((c, i) => !(i === 0 && c.url === '/' && c.name === 'Home'))
    .map((c) => ({ name: typeof c.name === 'string' ? c.name : '', url: typeof c.url === 'string' ? c.url : undefined, state: c.state }));
}

/** The state that opens /pay for `lecture` again (my lectures' 'buy again'). */
export const payStateFor = (lecture: PayLecture) => ({ breadcrumb: [{ name: 'Home', url: '/' }, { name: lecture.lectureName, url: '/pay', ...lecture }] });
