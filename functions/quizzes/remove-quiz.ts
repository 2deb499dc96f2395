import { type Handler, ok } from '../lib/http';
import * as quizzes from './quizzes';

/** DELETE /api/v/quizzes/{id}: deleteQuiz at the spec's legacy path. */
export const removeQuiz: Handler<'DELETE /api/v/quizzes/{id}'> = async ({ params }) => ok(await quizzes.deleteQuiz(params.id));
