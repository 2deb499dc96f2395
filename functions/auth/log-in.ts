import { type Handler, ok } from '../lib/http';
import { signInWithPassword } from './password-sign-in';

export const logIn: Handler<'POST /api/auth/login'> = async ({ body }) => ok({ message: 'Signed in successfully', data: await signInWithPassword(body.identifier, body.password) });
