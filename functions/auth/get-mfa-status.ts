import { type Handler, ok } from '../lib/http';
import * as mfa from './mfa';

export const getMfaStatus: Handler<'GET /api/auth/mfa'> = async ({ auth }) => ok({ data: { enabled: await mfa.mfaEnabled(auth.contact.email) } });
