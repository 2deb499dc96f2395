import { created, type Handler } from '../lib/http';
import * as registration from './registration';

export const signUp: Handler<'POST /api/auth/signup'> = async ({ body }) => {
  await registration.signUp(body);
  return created({ message: 'Signed up successfully, take a look at your mail for activation.' });
};
