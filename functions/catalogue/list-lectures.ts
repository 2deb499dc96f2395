import { ok, readsAlong } from '../lib/http';
import * as lectures from './lectures';

/**
 * GET /api/cours/lecture/{contentId} (student) → {data: Lecture[]} with canWatch, no video URLs. A
 * student's purchases of them are read with their session (one store request).
 */
export const listLectures = readsAlong<'GET /api/cours/lecture/{contentId}'>(async ({ params, auth }) => ok({ data: await lectures.listLectures(params.contentId, auth) }), ({ params, userId }) => lectures.ownKeysOfSection(params.contentId, userId));
