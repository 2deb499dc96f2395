/**
 * Coupons (AP16, AP17, AP32, AP33). A coupon's item counts its uses in two numbers:
 * `taken` = uses held by pending orders + paid uses (what a limit is checked against) and
 * `uses` = paid uses. Taking a use is a conditional update in the same transaction as the order
 * that takes it, so a limited coupon is never taken more times than its limit however many
 * students apply the last use at once; a once-per-student coupon also puts a guard item per
 * student (AP33) that exists while that student's order holds or has used it.
 */
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { Conflict, NotFound } from '../lib/errors';
import { ddb, TABLE } from './client';
import { type TransactItem, getItemsTogether, queryAll, withoutKeys, writeAll } from './items';
import { keys } from './keys';

export interface CouponRecord {
  id: string;
  /** As the teacher typed it; matching uses normalizeCouponCode (in the key). */
  code: string;
  discount: number;
  expiresAt: string | null;
  maxUses: number | null;
  oncePerStudent: boolean;
  courseIds: string[] | null;
  taken: number;
  uses: number;
  createdAt: string;
}

/** AP16: any spelling of the code. */
export async function couponByCode(code: string): Promise<CouponRecord | undefined> {
  const r = await ddb.send(new GetCommand({ TableName: TABLE, Key: keys.coupon(code) }));
  return r.Item ? withoutKeys<CouponRecord>(r.Item) : undefined;
}

/**
 * AP16 + AP33 (+ AP36) in one round trip: the coupon and whether this student holds or used it
 * through an order other than their open order of `lectureId` (that one is reused or superseded
 * when they ask for the payment link again, so it does not count against them).
 */
export async function couponAndStudentGuard(code: string, userId: string, lectureId?: string): Promise<{ coupon?: CouponRecord; usedByStudent: boolean; heldByStudent: boolean }> {
  // Together: the guards and the open order are compared, so neither may be read from before the
  // transaction that wrote both (another request's order of this very lecture) and the other after.
  const [coupon, guard, holder, open] = await getItemsTogether([keys.coupon(code), keys.couponOfStudent(code, userId), keys.couponHolder(code, userId), ...(lectureId ? [keys.openOrder(userId, lectureId)] : [])]);
  const through = (g: typeof guard) => g !== undefined && !(open !== undefined && g.orderId === open.orderId);
  return { coupon: coupon && withoutKeys<CouponRecord>(coupon), usedByStudent: through(guard), heldByStudent: through(holder) };
}

/** AP17: newest last (the order they were made in). */
export async function allCoupons(): Promise<CouponRecord[]> {
  const items = await queryAll({
    TableName: TABLE,
    IndexName: 'byParent',
    KeyConditionExpression: 'GSI1PK = :pk',
    ExpressionAttributeValues: { ':pk': keys.couponsIndexPk },
  });
  return items.map((i) => withoutKeys<CouponRecord>(i));
}

/** The coupon and its id pointer, in one transaction; a code taken in any letter case → Conflict coupon.duplicate. */
export async function createCoupon(c: CouponRecord): Promise<void> {
  try {
    await writeAll([
      { Put: { TableName: TABLE, Item: { ...keys.coupon(c.code), ...keys.couponsIndex(c.createdAt, c.id), ...c }, ConditionExpression: 'attribute_not_exists(PK)' } },
      { Put: { TableName: TABLE, Item: { ...keys.couponById(c.id), code: c.code }, ConditionExpression: 'attribute_not_exists(PK)' } },
    ]);
  } catch (e) {
    if (e instanceof Conflict) throw new Conflict('A coupon with this code already exists', 'coupon.duplicate');
    throw e;
  }
}

/**
 * AP32 then AP16: deletes the coupon and its pointer. The per-student guards stay behind (they are
 * keyed by the code): a coupon made again with the same code starts with them, so a once-per-
 * student coupon cannot be used twice by deleting and re-creating it. Orders keep their own copy of
 * the code and discount.
 */
export async function deleteCoupon(id: string): Promise<CouponRecord> {
  const pointer = await ddb.send(new GetCommand({ TableName: TABLE, Key: keys.couponById(id) }));
  const code = pointer.Item?.code as string | undefined;
  const coupon = code ? await couponByCode(code) : undefined;
  if (!code || !coupon || coupon.id !== id) throw new NotFound('Coupon not found', 'coupon.notFound');
  await writeAll(
    [
      { Delete: { TableName: TABLE, Key: keys.coupon(code), ConditionExpression: 'id = :id', ExpressionAttributeValues: { ':id': id } } },
      { Delete: { TableName: TABLE, Key: keys.couponById(id) } },
    ],
    'This coupon was changed meanwhile; try again',
  );
  return coupon;
}

