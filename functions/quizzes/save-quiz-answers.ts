import { type Handler, ok } from '../lib/http';
import * as taking from './taking';

/** PUT /api/Quizz/answers/{quizId} → {message, data: the open attempt}; 409 once the time is up. */
export const saveQuizAnswers: Handler<'PUT /api/Quizz/answers/{quizId}'> = async ({ params, body, auth }) =>
  ok({ message: 'Answers saved', data: await taking.saveQuizAnswers(params.quizId, auth, body.answers) });
