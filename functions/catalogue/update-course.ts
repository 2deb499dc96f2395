import { type Handler, ok } from '../lib/http';
import { editCourse } from './courses';

/** PUT /api/cours/{id} → the updated course. */
export const updateCourseHandler: Handler<'PUT /api/cours/{id}'> = async ({ params, body }) => ok(await editCourse(params.id, body));
