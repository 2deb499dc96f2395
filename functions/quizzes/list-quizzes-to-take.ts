import { type Handler, ok } from '../lib/http';
import * as taking from './taking';

/** GET /api/Quizz/section/{contentId} → {data: quiz summaries} for the content page. */
export const listQuizzesToTake: Handler<'GET /api/Quizz/section/{contentId}'> = async ({ params, auth }) => ok({ data: await taking.listQuizzesToTake(params.contentId, auth) });
