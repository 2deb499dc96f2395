import { sourceOf } from '../auth/public';
import { type Handler, ok } from '../lib/http';
import * as codes from './codes';

/** POST /api/wallet/redeem {code} → {data: {balance, credited, lecture?}}. */
export const redeemCode: Handler<'POST /api/wallet/redeem'> = async ({ body, auth, event }) => ok({ data: await codes.redeemCode(auth.userId, body.code, sourceOf(event)) });
