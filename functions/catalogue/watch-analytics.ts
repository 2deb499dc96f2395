/**
 * The teacher's view of watching (docs/watching.md): a video's retention curve and figures, computed
 * from every watcher's bitmap in one Query (AP101) when asked — the reports stay one write each —
 * and a student's watch time per lecture and video (AP102).
 */
import { watchersOfVideo, watchingOfUser } from '../data/watch-repo';
import { lectureViewFacts } from './playback';
import { hundredthsWatched, watchedPercent } from '../../shared/watched-seconds';

export interface VideoAnalytics {
  viewers: number;
  completed: number;
  avgWatchedPercent: number;
  /** Per hundredth of the video: the share (0–1) of viewers who watched it. */
  retention: number[];
}

const round3 = (n: number) => Math.round(n * 1000) / 1000;

export async function videoAnalytics(videoId: string): Promise<VideoAnalytics> {
  const watchers = await watchersOfVideo(videoId);
  const length = Math.max(0, ...watchers.map((w) => w.length ?? 0));
  const counts = new Array<number>(100).fill(0);
  if (length > 0) {
    for (const w of watchers) hundredthsWatched(w.bits, length).forEach((seen, i) => (counts[i]! += seen ? 1 : 0));
  }
  const n = watchers.length;
  return {
    viewers: n,
    completed: watchers.filter((w) => w.completed).length,
    avgWatchedPercent: n ? Math.round(watchers.reduce((sum, w) => sum + watchedPercent(w.seconds, length || w.length), 0) / n) : 0,
    retention: counts.map((c) => (n ? round3(c / n) : 0)),
  };
}

export interface LectureWatching {
  lectureId: string;
  /** Absent: the lecture was deleted. */
  name?: string;
  seconds: number;
  videos: { videoId: string; name?: string; seconds: number; percent: number; completed: boolean; lastAt: string }[];
}

/** A student's watch time per lecture and video, the latest watched lecture first. */
export async function watchingOfStudent(userId: string): Promise<LectureWatching[]> {
  const all = await watchingOfUser(userId);
  const facts = await lectureViewFacts(all.map((w) => w.lectureId));
  const byLecture = new Map<string, LectureWatching & { lastAt: string }>();
  for (const w of [...all].sort((a, b) => (a.lastAt < b.lastAt ? 1 : -1))) {
    const fact = facts.get(w.lectureId);
    const entry = byLecture.get(w.lectureId) ?? { lectureId: w.lectureId, ...(fact ? { name: fact.name } : {}), seconds: 0, videos: [], lastAt: w.lastAt };
    const name = fact?.videos.get(w.videoId);
    entry.seconds += w.seconds;
    entry.videos.push({ videoId: w.videoId, ...(name ? { name } : {}), seconds: w.seconds, percent: watchedPercent(w.seconds, w.length), completed: w.completed, lastAt: w.lastAt });
    byLecture.set(w.lectureId, entry);
  }
  return [...byLecture.values()].map(({ lastAt: _l, ...rest }) => rest);
}
