import { type Handler, ok } from '../lib/http';
import * as lectures from './lectures';

/** POST /api/AWS/lectures/video/{videoId}/transcode → {message, data: video} (its transcode started again). */
export const startVideoTranscode: Handler<'POST /api/AWS/lectures/video/{videoId}/transcode'> = async ({ params }) => ok(await lectures.startVideoTranscode(params.videoId));
