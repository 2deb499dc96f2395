import { type Handler, ok } from '../lib/http';
import { listQuizResults as results } from './results';

/** GET /api/Quiz/students-results/{quizId} → {data: rows, summary, analytics}. */
export const listQuizResults: Handler<'GET /api/Quiz/students-results/{quizId}'> = async ({ params }) => ok(await results(params.quizId));
