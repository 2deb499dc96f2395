import { type Handler, ok } from '../lib/http';
import { videoAnalytics } from './watch-analytics';

/** GET /api/admin/videos/{videoId}/analytics → {data: {viewers, completed, avgWatchedPercent, retention[100]}}. */
export const getVideoAnalytics: Handler<'GET /api/admin/videos/{videoId}/analytics'> = async ({ params }) => ok({ data: await videoAnalytics(params.videoId) });
