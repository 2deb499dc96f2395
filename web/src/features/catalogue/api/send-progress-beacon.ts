import { apiUrl } from '@/lib/api-client';
import type { Span } from './save-playback-progress';

/**
 * Issue 42: a closing page's last report (POST …/progress/beacon). navigator.sendBeacon outlives the
 * page but carries no Authorization header: the student's id and their live playback id are the proof
 * (docs/watching.md). Where a browser refuses the beacon, a keepalive fetch carries the same body.
 */
export function sendProgressBeacon({ lectureId, videoId, userId, playbackId, watched }: { lectureId: string; videoId: string; userId: string; playbackId: string; watched: Span[] }): void {
  const url = apiUrl(`/api/AWS/lectures/${encodeURIComponent(lectureId)}/videos/${encodeURIComponent(videoId)}/progress/beacon`);
  const body = JSON.stringify({ userId, playbackId, watched });
  let sent: boolean;
  try {
    sent = navigator.sendBeacon(url, new Blob([body], { type: 'application/json' }));
  } catch {
    sent = false;
  }
  if (!sent) void fetch(url, { method: 'POST', body, headers: { 'content-type': 'application/json' }, keepalive: true }).catch(() => undefined);
}
