import { type Handler, ok } from '../lib/http';
import * as taking from './taking';

/** GET /api/Quizz/attempts/{quizId} → {data: my finished attempts, first to last}. */
export const listMyAttempts: Handler<'GET /api/Quizz/attempts/{quizId}'> = async ({ params, auth }) => ok({ data: await taking.listMyAttempts(params.quizId, auth) });
