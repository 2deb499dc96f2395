/**
 * Orders (AP19 by id, AP34 by date, AP35 of a student, AP36 the student's open order of a lecture).
 * An order is one attempt to buy a lecture through Paymob (or with a 100 % coupon). Its status moves
 * only by conditional writes in the same transaction as what goes with it (the coupon's use, the
 * purchase), so a callback delivered twenty times at once settles it once.
 */
import { GetCommand, TransactWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { OrderStatus, PaymentMethod } from '../../shared/constants';
import { ddb, TABLE } from './client';
import { type TransactItem, queryAll, withoutKeys } from './items';
import { keys } from './keys';

export interface OrderRecord {
  id: string;
  userId: string;
  lectureId: string;
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
  paidAt: string | null;
}

const orderItem = (o: OrderRecord) => ({ ...keys.order(o.id), ...keys.ordersIndex(o.createdAt, o.id), ...keys.orderOfStudent(o.userId, o.createdAt, o.id), ...o });

/** AP19, read strongly consistent: settlement decides on it. */
export async function orderById(id: string): Promise<OrderRecord | undefined> {
  const r = await ddb.send(new GetCommand({ TableName: TABLE, Key: keys.order(id), ConsistentRead: true }));
  return r.Item ? withoutKeys<OrderRecord>(r.Item) : undefined;
}

/** AP36 then AP19: the student's latest order of the lecture, if any. */
export async function openOrderOf(userId: string, lectureId: string): Promise<OrderRecord | undefined> {
  const r = await ddb.send(new GetCommand({ TableName: TABLE, Key: keys.openOrder(userId, lectureId), ConsistentRead: true }));
  const id = r.Item?.orderId as string | undefined;
  return id ? orderById(id) : undefined;
}

/**
 * A new order and the student's open-order pointer to it. The pointer's condition fails when
 * another request replaced the open order meanwhile (`previous` is what the caller read), so two
 * payment-link requests at once do not both open an order.
 */
export function newOrderItems(o: OrderRecord, previous: string | null): TransactItem[] {
  return [
    { Put: { TableName: TABLE, Item: orderItem(o), ConditionExpression: 'attribute_not_exists(PK)' } },
    {
      Put: {
        TableName: TABLE,
        Item: { ...keys.openOrder(o.userId, o.lectureId), orderId: o.id },
        ...(previous === null
          ? { ConditionExpression: 'attribute_not_exists(PK)' }
          : { ConditionExpression: 'orderId = :prev', ExpressionAttributeValues: { ':prev': previous } }),
      },
    },
  ];
}
/** Index of the open-order pointer in newOrderItems (to read a cancelled transaction's reasons). */
export const POINTER_ITEM = 1;

export interface OrderCondition {
  /** The status must be one of these… */
  statusIn?: OrderStatus[];
  /** …or must not be this one. */
  statusNot?: OrderStatus;
  /** The order must still hold (or not hold) its coupon use, as the caller read it. */
  couponHeld?: boolean;
}

/** An Update of the order's fields under a condition on its status (and hold), for a transaction. */
export function updateOrderItem(id: string, set: Partial<Omit<OrderRecord, 'id' | 'userId' | 'createdAt'>>, cond: OrderCondition = {}): TransactItem {
  const entries = Object.entries(set).filter(([, v]) => v !== undefined);
  const names: Record<string, string> = {};
  const values: Record<string, unknown> = {};
  entries.forEach(([k, v], i) => {
    names[`#f${i}`] = k;
    values[`:f${i}`] = v;
  });
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
  return {
    Update: {
      TableName: TABLE,
      Key: keys.order(id),
      UpdateExpression: `SET ${entries.map((_, i) => `#f${i} = :f${i}`).join(', ')}`,
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
