import { type Handler, ok } from '../lib/http';
import * as people from './people';

/** POST /api/admin/grant-lecture {email, lectureName, lectureId?}: a purchase marked as granted. */
export const grantLecture: Handler<'POST /api/admin/grant-lecture'> = async ({ body }) => ok(await people.grantLecture(body));
