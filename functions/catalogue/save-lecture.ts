import { created, type Handler } from '../lib/http';
import * as lectures from './lectures';

/** POST /api/AWS/save-lecture → 201 {message, data: lecture}. The schema has made imageFile required. */
export const saveLecture: Handler<'POST /api/AWS/save-lecture'> = async ({ body }) =>
  created({ message: 'Lecture Added Successfully', data: await lectures.saveLecture({ ...body, imageFile: body.imageFile! }) });
