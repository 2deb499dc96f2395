import { type Handler, ok } from '../lib/http';
import * as lectures from './lectures';

/** DELETE /api/v/lecture/{id} → {id, message} (archived: true when a student owns it). */
export const deleteLecture: Handler<'DELETE /api/v/lecture/{id}'> = async ({ params }) => ok(await lectures.deleteLecture(params.id));
