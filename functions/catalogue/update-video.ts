import { type Handler, ok } from '../lib/http';
import { changeVideo } from './lectures';

/** PATCH /api/AWS/lectures/video/{videoId} {videoName?, quizId?} → {message, data: video}. */
export const updateVideoHandler: Handler<'PATCH /api/AWS/lectures/video/{videoId}'> = async ({ params, body }) => ok(await changeVideo(params.videoId, body));
