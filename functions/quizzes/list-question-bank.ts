import { type Handler, ok } from '../lib/http';
import { listQuestionBank as bank } from './bank';

/** GET /api/admin/question-bank?tag&q&cursor → {data: questions of a page of quizzes, tags: every tag, next: the cursor or null}. */
export const listQuestionBank: Handler<'GET /api/admin/question-bank'> = async ({ query }) => ok(await bank(query));
