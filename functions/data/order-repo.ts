/**
 * Orders (AP19 by id, AP34 by date, AP35 of a student, AP36 the student's open order of a lecture, AP66 pending).
 * An order is one attempt to buy a lecture or a term's bundle through Paymob (or with a 100 % coupon,
 * or from the student's balance), or to top up that balance through Paymob. Its status moves
 * only by conditional writes in the same transaction as what goes with it (the coupon's use, the
 * purchase), so a callback delivered twenty times at once settles it once.
 */
import { GetCommand, PutCommand, QueryCommand, TransactWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { OrderKind, OrderRefundReason, OrderStatus, PaymentMethod } from '../../shared/constants';
import { isConditionFailed } from '../lib/errors';
import type { ReadAlong } from '../lib/http';
import { ddb, TABLE } from './client';
import { type TransactItem, getItems, queryAll, readAlongRange, withoutKeys } from './items';
import { keys } from './keys';

export interface OrderRecord {
  id: string;
  /**
   * What it buys: a lecture, a term's bundle (termId; lectureId ''), or a top-up crediting the
   * student's balance (its lecture fields are empty). Absent on orders written before kinds: a lecture's.
   */
  kind?: OrderKind;
  userId: string;
  /** The lecture bought; '' for a term bundle's order (termId). */
  lectureId: string;
  /** A term bundle's order: the term whose every lecture it gives, until endsAt (its end when ordered). */
  termId?: string;
  endsAt?: string;
  /** Kept as they were when ordered: the sales page and the student's list read them from here. */
  lectureName: string;
  courseId: string;
  /** Days the purchase lasts (the lecture's access period when ordered). */
  accessDays: number;
  status: OrderStatus;
  method: PaymentMethod | null;
  /** LE: the lecture's price when ordered and what is charged after the coupon. */
  originalPrice: number;
  amount: number;
  /** What Paymob is asked for (piasters) and in which currency; a callback must match both. */
  amountCents: number;
  currency: string;
  couponCode: string | null;
  couponId: string | null;
  couponOncePerStudent: boolean;
  discount: number | null;
  /** True while this order holds a use of its coupon (taken, not yet paid or given back). */
  couponHeld: boolean;
  /** The Aman/Masary reference of a kiosk payment. */
  kioskReference: string | null;
  /** The coupon use (and the checkout) is held until then; a kiosk reference holds it for days. */
  holdUntil: string;
  intentionId?: string;
  intentionOrderId?: number;
  paymentUrl?: string;
  /** Paymob's transaction id of the latest news (kiosk pending, paid). */
  transactionId?: string;
  lastMessage?: string;
  createdAt: string;
  /** The last news of this order (created, callback, return, inquiry that changed it). */
  updatedAt: string;
  /** When the reconciler last asked Paymob about it. */
  checkedAt?: string;
  /** When the reconciler found its kiosk reference ending within 24 hours (the student told once: WhatsApp if opted in). */
  expiringToldAt?: string;
  paidAt: string | null;
  /** Paid, but its amount went to the student's wallet instead of what it bought (a ledger entry of kind refund, ref the order id). */
  refundReason?: OrderRefundReason;
}

const orderItem = (o: OrderRecord) => ({
  ...keys.order(o.id),
  ...keys.ordersIndex(o.createdAt, o.id),
  ...keys.orderOfStudent(o.userId, o.createdAt, o.id),
  ...(o.status === 'pending' ? keys.orderToReconcile(o.id) : {}),
  ...o,
});

/** AP19, read strongly consistent: settlement decides on it. */
export async function orderById(id: string): Promise<OrderRecord | undefined> {
  const r = await ddb.send(new GetCommand({ TableName: TABLE, Key: keys.order(id), ConsistentRead: true }));
  return r.Item ? withoutKeys<OrderRecord>(r.Item) : undefined;
}

/** AP63 then AP19: our order whose intention Paymob gave this order id (the id a notice signs). */
export async function orderOfPaymobOrder(paymobOrderId: string): Promise<OrderRecord | undefined> {
  const r = await ddb.send(new GetCommand({ TableName: TABLE, Key: keys.paymobOrder(paymobOrderId), ConsistentRead: true }));
  const id = r.Item?.orderId as string | undefined;
  return id ? orderById(id) : undefined;
}

/**
 * The order's Paymob intention stored (its link and Paymob's order id), with the AP63 pointer that
 * lets a signed notice find it: one transaction, on condition no other order has that Paymob order id.
 */
export async function storeIntention(orderId: string, intention: { intentionId: string; intentionOrderId: number; paymentUrl: string }, at: string): Promise<void> {
  await transact([
    updateOrderItem(orderId, { ...intention, updatedAt: at }),
    { Put: { TableName: TABLE, Item: { ...keys.paymobOrder(String(intention.intentionOrderId)), orderId }, ConditionExpression: 'attribute_not_exists(PK)' } },
  ]);
}

/** AP64 for a paying transaction: Paymob's transaction id taken by this order, unless another order took it. */
export function transactionUseItem(transactionId: string, orderId: string, at: string): TransactItem {
  return {
    Put: {
      TableName: TABLE,
      Item: { ...keys.paymobTransaction(transactionId), orderId, at },
      ConditionExpression: 'attribute_not_exists(PK) OR orderId = :order',
      ExpressionAttributeValues: { ':order': orderId },
    },
  };
}

/** AP64: the order a Paymob transaction paid, if any. */
export async function orderPaidByTransaction(transactionId: string): Promise<string | undefined> {
  const r = await ddb.send(new GetCommand({ TableName: TABLE, Key: keys.paymobTransaction(transactionId), ConsistentRead: true }));
  return r.Item?.orderId as string | undefined;
}

/** AP36 (AP87) then AP19: the student's latest order of the lecture (of saleOf's item), if any. */
export async function openOrderOf(userId: string, lectureId: string): Promise<OrderRecord | undefined> {
  const r = await ddb.send(new GetCommand({ TableName: TABLE, Key: keys.openOrder(userId, lectureId), ConsistentRead: true }));
  const id = r.Item?.orderId as string | undefined;
  return id ? orderById(id) : undefined;
}

/** What an order sells, as its open-order pointer (AP36/AP87) and the coupon's guard name it. */
export const saleOf = (o: Pick<OrderRecord, 'lectureId' | 'termId'>) => (o.termId ? keys.termSale(o.termId) : o.lectureId);

/**
 * A new order and the student's open-order pointer to it. The pointer's condition fails when
 * another request replaced the open order meanwhile (`previous` is what the caller read), so two
 * payment-link requests at once do not both open an order.
 */
export function newOrderItems(o: OrderRecord, previous: string | null): TransactItem[] {
  return [
    newOrderItem(o),
    {
      Put: {
        TableName: TABLE,
        Item: { ...keys.openOrder(o.userId, saleOf(o)), orderId: o.id },
        ...(previous === null
          ? { ConditionExpression: 'attribute_not_exists(PK)' }
          : { ConditionExpression: 'orderId = :prev', ExpressionAttributeValues: { ':prev': previous } }),
      },
    },
  ];
}
/** A new order alone (a top-up: no open-order pointer, each request its own checkout). */
export const newOrderItem = (o: OrderRecord): TransactItem => ({ Put: { TableName: TABLE, Item: orderItem(o), ConditionExpression: 'attribute_not_exists(PK)' } });
/** Index of the open-order pointer in newOrderItems (to read a cancelled transaction's reasons). */
export const POINTER_ITEM = 1;

export interface OrderCondition {
  /** The status must be one of these… */
  statusIn?: OrderStatus[];
  /** …or must not be this one. */
  statusNot?: OrderStatus;
  /** The order must still hold (or not hold) its coupon use, as the caller read it. */
  couponHeld?: boolean;
  /** This field must not be set yet (a once-only mark). */
  absent?: keyof OrderRecord;
}

/**
 * An Update of the order's fields under a condition on its status (and hold), for a transaction. A new
 * status moves the order into the reconciler's index (AP66) when it is pending, out of it otherwise.
 */
export function updateOrderItem(id: string, set: Partial<Omit<OrderRecord, 'id' | 'userId' | 'createdAt'>>, cond: OrderCondition = {}): TransactItem {
  const pending = set.status === undefined ? {} : set.status === 'pending' ? keys.orderToReconcile(id) : undefined;
  const entries = [...Object.entries(set), ...Object.entries(pending ?? {})].filter(([, v]) => v !== undefined);
  const names: Record<string, string> = {};
  const values: Record<string, unknown> = {};
  entries.forEach(([k, v], i) => {
    names[`#f${i}`] = k;
    values[`:f${i}`] = v;
  });
  if (!pending) keys.lookupAttributes.forEach((a, i) => (names[`#x${i}`] = a));
  const conditions = ['attribute_exists(PK)'];
  if (cond.statusIn || cond.statusNot) names['#status'] = 'status';
  if (cond.statusIn) {
    conditions.push(`#status IN (${cond.statusIn.map((_, i) => `:in${i}`).join(', ')})`);
    cond.statusIn.forEach((s, i) => (values[`:in${i}`] = s));
  }
  if (cond.statusNot) {
    conditions.push('#status <> :not');
    values[':not'] = cond.statusNot;
  }
  if (cond.couponHeld !== undefined) {
    conditions.push('couponHeld = :held');
    values[':held'] = cond.couponHeld;
  }
  if (cond.absent) {
    names['#absent'] = cond.absent;
    conditions.push('attribute_not_exists(#absent)');
  }
  return {
    Update: {
      TableName: TABLE,
      Key: keys.order(id),
      UpdateExpression: `SET ${entries.map((_, i) => `#f${i} = :f${i}`).join(', ')}${pending ? '' : ` REMOVE ${keys.lookupAttributes.map((_, i) => `#x${i}`).join(', ')}`}`,
      ConditionExpression: conditions.join(' AND '),
      ExpressionAttributeNames: names,
      ExpressionAttributeValues: values,
    },
  };
}

/** One TransactWriteItems as is: the caller reads a cancellation's reasons (conflict, which condition). */
export async function transact(items: TransactItem[]): Promise<void> {
  await ddb.send(new TransactWriteCommand({ TransactItems: items }));
}

/** A single conditional update of an order (no other item goes with it). */
export async function updateOrder(id: string, set: Partial<Omit<OrderRecord, 'id' | 'userId' | 'createdAt'>>, cond: OrderCondition = {}): Promise<void> {
  const u = updateOrderItem(id, set, cond).Update!;
  await ddb.send(new UpdateCommand(u as ConstructorParameters<typeof UpdateCommand>[0]));
}

/** AP34: orders created in [fromIso, toIso) (ISO instants), oldest first. */
export async function ordersByDate(fromIso: string, toIso: string): Promise<OrderRecord[]> {
  const items = await queryAll({
    TableName: TABLE,
    IndexName: 'byParent',
    KeyConditionExpression: 'GSI1PK = :pk AND GSI1SK BETWEEN :from AND :to',
    ExpressionAttributeValues: { ':pk': keys.ordersIndexPk, ':from': fromIso, ':to': toIso },
  });
  return items.map((i) => withoutKeys<OrderRecord>(i));
}

/**
 * AP66: the orders pending now, oldest first, a page at a time (the caller stops reading when it has
 * enough). Eventually consistent: an order settled a moment ago may still be listed (settlement re-reads it).
 */
export async function* ordersToReconcile(pageSize: number): AsyncGenerator<OrderRecord[]> {
  let start: Record<string, unknown> | undefined;
  do {
    const r = await ddb.send(
      new QueryCommand({
        TableName: TABLE,
        IndexName: 'byLookup',
        KeyConditionExpression: 'GSI3PK = :pk',
        ExpressionAttributeValues: { ':pk': keys.ordersToReconcilePk },
        Limit: pageSize,
        ExclusiveStartKey: start,
      }),
    );
    yield (r.Items ?? []).map((i) => withoutKeys<OrderRecord>(i));
    start = r.LastEvaluatedKey;
  } while (start);
}

/** Whether the one-time backfill of AP66 has run (AP67). */
export async function reconcileIndexReady(): Promise<boolean> {
  const r = await ddb.send(new GetCommand({ TableName: TABLE, Key: keys.reconcileIndexState }));
  return r.Item !== undefined;
}

/**
 * The one-time backfill of AP66: orders created in [fromIso, toIso) (AP34) that are pending and not in
 * the index get their keys, each on condition it is still pending (a settlement meanwhile wins); then
 * AP67 is marked. Returns how many orders it added. Safe to run twice at once.
 */
export async function backfillReconcileIndex(fromIso: string, toIso: string, now = new Date()): Promise<number> {
  const orders = (await ordersByDate(fromIso, toIso)).filter((o) => o.status === 'pending');
  let added = 0;
  for (const o of orders) {
    const k = keys.orderToReconcile(o.id);
    try {
      await ddb.send(
        new UpdateCommand({
          TableName: TABLE,
          Key: keys.order(o.id),
          UpdateExpression: 'SET GSI3PK = :pk, GSI3SK = :sk',
          ConditionExpression: 'attribute_exists(PK) AND #status = :pending AND attribute_not_exists(GSI3PK)',
          ExpressionAttributeNames: { '#status': 'status' },
          ExpressionAttributeValues: { ':pk': k.GSI3PK, ':sk': k.GSI3SK, ':pending': 'pending' },
        }),
      );
      added++;
    } catch (e) {
      if (!isConditionFailed(e)) throw e;
    }
  }
  await ddb.send(new PutCommand({ TableName: TABLE, Item: { ...keys.reconcileIndexState, at: now.toISOString(), added } }));
  return added;
}

/**
 * AP61: the student's orders that may still be pending, by id → holdUntil (ISO), or undefined when
 * the item was never written. Taken from the session gate's AP62 read when it read that along.
 */
export async function pendingOrderHolds(userId: string, along?: ReadAlong): Promise<Map<string, string> | undefined> {
  const key = keys.pendingOrders(userId);
  const pre = readAlongRange(along, keys.user(userId).PK, keys.profileToPurchases);
  const item = pre ? pre.find((i) => i.SK === key.SK) : (await ddb.send(new GetCommand({ TableName: TABLE, Key: key }))).Item;
  if (!item) return undefined;
  return new Map(
    Object.entries(item).flatMap(([k, v]): [string, string][] => (k.startsWith(HOLD_PREFIX) && typeof v === 'string' ? [[k.slice(HOLD_PREFIX.length), v]] : [])),
  );
}
const HOLD_PREFIX = 'o_';

/**
 * AP61: these orders may be pending until then (SET: created, or merged into what is there). Written
 * before the order (or its longer hold), so the list never misses a pending order; with none, it
 * marks the student's orders as listed here from now on.
 */
export async function notePendingOrders(userId: string, holds: { id: string; holdUntil: string }[]): Promise<void> {
  const names: Record<string, string> = { '#since': 'since' };
  const values: Record<string, unknown> = { ':now': new Date().toISOString() };
  const sets = ['#since = if_not_exists(#since, :now)'];
  holds.forEach((h, i) => {
    names[`#o${i}`] = HOLD_PREFIX + h.id;
    values[`:o${i}`] = h.holdUntil;
    sets.push(`#o${i} = :o${i}`);
  });
  await ddb.send(new UpdateCommand({ TableName: TABLE, Key: keys.pendingOrders(userId), UpdateExpression: `SET ${sets.join(', ')}`, ExpressionAttributeNames: names, ExpressionAttributeValues: values }));
}

/**
 * AP61: forgets holds that have run out, each only while it still says what was read (a kiosk
 * reference may have extended it meanwhile: then nothing is removed, and the next list tries again).
 */
export async function forgetPendingOrders(userId: string, holds: { id: string; holdUntil: string }[]): Promise<void> {
  if (!holds.length) return;
  const names: Record<string, string> = {};
  const values: Record<string, unknown> = {};
  holds.forEach((h, i) => {
    names[`#o${i}`] = HOLD_PREFIX + h.id;
    values[`:o${i}`] = h.holdUntil;
  });
  try {
    await ddb.send(
      new UpdateCommand({
        TableName: TABLE,
        Key: keys.pendingOrders(userId),
        UpdateExpression: `REMOVE ${holds.map((_, i) => `#o${i}`).join(', ')}`,
        ConditionExpression: holds.map((_, i) => `#o${i} = :o${i}`).join(' AND '),
        ExpressionAttributeNames: names,
        ExpressionAttributeValues: values,
      }),
    );
  } catch (e) {
    if (!isConditionFailed(e)) throw e;
  }
}

/** AP19 for several orders (eventually consistent: a list, not a settlement); missing ones left out. */
export async function ordersByIds(ids: string[]): Promise<OrderRecord[]> {
  const items = await getItems(ids.map((id) => keys.order(id)));
  return items.flatMap((i) => (i ? [withoutKeys<OrderRecord>(i)] : []));
}

/** AP35: a student's orders, newest first. */
export async function ordersOfStudent(userId: string): Promise<OrderRecord[]> {
  const items = await queryAll({
    TableName: TABLE,
    IndexName: 'byTerm',
    KeyConditionExpression: 'GSI2PK = :pk',
    ExpressionAttributeValues: { ':pk': keys.ordersOfStudentPk(userId) },
    ScanIndexForward: false,
  });
  return items.map((i) => withoutKeys<OrderRecord>(i));
}
