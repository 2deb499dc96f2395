import { type Handler, ok } from '../lib/http';
import * as quizzes from './quizzes';

/** DELETE /api/Quiz/{quizId} → {id, message, videosUnlocked}. */
export const deleteQuiz: Handler<'DELETE /api/Quiz/{quizId}'> = async ({ params }) => ok(await quizzes.deleteQuiz(params.quizId));
