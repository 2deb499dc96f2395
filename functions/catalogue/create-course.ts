import { created, type Handler } from '../lib/http';
import * as courses from './courses';

/** POST /api/cours/create-course → 201 the course with its terms. */
export const createCourse: Handler<'POST /api/cours/create-course'> = async ({ body }) => created(await courses.createCourse(body));