/**
 * Takes one use for an order. The update's condition fails (and with it the whole transaction)
 * when the coupon is gone, has expired, or every use is taken; the holder's (AP65) when this student
 * holds a use already through another unpaid order; the guard's when this student already holds or
 * used a once-per-student coupon.
 */
export function takeUseItems(c: Pick<CouponRecord, 'code' | 'oncePerStudent'>, userId: string, orderId: string, now: Date): TransactItem[] {
  const items: TransactItem[] = [
    {
      Update: {
        TableName: TABLE,
        Key: keys.coupon(c.code),
        UpdateExpression: 'SET taken = taken + :one',
        ConditionExpression: 'attribute_exists(PK) AND (attribute_type(maxUses, :null) OR taken < maxUses) AND (attribute_type(expiresAt, :null) OR expiresAt > :now)',
        ExpressionAttributeValues: { ':one': 1, ':null': 'NULL', ':now': now.toISOString() },
      },
    },
    { Put: { TableName: TABLE, Item: { ...keys.couponHolder(c.code, userId), orderId }, ConditionExpression: 'attribute_not_exists(PK)' } },
  ];
  if (c.oncePerStudent) {
    items.push({ Put: { TableName: TABLE, Item: { ...keys.couponOfStudent(c.code, userId), orderId }, ConditionExpression: 'attribute_not_exists(PK)' } });
  }
  return items;
}

/**
 * The student no longer holds an unpaid use through this order (paid, or given back): AP65 goes, even
 * when the coupon itself is gone (deleted or made again), so it never keeps them from a new one.
 */
export const holderGoneItem = (code: string, userId: string): TransactItem => ({ Delete: { TableName: TABLE, Key: keys.couponHolder(code, userId) } });

/**
 * Gives a held use back (the order failed, expired or was superseded). Pass a coupon that exists
 * (read it first): the condition fails on a coupon deleted meanwhile, so after a cancelled
 * transaction read again and leave the coupon out if it is gone.
 */
export function giveBackItems(c: Pick<CouponRecord, 'code' | 'oncePerStudent'>, userId: string): TransactItem[] {
  const items: TransactItem[] = [
    {
      Update: {
        TableName: TABLE,
        Key: keys.coupon(c.code),
        UpdateExpression: 'SET taken = taken - :one',
        ConditionExpression: 'attribute_exists(PK) AND taken > :zero',
        ExpressionAttributeValues: { ':one': 1, ':zero': 0 },
      },
    },
    holderGoneItem(c.code, userId),
  ];
  // The student holds a once-per-student coupon through one order at a time (a newer order gives
  // the older one's use back first), so the guard is this order's.
  if (c.oncePerStudent) items.push({ Delete: { TableName: TABLE, Key: keys.couponOfStudent(c.code, userId) } });
  return items;
}

/**
 * Counts a paid use. `held`: the order still holds its use (taken already counts it). Otherwise the
 * use was given back earlier (a declined card, an expired hold) and money arrived after all: it is
 * taken again without a limit check, because the student has paid. Pass a coupon that exists, as
 * for giveBackItems; a deleted coupon has no count to keep.
 */
export function paidUseItems(c: Pick<CouponRecord, 'code' | 'oncePerStudent'>, userId: string, orderId: string, held: boolean): TransactItem[] {
  const items: TransactItem[] = [
    {
      Update: {
        TableName: TABLE,
        Key: keys.coupon(c.code),
        UpdateExpression: held ? 'SET uses = uses + :one' : 'SET uses = uses + :one, taken = taken + :one',
        ConditionExpression: 'attribute_exists(PK)',
        ExpressionAttributeValues: { ':one': 1 },
      },
    },
  ];
  if (held) items.push(holderGoneItem(c.code, userId));
  else if (c.oncePerStudent) items.push({ Put: { TableName: TABLE, Item: { ...keys.couponOfStudent(c.code, userId), orderId } } });
  return items;
}

/**
 * Takes a use and counts it paid at once, for an order paid in the same transaction (from the
 * student's balance): the take's conditions (the coupon there, unexpired, a use left; once per
 * student), and the student holding no unpaid use of it through another order (AP65 checked, not written).
 */
export function takePaidUseItems(c: Pick<CouponRecord, 'code' | 'oncePerStudent'>, userId: string, orderId: string, now: Date): TransactItem[] {
  const [take, , guard] = takeUseItems(c, userId, orderId, now);
  const update = take!.Update!;
  return [
    { Update: { ...update, UpdateExpression: 'SET taken = taken + :one, uses = uses + :one' } },
    { ConditionCheck: { TableName: TABLE, Key: keys.couponHolder(c.code, userId), ConditionExpression: 'attribute_not_exists(PK)' } },
    ...(guard ? [guard] : []),
  ];
}
