import { type Handler, ok } from '../lib/http';
import * as views from './video-views';

/** DELETE /api/admin/users/{userId}/video-views?lectureId=…[&videoId=…] → {message, reset}: how many videos' counts were reset. */
export const resetVideoViews: Handler<'DELETE /api/admin/users/{userId}/video-views'> = async ({ params, query }) =>
  ok(await views.resetVideoViews(params.userId, query.lectureId, query.videoId));
