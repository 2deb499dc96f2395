import { type Handler, ok } from '../lib/http';
import * as quizzes from './quizzes';

/** PATCH /api/Quiz/{quizId} (multipart; questionImages by index for new questions, by id for existing) → {message, data}. */
export const updateQuiz: Handler<'PATCH /api/Quiz/{quizId}'> = async ({ params, body }) => ok({ message: 'Updated!', data: await quizzes.updateQuiz(params.quizId, body) });
