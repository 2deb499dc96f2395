/**
 * Purchases and grants of lectures (AP14/AP15). The payments and users features record them
 * through `recordPurchase`, or put `purchaseItems` into a transaction of their own (payments: the
 * order's settlement and the purchase are one TransactWriteItems). Both also mark the lecture as
 * bought, which is what keeps a bought lecture from ever being deleted outright (see lecture-repo
 * deleteLectureIfUnpurchased).
 */
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import type { ReadAlong } from '../lib/http';
import { ddb, TABLE } from './client';
import { type TransactItem, getItems, queryAll, readAlongRange, withoutKeys, writeAll } from './items';
import { type Key, keys } from './keys';

export interface PurchaseRecord {
  userId: string;
  lectureId: string;
  /** ISO date-times. Not `expiresAt`: that is the table's TTL attribute and would delete the record. */
  purchaseDate: string;
  expiryDate: string;
  source: 'payment' | 'grant';
  /** LE paid for this purchase (the order's amount; 0 for a 100 % coupon). Absent on grants. */
  pricePaid?: number;
  /** The order that paid it (payments only). */
  orderId?: string;
}

/** AP14's key, for a route that names it to be read along the session (lib/http.ts readsAlong). */
export const purchaseKeyOf = (userId: string, lectureId: string): Key => keys.purchase(userId, lectureId);

/** AP14 for several lectures, one BatchGet (those the session gate read along are not asked again). */
export async function purchasesOfLectures(userId: string, lectureIds: string[], along?: ReadAlong): Promise<PurchaseRecord[]> {
  const items = await getItems(lectureIds.map((id) => keys.purchase(userId, id)), { along });
  return items.flatMap((i) => (i ? [withoutKeys<PurchaseRecord>(i)] : []));
}

/** AP14 */
export async function purchaseOf(userId: string, lectureId: string): Promise<PurchaseRecord | undefined> {
  const r = await ddb.send(new GetCommand({ TableName: TABLE, Key: keys.purchase(userId, lectureId) }));
  return r.Item ? withoutKeys<PurchaseRecord>(r.Item) : undefined;
}

/**
 * AP14 and, in the same BatchGet, another domain's items (the lecture open: the quiz gate's, quizzes/gate.ts
 * gatePlan); those the session gate read along (`along`: purchaseKeyOf with them) are not asked again.
 */
export async function purchaseAlong(userId: string, lectureId: string, also: Key[], along?: ReadAlong): Promise<{ purchase?: PurchaseRecord; also: (Record<string, unknown> | undefined)[] }> {
  const [purchase, ...rest] = await getItems([keys.purchase(userId, lectureId), ...also], { along });
  return { purchase: purchase && withoutKeys<PurchaseRecord>(purchase), also: rest };
}

/** AP62: what a route that lists the student's purchases has the session gate read along (readsAlong { range }). */
export const ownPurchasesRange = keys.profileToPurchases;

/** AP15 without the bundles (taken from the session gate's AP62 read when it read the range along). */
export async function purchasesOfUser(userId: string, along?: ReadAlong): Promise<PurchaseRecord[]> {
  const pre = readAlongRange(along, keys.user(userId).PK, keys.profileToPurchases);
  if (pre) return pre.filter((i) => isLecturePurchase(i.SK as string)).map((i) => withoutKeys<PurchaseRecord>(i));
  const items = await queryAll({
    TableName: TABLE,
    KeyConditionExpression: 'PK = :pk AND begins_with(SK, :sk)',
    ExpressionAttributeValues: { ':pk': keys.user(userId).PK, ':sk': keys.purchaseSkPrefix },
  });
  return items.filter((i) => isLecturePurchase(i.SK as string)).map((i) => withoutKeys<PurchaseRecord>(i));
}
/** AP14 and not a term's bundle (AP85 sorts under the same prefix). */
const isLecturePurchase = (sk: string) => sk.startsWith(keys.purchaseSkPrefix) && !sk.startsWith(keys.termPurchaseSkPrefix);

/**
 * The transaction items that write (or renew) the purchase and mark the lecture bought (its
 * condition fails when the lecture is gone). `expect` makes the purchase's write conditional on
 * what the caller read: `{ expiryDate: null }` = there was none, a string = it still ends then —
 * so an extension computed from a stale read fails instead of overwriting a newer one.
 * `lectureMarked`: the caller read the lecture marked bought already. It is then left out: a marked
 * lecture is never deleted, and a class buying one lecture at once does not queue on its item.
 */
export function purchaseItems(p: PurchaseRecord, expect?: { expiryDate: string | null }, lectureMarked = false): TransactItem[] {
  const condition =
    expect === undefined
      ? {}
      : expect.expiryDate === null
        ? { ConditionExpression: 'attribute_not_exists(PK)' }
        : { ConditionExpression: 'expiryDate = :prev', ExpressionAttributeValues: { ':prev': expect.expiryDate } };
  const put: TransactItem = { Put: { TableName: TABLE, Item: { ...keys.purchase(p.userId, p.lectureId), ...p }, ...condition } };
  if (lectureMarked) return [put];
  return [
    put,
    {
      Update: {
        TableName: TABLE,
        Key: keys.lecture(p.lectureId),
        UpdateExpression: 'SET firstPurchasedAt = if_not_exists(firstPurchasedAt, :at)',
        ConditionExpression: 'attribute_exists(PK)',
        ExpressionAttributeValues: { ':at': p.purchaseDate },
      },
    },
  ];
}

/** Writes (or renews) the purchase and marks the lecture bought, in one transaction; Conflict if the lecture is gone. */
export async function recordPurchase(p: PurchaseRecord): Promise<void> {
  await writeAll(purchaseItems(p), 'This lecture no longer exists');
}
