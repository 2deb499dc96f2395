/**
 * The navigation state the catalogue screens hand each other (spec 2). A student's trail is a
 * breadcrumb list: /term reads courseId and courseFor from its second entry, /content the
 * termId of its last, /pay the lecture in its last. Each entry carries the state that reopens
 * its page, so a breadcrumb link goes back without losing it.
 */
import type { Crumb } from '@/components/breadcrumbs';

export interface TrailCrumb {
  name: string;
  url: string;
  courseId?: string;
  courseFor?: string;
  termId?: string;
  /** The /pay entry: the lecture being bought. */
  id?: string;
  price?: number;
  photoUrl?: string | null;
  lectureName?: string;
  /** Days a purchase of it lasts. */
  accessDays?: number;
  /** The navigation state that reopens `url`. */
  state?: Trail;
}
export interface Trail {
  breadcrumb: TrailCrumb[];
}

const isTrail = (s: unknown): s is Trail => !!s && typeof s === 'object' && Array.isArray((s as Trail).breadcrumb);
export const readTrail = (state: unknown): Trail | null => (isTrail(state) ? state : null);

export const HOME_CRUMB: TrailCrumb = { name: 'Home', url: '/' };

/** Spec 2: the grade card's link to /term. */
export const courseTrail = (gradeName: string, courseId: string, courseFor: string): Trail => ({
  breadcrumb: [HOME_CRUMB, { name: `${gradeName} / ${courseFor}`, url: '/', courseId, courseFor }],
});

/** Appends a crumb whose link reopens the current page with the current trail. */
export const extendTrail = (trail: Trail, crumb: Omit<TrailCrumb, 'state'>, currentUrl: string): Trail => {
  const crumbs = trail.breadcrumb.map((c, i) => (i === trail.breadcrumb.length - 1 ? { ...c, url: currentUrl, state: trail } : c));
  return { breadcrumb: [...crumbs, crumb] };
};

/** What the Breadcrumbs component shows: it renders Home itself, so the trail's Home is dropped. */
export const crumbsOf = (trail: Trail): Crumb[] =>
  trail.breadcrumb.filter((c, i) => !(i === 0 && c.url === '/' && c.name === 'Home')).map((c) => ({ name: c.name, url: c.url, state: c.state }));

/** The admin's state from /dashboard down to /dashboard/preview (spec 2). */
export interface AdminTrail {
  courseId: string;
  courseFor: string;
  courseName: string;
  termId?: string;
  termName?: string;
  contentId?: string;
  sectionType?: string;
}
export const readAdminTrail = (state: unknown): AdminTrail | null =>
  state && typeof state === 'object' && typeof (state as AdminTrail).courseId === 'string' && typeof (state as AdminTrail).courseFor === 'string'
    ? (state as AdminTrail)
    : null;
