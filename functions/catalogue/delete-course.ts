import { type Handler, ok } from '../lib/http';
import * as courses from './courses';

/** DELETE /api/cours/{id} → {id, message} (archived: true when students own lectures under it). */
export const deleteCourse: Handler<'DELETE /api/cours/{id}'> = async ({ params }) => ok(await courses.deleteCourse(params.id));
