import { type Handler, ok } from '../lib/http';
import * as people from './people';

/** GET /api/admin/users/{userId} → a student's page: profile, lectures owned, quiz results. */
export const getUserDetails: Handler<'GET /api/admin/users/{userId}'> = async ({ params }) => ok({ data: await people.userDetailsOf(params.userId) });
