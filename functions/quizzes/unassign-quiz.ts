import { type Handler, ok } from '../lib/http';
import * as quizzes from './quizzes';

/** DELETE /api/Quiz/unassign-from-content/{quizId} → {message}. */
export const unassignQuiz: Handler<'DELETE /api/Quiz/unassign-from-content/{quizId}'> = async ({ params }) => ok(await quizzes.unassignQuiz(params.quizId));
