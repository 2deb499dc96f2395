import { type Handler, ok } from '../lib/http';
import * as lectures from './lectures';

/** PATCH /api/AWS/lectures/{id} → {message, data: lecture}. */
export const updateLecture: Handler<'PATCH /api/AWS/lectures/{id}'> = async ({ params, body }) =>
  ok({ message: 'Lecture Updated Successfully', data: await lectures.updateLecture(params.id, body ?? {}) });
