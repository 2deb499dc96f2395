import { type Handler, ok } from '../lib/http';
import * as wallets from './wallets';

/** POST /api/admin/users/{userId}/wallet {amount, reason} → {data: {balance, entry}}. */
export const adjustWallet: Handler<'POST /api/admin/users/{userId}/wallet'> = async ({ params, body }) => ok({ data: await wallets.adjustWallet(params.userId, body) });
