import { created, type Handler } from '../lib/http';
import * as lectures from './lectures';

/** POST /api/AWS/lectures/videos/{lectureId} → 201 {message, data: lecture with all its videos}. */
export const addVideos: Handler<'POST /api/AWS/lectures/videos/{lectureId}'> = async ({ params, body }) =>
  created({ message: 'Videos Added Successfully', data: await lectures.addVideos(params.lectureId, body) });
