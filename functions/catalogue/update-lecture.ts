import { type Handler, ok } from '../lib/http';
import { editLecture } from './lectures';

/** PATCH /api/AWS/lectures/{id} → {message, data: lecture}. */
export const updateLectureHandler: Handler<'PATCH /api/AWS/lectures/{id}'> = async ({ params, body }) =>
  ok({ message: 'Lecture Updated Successfully', data: await editLecture(params.id, body ?? {}) });
