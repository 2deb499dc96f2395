import { type Handler, ok } from '../lib/http';
import { listCourses } from './courses';

/** GET /api/cours/all: public; one Query. */
export const listCoursesHandler: Handler<'GET /api/cours/all'> = async () => ok({ data: await listCourses() });
