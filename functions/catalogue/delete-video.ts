import { type Handler, ok } from '../lib/http';
import { removeVideo } from './lectures';

/** DELETE /api/AWS/lectures/video/{videoId} → {id, lectureId, message}. */
export const deleteVideoHandler: Handler<'DELETE /api/AWS/lectures/video/{videoId}'> = async ({ params }) => ok(await removeVideo(params.videoId));
