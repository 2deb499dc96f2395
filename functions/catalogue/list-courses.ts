import { type Handler, ok } from '../lib/http';
import * as courses from './courses';

/** GET /api/cours/all: public; one Query. */
export const listCourses: Handler<'GET /api/cours/all'> = async () => ok({ data: await courses.listCourses() });
