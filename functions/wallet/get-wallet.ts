import { type Handler, ok } from '../lib/http';
import * as wallets from './wallets';

/** GET /api/wallet → {data: {balance, entries}}, the latest entries first. */
export const getWallet: Handler<'GET /api/wallet'> = async ({ auth }) => ok({ data: await wallets.walletOfStudent(auth.userId) });
