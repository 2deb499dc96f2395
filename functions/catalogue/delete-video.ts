import { type Handler, ok } from '../lib/http';
import * as lectures from './lectures';

/** DELETE /api/AWS/lectures/video/{videoId} → {id, lectureId, message}. */
export const deleteVideo: Handler<'DELETE /api/AWS/lectures/video/{videoId}'> = async ({ params }) => ok(await lectures.deleteVideo(params.videoId));
