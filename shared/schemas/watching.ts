/** Watch analytics (issue 42, docs/watching.md): a video's retention and figures, a student's watch time. */
import { z } from 'zod';
import { id } from './common.ts';

export const videoAnalyticsParams = z.object({ videoId: id });
export const videoAnalytics = z.object({
  data: z.object({
    /** Students who reported watching any of it. */
    viewers: z.number().int().min(0),
    /** Of them, those who watched ≥ 90 % of it. */
    completed: z.number().int().min(0),
    avgWatchedPercent: z.number().min(0).max(100),
    /** 100 shares (0–1): the viewers who watched each hundredth of the video. */
    retention: z.array(z.number().min(0).max(1)).length(100),
  }),
});
export const userWatching = z.object({
  data: z.array(
    z.object({
      lectureId: z.string(),
      /** Absent: the lecture was deleted. */
      name: z.string().optional(),
      /** Seconds watched over its videos (each second of a video once). */
      seconds: z.number().int().min(0),
      videos: z.array(z.object({ videoId: z.string(), name: z.string().optional(), seconds: z.number().int().min(0), percent: z.number().int().min(0).max(100), completed: z.boolean(), lastAt: z.string() })),
    }),
  ),
});
