import type { Video } from '@shared/schemas/catalogue';

/**
 * The video a lecture page opens on: back from a quiz (?v=), the video it was taken for; else the
 * first (in the teacher's order) the student may play; else the first. public/preferences.js makes
 * the same choice to ask for its poster early (web/build/route-preload.ts `earlyDataScript`; the
 * test compares the two).
 */
export function firstVideo<V extends Pick<Video, 'id' | 'order' | 'signedUrl'>>(videos: readonly V[], wanted: string | null): V | undefined {
  const inOrder = [...videos].sort((a, b) => a.order - b.order);
  return inOrder.find((v) => v.id === wanted) ?? inOrder.find((v) => v.signedUrl) ?? inOrder[0];
}
