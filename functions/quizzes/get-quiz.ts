import { type Handler, ok } from '../lib/http';
import { getQuizAdmin } from './quizzes';
import { getQuizToTake } from './taking';

/** GET /api/Quizz/{quizId} → {data}: to a student the quiz to take (never an answer), to an admin the whole quiz. */
export const getQuiz: Handler<'GET /api/Quizz/{quizId}'> = async ({ params, auth }) =>
  ok({ data: auth.isAdmin ? await getQuizAdmin(params.quizId) : await getQuizToTake(params.quizId, auth) });
