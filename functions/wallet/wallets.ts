/** The student's wallet as they see it, and the teacher's credit or debit of it (written to the ledger). */
import { noteItem } from '../data/notification-repo';
import { userById } from '../data/user-repo';
import { moveWallet, walletOf } from '../data/wallet-repo';
import { NotFound } from '../lib/errors';

/** How many of the latest entries the wallet's page and the student's admin page show. */
export const WALLET_ENTRIES_SHOWN = 100;

/** GET /api/wallet */
export const walletOfStudent = (userId: string) => walletOf(userId, { limit: WALLET_ENTRIES_SHOWN });

/** POST /api/admin/users/{userId}/wallet: a debit never takes the balance below zero (402 wallet.insufficient). */
export async function adjustWallet(userId: string, b: { amount: number; reason: string }) {
  if (!(await userById(userId))) throw new NotFound('No user has this id', 'user.notFound');
  // A credit rings the student's bell (in the move's transaction); a debit does not.
  return moveWallet(userId, { amount: b.amount, kind: 'adjustment', ref: b.reason }, b.amount > 0 ? [noteItem(userId, { type: 'walletCredited', amount: b.amount, reason: 'adjustment' })] : []);
}
