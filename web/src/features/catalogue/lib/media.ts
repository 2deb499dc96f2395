import { TRACKS, type Track } from '@shared/constants';
import { apiUrl } from '@/lib/api-client';

/** Images come as site paths (/media/images/…); they live where the API does. */
export const mediaSrc = (path: string | null | undefined): string | undefined => (path ? (path.startsWith('/') ? apiUrl(path) : path) : undefined);

/** Spec 3: a course's tracks are one text separated by comma and space. Unknown text → both tracks. */
export function tracksOf(courseFor: string): Track[] {
  const listed = TRACKS.filter((t) => courseFor.split(',').map((s) => s.trim()).includes(t));
  return listed.length ? listed : [...TRACKS];
}
