import { type Handler, ok } from '../lib/http';
import * as quizzes from './quizzes';

/** GET /api/Quiz/quizzes/{contentId} → {data: quiz summaries assigned to the section}. */
export const listSectionQuizzes: Handler<'GET /api/Quiz/quizzes/{contentId}'> = async ({ params }) => ok({ data: await quizzes.listSectionQuizzes(params.contentId) });
