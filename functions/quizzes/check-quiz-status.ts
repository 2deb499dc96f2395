import { ok, readsAlong } from '../lib/http';
import * as taking from './taking';

/** GET /api/Quizz/status/check/{quizId} → {data: {passed, score, attempts}}. */
export const checkQuizStatus = readsAlong<'GET /api/Quizz/status/check/{quizId}'>(async ({ params, auth }) => ok({ data: await taking.checkQuizStatus(params.quizId, auth) }), taking.ownKeysOfQuiz, { consistent: true });
