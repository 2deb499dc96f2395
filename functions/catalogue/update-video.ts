import { type Handler, ok } from '../lib/http';
import * as lectures from './lectures';

/** PATCH /api/AWS/lectures/video/{videoId} {videoName?, quizId?} → {message, data: video}. */
export const updateVideo: Handler<'PATCH /api/AWS/lectures/video/{videoId}'> = async ({ params, body }) => ok(await lectures.updateVideo(params.videoId, body));
