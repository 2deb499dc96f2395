import { type Handler, ok } from '../lib/http';
import * as quizzes from './quizzes';

/** GET /api/Quiz/AllQuizz → {data: quiz summaries, newest first}. */
export const listQuizzes: Handler<'GET /api/Quiz/AllQuizz'> = async () => ok({ data: await quizzes.listQuizzes() });
