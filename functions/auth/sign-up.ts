import { created, type Handler } from '../lib/http';
import { sourceOf } from './caller-source';
import * as registration from './registration';

export const signUp: Handler<'POST /api/auth/signup'> = async ({ body, event }) => {
  await registration.signUp(body, sourceOf(event));
  return created({ message: 'Signed up successfully, take a look at your mail for activation.' });
};
