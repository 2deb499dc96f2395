/**
 * How much of the video a quiz gates the student had watched when they submitted an attempt (the
 * results table's "Watched before"). The quiz's videos (AP31) are kept per Lambda for a minute and
 * read as the quiz is opened, so a submit reads only the student's watch items (AP100, one BatchGet)
 * and nothing for a quiz that gates no video. Several videos: the least watched of them (one never
 * watched counts 0 %). Null when the student watched none of them, or the figure could not be read:
 * it never fails a submit.
 */
import { watchedPercent } from '../../shared/watched-seconds';
import { getItems } from '../data/items';
import { videosOfQuiz } from '../data/lecture-repo';
import { toWatchRecord, watchKeyOf } from '../data/watch-repo';
import { recentReads } from '../lib/recent';

export interface WatchedBefore {
  videoId: string;
  percent: number;
}

export const GATED_VIDEOS_TTL_MS = 60_000;
const gatedVideos = recentReads(videosOfQuiz, GATED_VIDEOS_TTL_MS);

/** Reads the quiz's videos into the kept reads (on opening the quiz): the submit then finds them there. */
export function keepGatedVideos(quizId: string): void {
  gatedVideos(quizId).catch(() => undefined);
}

export async function watchedBefore(quizId: string, userId: string): Promise<WatchedBefore | null> {
  try {
    const videos = await gatedVideos(quizId);
    if (!videos.length) return null;
    const items = await getItems(videos.map((v) => watchKeyOf(userId, v.id)));
    const watched = items.map(toWatchRecord);
    if (!watched.some(Boolean)) return null;
    const figures = videos.map((v, i) => ({ videoId: v.id, percent: watched[i] ? watchedPercent(watched[i].seconds, watched[i].length) : 0 }));
    return figures.reduce((least, f) => (f.percent < least.percent ? f : least));
  } catch {
    return null;
  }
}
