import { type RefObject, useCallback, useEffect, useRef } from 'react';
import { errorCodeOf } from '@/lib/messages';
import { type Span, useSavePlaybackProgressMutation } from '../api/save-playback-progress';
import { sendProgressBeacon } from '../api/send-progress-beacon';
import { newSpans, spansOf } from './watched';

/** How often a playing video reports (the server's rule: at most 30 s apart; another device may take over 60 s after the last). */
export const HEARTBEAT_MS = 20_000;

/**
 * Issue 41: a student's playback reports while the video plays (every HEARTBEAT_MS) and when it
 * pauses or ends — the call `report` returned here — with the spans played since the last report.
 * A 409 playback.takenOver (another device holds the stream now) calls `onTakenOver`. Issue 42: when
 * the page is hidden or left, what was played since goes in a beacon (`userId`: the signed-in student).
 */
export function useHeartbeat({
  lectureId,
  videoId,
  playbackId,
  video,
  playing,
  onTakenOver,
  userId,
}: {
  lectureId: string;
  videoId: string;
  playbackId: string | undefined;
  video: RefObject<HTMLVideoElement | null>;
  playing: boolean;
  onTakenOver: () => void;
  userId?: string;
}): (el: HTMLVideoElement | null) => void {
  const [saveProgress] = useSavePlaybackProgressMutation();
  const reported = useRef<Span[]>([]);
  const leaving = useRef(false);
  // A new playback attaches the media again: its played ranges start empty.
  useEffect(() => {
    reported.current = [];
  }, [playbackId]);

  const report = useCallback(
    (el: HTMLVideoElement | null) => {
      if (!el || !playbackId) return;
      const played = spansOf(el.played);
      const watched = newSpans(played, reported.current);
      reported.current = played;
      void saveProgress({ lectureId, videoId, playbackId, watched }).then((result) => {
        if ('error' in result && errorCodeOf(result.error) === 'playback.takenOver') onTakenOver();
      });
    },
    [playbackId, saveProgress, lectureId, videoId, onTakenOver],
  );

  useEffect(() => {
    if (!playing || !playbackId) return;
    const timer = setInterval(() => report(video.current), HEARTBEAT_MS);
    return () => clearInterval(timer);
  }, [playing, playbackId, report, video]);

  useEffect(() => {
    if (!playbackId || !userId) return;
    const leave = () => {
      const el = video.current;
      if (!el || (document.visibilityState === 'visible' && !leaving.current)) return;
      const played = spansOf(el.played);
      const watched = newSpans(played, reported.current);
      if (!watched.length) return;
      reported.current = played;
      sendProgressBeacon({ lectureId, videoId, userId, playbackId, watched });
    };
    const onPageHide = () => {
      leaving.current = true;
      leave();
      leaving.current = false;
    };
    document.addEventListener('visibilitychange', leave);
    window.addEventListener('pagehide', onPageHide);
    return () => {
      document.removeEventListener('visibilitychange', leave);
      window.removeEventListener('pagehide', onPageHide);
    };
  }, [playbackId, userId, lectureId, videoId, video]);

  return report;
}
