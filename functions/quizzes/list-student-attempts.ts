import { type Handler, ok } from '../lib/http';
import { attemptsOfStudent } from './results';

/** GET /api/Quiz/students-results/{quizId}/{userId}/attempts → {data: the student's attempts with their marks}. */
export const listStudentAttempts: Handler<'GET /api/Quiz/students-results/{quizId}/{userId}/attempts'> = async ({ params }) => ok({ data: await attemptsOfStudent(params.quizId, params.userId) });
