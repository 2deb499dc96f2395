import type { Lecture } from '@shared/schemas/catalogue';
import { extendTrail, HOME_CRUMB, type Trail } from './nav-state';

/** Spec 2: /pay reads the lecture (id, price, photoUrl, lectureName; and its access period) from the trail's last entry. */
export function purchaseTrail(trail: Trail | null, lecture: Lecture, currentUrl: string): Trail {
  const lectureName = lecture.lectureName || lecture.name;
  const crumb = { name: lectureName, url: '/pay', id: lecture.id, price: lecture.price, photoUrl: lecture.photoUrl, lectureName, accessDays: lecture.accessDays };
  return trail ? extendTrail(trail, crumb, currentUrl) : { breadcrumb: [HOME_CRUMB, crumb] };
}
