import { type Handler, ok } from '../lib/http';
import { sourceOf } from './caller-source';
import * as mfa from './mfa';

export const startMfaSetup: Handler<'POST /api/auth/mfa/setup'> = async ({ auth, body, event }) =>
  ok({ message: 'Add this key to your authenticator app, then enter the code it shows', data: await mfa.startMfaSetup({ id: auth.userId, email: auth.contact.email }, body.password, sourceOf(event)) });
