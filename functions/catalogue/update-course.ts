import { type Handler, ok } from '../lib/http';
import * as courses from './courses';

/** PUT /api/cours/{id} → the updated course. */
export const updateCourse: Handler<'PUT /api/cours/{id}'> = async ({ params, body }) => ok(await courses.updateCourse(params.id, body));
