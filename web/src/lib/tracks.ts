import { TRACKS, type Track } from '@shared/constants';

/** Spec 3: a course's tracks are one text separated by comma and space. Unknown text → both tracks. */
export function tracksOf(courseFor: string): Track[] {
  const listed = TRACKS.filter((t) => courseFor.split(',').map((s) => s.trim()).includes(t));
  return listed.length ? listed : [...TRACKS];
}
