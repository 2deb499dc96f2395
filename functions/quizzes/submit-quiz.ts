import { type Handler, ok } from '../lib/http';
import * as taking from './taking';

/** POST /api/Quizz/submit/{quizId} → {message, data: {score, scoreDetails, passed, …}}, scored on the server. */
export const submitQuiz: Handler<'POST /api/Quizz/submit/{quizId}'> = async ({ params, body, auth }) =>
  ok({ message: 'Quiz submitted', data: await taking.submitQuiz(params.quizId, auth, body.answers) });
