import { created, type Handler } from '../lib/http';
import * as parents from './parents';

/** POST /api/user/parent-invite → 201 {data: {code, expiresAt}} (the student's; 409 parent.tooMany). */
export const createParentInvite: Handler<'POST /api/user/parent-invite'> = async ({ auth }) => created({ data: await parents.createParentInvite(auth.userId) });
