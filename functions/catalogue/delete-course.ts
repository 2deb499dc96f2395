import { type Handler, ok } from '../lib/http';
import { deleteCourse } from './courses';

/** DELETE /api/cours/{id} → {id, message} (archived: true when students own lectures under it). */
export const deleteCourseHandler: Handler<'DELETE /api/cours/{id}'> = async ({ params }) => ok(await deleteCourse(params.id));
