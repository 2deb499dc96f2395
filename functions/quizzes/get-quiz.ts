import { ok, readsAlong } from '../lib/http';
import { getQuizAdmin } from './quizzes';
import { getQuizToTake, ownKeysOfQuiz } from './taking';

/**
 * GET /api/Quizz/{quizId} → {data}: to a student the quiz to take (never an answer), to an admin the whole quiz.
 * A student's result and the quiz item are read with their session (a timed attempt is written after).
 */
export const getQuiz = readsAlong<'GET /api/Quizz/{quizId}'>(
  async ({ params, auth }) => ok({ data: auth.isAdmin ? await getQuizAdmin(params.quizId) : await getQuizToTake(params.quizId, auth) }),
  ownKeysOfQuiz,
  { consistent: true },
);
