import { type Handler, ok } from '../lib/http';
import * as quizzes from './quizzes';

/** DELETE /api/Quizz/questions/{quizId}/{questionId} → {id, message}. */
export const deleteQuestion: Handler<'DELETE /api/Quizz/questions/{quizId}/{questionId}'> = async ({ params }) => ok(await quizzes.deleteQuestion(params.quizId, params.questionId));
