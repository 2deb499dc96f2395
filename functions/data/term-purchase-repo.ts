/**
 * Purchases of a term's bundle (AP85/AP86): one item gives every lecture of the term, those added
 * later too, until its expiryDate (the term's endsAt when it was bought or given). Written only through
 * `termPurchaseItems`, in an order's paying transaction (payments/settlement.ts) or a term code's
 * redemption (wallet/codes.ts).
 */
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { ddb, TABLE } from './client';
import type { ReadAlong } from '../lib/http';
import { type TransactItem, queryAll, readAlongRange, withoutKeys } from './items';
import { type Key, keys } from './keys';

export interface TermPurchaseRecord {
  userId: string;
  termId: string;
  /** The term's name when bought (My lectures names the bundle by it). */
  termName: string;
  /** ISO date-times: bought, and the bundle's end (not `expiresAt`: the table's TTL attribute). */
  purchaseDate: string;
  expiryDate: string;
  /** Bought through an order, or given by a recharge code of a term's batch. */
  source: 'payment' | 'code';
  /** LE paid (0 for a 100 % coupon and for a code). */
  pricePaid: number;
  /** The order that paid it (source payment). */
  orderId?: string;
  /** The code that gave it, as printed (source code). */
  ref?: string;
}

/** AP85's key, read with a lecture's purchase (the lecture open, a section's list). */
export const termPurchaseKeyOf = (userId: string, termId: string): Key => keys.termPurchase(userId, termId);

/** An AP85 item (from a BatchGet) as a record. */
export const toTermPurchase = (item: Record<string, unknown> | undefined): TermPurchaseRecord | undefined => (item ? withoutKeys<TermPurchaseRecord>(item) : undefined);

/** AP85, strongly consistent: an order decides on it. */
export async function termPurchaseOf(userId: string, termId: string): Promise<TermPurchaseRecord | undefined> {
  const r = await ddb.send(new GetCommand({ TableName: TABLE, Key: keys.termPurchase(userId, termId), ConsistentRead: true }));
  return toTermPurchase(r.Item);
}

/** AP86 (taken from the session gate's AP62 read when it read the range along). */
export async function termPurchasesOfUser(userId: string, along?: ReadAlong): Promise<TermPurchaseRecord[]> {
  const pre = readAlongRange(along, keys.user(userId).PK, keys.profileToPurchases);
  if (pre) return pre.filter((i) => (i.SK as string).startsWith(keys.termPurchaseSkPrefix)).map((i) => withoutKeys<TermPurchaseRecord>(i));
  const items = await queryAll({
    TableName: TABLE,
    KeyConditionExpression: 'PK = :pk AND begins_with(SK, :sk)',
    ExpressionAttributeValues: { ':pk': keys.user(userId).PK, ':sk': keys.termPurchaseSkPrefix },
  });
  return items.map((i) => withoutKeys<TermPurchaseRecord>(i));
}

/**
 * The transaction items that write (or renew) the bundle's purchase and mark the term bought (its
 * condition fails when the term is gone). `expect`, as purchaseItems': the purchase read before
 * (`null`: none), so a write computed from a stale read fails instead of overwriting a newer one.
 * `termMarked`: the caller read the term marked bought already; the mark is left out, so a class
 * redeeming one term's codes at once does not queue on the term's item.
 */
export function termPurchaseItems(p: TermPurchaseRecord, expect: { expiryDate: string | null }, termMarked = false): TransactItem[] {
  const condition =
    expect.expiryDate === null
      ? { ConditionExpression: 'attribute_not_exists(PK)' }
      : { ConditionExpression: 'expiryDate = :prev', ExpressionAttributeValues: { ':prev': expect.expiryDate } };
  const put: TransactItem = { Put: { TableName: TABLE, Item: { ...keys.termPurchase(p.userId, p.termId), ...p }, ...condition } };
  if (termMarked) return [put];
  return [
    put,
    {
      Update: {
        TableName: TABLE,
        Key: keys.term(p.termId),
        UpdateExpression: 'SET firstPurchasedAt = if_not_exists(firstPurchasedAt, :at)',
        ConditionExpression: 'attribute_exists(PK)',
        ExpressionAttributeValues: { ':at': p.purchaseDate },
      },
    },
  ];
}
