import { type Handler, ok } from '../lib/http';
import * as quizzes from './quizzes';

/** POST /api/Quiz/associate-quiz/{contentId}/{quizId} → {message}. */
export const assignQuiz: Handler<'POST /api/Quiz/associate-quiz/{contentId}/{quizId}'> = async ({ params }) => ok(await quizzes.assignQuiz(params.contentId, params.quizId));
