import { type Handler, ok } from '../lib/http';
import { sourceOf } from './caller-source';
import * as passwordSignIn from './password-sign-in';

export const logIn: Handler<'POST /api/auth/login'> = async ({ body, event }) =>
  ok({ message: 'Signed in successfully', data: await passwordSignIn.logIn(body.identifier, body.password, sourceOf(event)) });
