import { type Handler, ok } from '../lib/http';
import { watchingOfStudent } from './watch-analytics';

/** GET /api/admin/users/{userId}/watching → {data: [{lectureId, name?, seconds, videos: [{videoId, name?, seconds, percent, completed, lastAt}]}]}. */
export const listUserWatching: Handler<'GET /api/admin/users/{userId}/watching'> = async ({ params }) => ok({ data: await watchingOfStudent(params.userId) });
