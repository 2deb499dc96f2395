import { type Handler, ok } from '../lib/http';
import * as people from './people';

/** GET /api/user/profile → {data: my names, e-mail, phone, school year}. */
export const getProfile: Handler<'GET /api/user/profile'> = async ({ auth }) => ok({ data: await people.getProfile(auth.userId) });
