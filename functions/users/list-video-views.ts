import { type Handler, ok } from '../lib/http';
import * as views from './video-views';

/** GET /api/admin/users/{userId}/video-views → {data: [{lectureId, lectureName, videoId, videoName, views, viewLimit}]}. */
export const listVideoViews: Handler<'GET /api/admin/users/{userId}/video-views'> = async ({ params }) => ok({ data: await views.videoViewsOf(params.userId) });
