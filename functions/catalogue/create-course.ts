import { created, type Handler } from '../lib/http';
import { createCourse } from './courses';

/** POST /api/cours/create-course → 201 the course with its terms. */
export const createCourseHandler: Handler<'POST /api/cours/create-course'> = async ({ body }) => created(await createCourse(body));
