import { type Handler, ok } from '../lib/http';
import * as sessions from './sessions';

export const logOut: Handler<'POST /api/auth/logout'> = async ({ auth }) => {
  await sessions.logOut(auth.userId, auth.claims.jti);
  return ok({ message: 'Logout Successfully' });
};
