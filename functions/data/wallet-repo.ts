/**
 * The student's wallet and its ledger (AP73/AP74). Every move of money is one TransactWriteItems:
 * the wallet's new balance, conditioned on the entry number (seq) it was computed from, the new
 * ledger entry (Put once), and whatever the caller's change needs beside it (a code marked
 * redeemed, a purchase) — so a balance is always the sum of its entries, never negative, and a
 * move happens with its cause or not at all. Money is kept as integer piasters; callers speak LE.
 */
import { GetCommand, QueryCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { Conflict, HttpError } from '../lib/errors';
import { ddb, TABLE } from './client';
import { type TransactItem, queryAll } from './items';
import { keys } from './keys';

export type WalletEntryKind = 'code' | 'topUp' | 'purchase' | 'refund' | 'adjustment';

export interface WalletEntry {
  /** The entry's number in its wallet (1, 2, …) as a string. */
  id: string;
  kind: WalletEntryKind;
  /** LE, negative for a debit. */
  amount: number;
  balanceAfter: number;
  at: string;
  /** What caused it: a batch and code id, an order id, the admin's reason. */
  ref: string;
}

export interface WalletMove {
  /** LE, 2 decimals; negative = debit. */
  amount: number;
  kind: WalletEntryKind;
  ref: string;
  at?: string;
}

/** 402: the debit is more than the balance; nothing was written. */
export class WalletInsufficient extends HttpError {
  constructor(
    readonly balance: number,
    price?: number,
  ) {
    super(402, 'Your balance does not cover this; nothing was taken', 'wallet.insufficient', { balance, ...(price === undefined ? {} : { price }) });
  }
}

/** 409 (unless the caller maps it): the condition of the caller's item `also[index]` failed; nothing was written. */
export class WalletAlsoFailed extends Conflict {
  constructor(readonly index: number) {
    super('This record was changed meanwhile; try again');
  }
}

export const toPiasters = (le: number) => Math.round(le * 100);
export const toLe = (piasters: number) => piasters / 100;

/** A wallet with no AP73 item yet: empty. */
interface WalletState {
  balancePiasters: number;
  seq: number;
  exists: boolean;
}

const ATTEMPTS = 40;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
/** Random waits growing to ~0.3 s: parallel moves of one wallet take turns. */
const backoff = (attempt: number) => sleep(Math.random() * 10 * 2 ** Math.min(attempt, 5));

async function walletState(userId: string): Promise<WalletState> {
  const r = await ddb.send(new GetCommand({ TableName: TABLE, Key: keys.wallet(userId), ConsistentRead: true }));
  return r.Item ? { balancePiasters: Number(r.Item.balancePiasters), seq: Number(r.Item.seq), exists: true } : { balancePiasters: 0, seq: 0, exists: false };
}

const entryOf = (item: Record<string, unknown>): WalletEntry => ({
  id: String(item.seq),
  kind: item.kind as WalletEntryKind,
  amount: toLe(Number(item.amountPiasters)),
  balanceAfter: toLe(Number(item.balanceAfterPiasters)),
  at: item.at as string,
  ref: item.ref as string,
});

/** AP73 + AP74: the balance (LE) and the entries, newest first (the latest `limit`, or all). */
export async function walletOf(userId: string, opts: { limit?: number } = {}): Promise<{ balance: number; entries: WalletEntry[] }> {
  const query = {
    TableName: TABLE,
    KeyConditionExpression: 'PK = :pk AND begins_with(SK, :sk)',
    ExpressionAttributeValues: { ':pk': keys.wallet(userId).PK, ':sk': keys.walletEntrySkPrefix },
    ScanIndexForward: false,
  };
  const [state, items] = await Promise.all([
    walletState(userId),
    opts.limit === undefined ? queryAll(query) : ddb.send(new QueryCommand({ ...query, Limit: opts.limit })).then((r) => (r.Items ?? []) as Record<string, unknown>[]),
  ]);
  return { balance: toLe(state.balancePiasters), entries: items.map(entryOf) };
}

/** The reasons DynamoDB gives for a cancelled transaction, one per item ('None' where it was fine). */
const reasonsOf = (e: unknown): string[] => ((e as { CancellationReasons?: { Code?: string }[] }).CancellationReasons ?? []).map((r) => r?.Code ?? 'None');

const isCancelled = (e: unknown) => e instanceof Error && (e.name === 'TransactionCanceledException' || e.name === 'TransactionConflictException');

/**
 * Moves money in or out of the wallet with its ledger entry and the caller's `also` items, in one
 * transaction. A debit beyond the balance throws WalletInsufficient; a failed condition of an
 * `also` item throws WalletAlsoFailed with its index; another move of the same wallet meanwhile
 * (the seq changed) is tried again from a fresh read.
 */
export async function moveWallet(userId: string, move: WalletMove, also: TransactItem[] = []): Promise<{ balance: number; entry: WalletEntry }> {
  const amountPiasters = toPiasters(move.amount);
  if (!Number.isFinite(amountPiasters) || amountPiasters === 0) throw new Error(`moveWallet: the amount must be a non-zero sum of LE, not ${move.amount}`);
  const at = move.at ?? new Date().toISOString();
  for (let attempt = 0; ; attempt++) {
    const w = await walletState(userId);
    const balanceAfterPiasters = w.balancePiasters + amountPiasters;
    if (balanceAfterPiasters < 0) throw new WalletInsufficient(toLe(w.balancePiasters));
    const seq = w.seq + 1;
    const entry = { seq, kind: move.kind, amountPiasters, balanceAfterPiasters, at, ref: move.ref };
    const items: TransactItem[] = [
      {
        Update: {
          TableName: TABLE,
          Key: keys.wallet(userId),
          UpdateExpression: 'SET balancePiasters = :balance, seq = :seq, updatedAt = :at',
          ...(w.exists
            ? { ConditionExpression: 'seq = :read', ExpressionAttributeValues: { ':balance': balanceAfterPiasters, ':seq': seq, ':at': at, ':read': w.seq } }
            : { ConditionExpression: 'attribute_not_exists(PK)', ExpressionAttributeValues: { ':balance': balanceAfterPiasters, ':seq': seq, ':at': at } }),
        },
      },
      { Put: { TableName: TABLE, Item: { ...keys.walletEntry(userId, seq), ...entry }, ConditionExpression: 'attribute_not_exists(PK)' } },
      ...also,
    ];
    try {
      await ddb.send(new TransactWriteCommand({ TransactItems: items }));
      return { balance: toLe(balanceAfterPiasters), entry: entryOf(entry) };
    } catch (e) {
      if (!isCancelled(e)) throw e;
      // The caller's condition decides first: trying again would not make it hold.
      const failed = reasonsOf(e).findIndex((code, i) => i >= 2 && code === 'ConditionalCheckFailed');
      if (failed >= 0) throw new WalletAlsoFailed(failed - 2);
      if (attempt >= ATTEMPTS - 1) throw new Conflict('Your wallet is busy with another operation; try again', 'wallet.busy');
      await backoff(attempt);
    }
  }
}
