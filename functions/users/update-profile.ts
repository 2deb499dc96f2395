import { sourceOf } from '../auth/public';
import { type Handler, ok } from '../lib/http';
import * as people from './people';

/** PATCH /api/user/update: names, and with the three password fields a password change that ends my other sessions. */
export const updateProfile: Handler<'PATCH /api/user/update'> = async ({ auth, body, event }) =>
  ok(await people.updateProfile(auth.userId, auth.claims.jti, body, sourceOf(event)));
