import { type Handler, ok } from '../lib/http';
import { removeLecture } from './lectures';

/** DELETE /api/v/lecture/{id} → {id, message} (archived: true when a student owns it). */
export const deleteLectureHandler: Handler<'DELETE /api/v/lecture/{id}'> = async ({ params }) => ok(await removeLecture(params.id));
