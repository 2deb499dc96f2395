import { type Handler, ok } from '../lib/http';
import { endSession } from './sessions';

export const logOut: Handler<'POST /api/auth/logout'> = async ({ auth }) => {
  await endSession(auth.userId, auth.claims.jti);
  return ok({ message: 'Logout Successfully' });
};
