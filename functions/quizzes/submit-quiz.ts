import { ok, readsAlong } from '../lib/http';
import * as taking from './taking';

/** POST /api/Quizz/submit/{quizId} → {message, data: {score, scoreDetails, passed, …}}, scored on the server. */
// The student's result and the quiz item are read with their session; the result is written after.
export const submitQuiz = readsAlong<'POST /api/Quizz/submit/{quizId}'>(async ({ params, body, auth }) => ok({ message: 'Quiz submitted', data: await taking.submitQuiz(params.quizId, auth, body.answers) }), taking.ownKeysOfQuiz, { consistent: true });
