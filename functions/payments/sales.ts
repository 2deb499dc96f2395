/**
 * The teacher's sales page: orders over a range of Cairo calendar days (AP34), revenue by day and
 * by lecture (a term bundle as a row of its own) and by method, coupon use, and the orders with their
 * students. Only paid orders are revenue; a grant is no order at all. Orders superseded before any
 * payment (cancelled) are left out. A top-up of a student's balance is money in but nothing sold:
 * counted apart (`topUps`); the lectures and bundles later bought from the balance are revenue by
 * method 'balance'. So is a payment that went to the balance instead of what it bought (refundReason:
 * a term's bundle paid after the term ended).
 */
import { addDays, cairoDay } from '../../shared/calendar';
import { type PaymentMethod, SALES_RANGE_MAX_DAYS } from '../../shared/constants';
import { normalizeCouponCode } from '../../shared/schemas/commerce';
import type { salesReport } from '../../shared/schemas/commerce';
import type { z } from 'zod';
import { type OrderRecord, ordersByDate, saleOf } from '../data/order-repo';
import { fullName, type PersonRef, peopleByIds } from '../data/user-repo';
import { BadRequest } from '../lib/errors';
import { codeRedemptionsOver } from './code-redemptions';
import { toOrder } from './views';

export type SalesReport = z.infer<typeof salesReport>;

const DAY_MS = 24 * 60 * 60 * 1000;
const money = (n: number) => Math.round(n * 100) / 100;

/** The range asked for, or the last 30 days up to today in Cairo. */
export function salesRange(q: { from?: string; to?: string }, now: Date): { from: string; to: string } {
  const to = q.to ?? (q.from ? addDays(q.from, 29) : cairoDay(now));
  const from = q.from ?? addDays(to, -29);
  if (from > to) throw new BadRequest('The range must start on or before its end', 'badRequest');
  if ((Date.parse(to) - Date.parse(from)) / DAY_MS > SALES_RANGE_MAX_DAYS) throw new BadRequest(`The range can be at most ${SALES_RANGE_MAX_DAYS} days`, 'badRequest');
  return { from, to };
}

/** The report over orders already chosen (pure; the students looked up by the caller). */
export function salesOf(range: { from: string; to: string }, all: OrderRecord[], students: Map<string, PersonRef>): Omit<SalesReport, 'codeRedemptions'> {
  const orders = all.filter((o) => o.status !== 'cancelled').sort((a, b) => b.createdAt.localeCompare(a.createdAt));
  // Lectures and bundles are sold; a top-up, or a payment refunded to the balance, is money kept there until it buys one.
  const onBalance = (o: OrderRecord) => o.kind === 'topUp' || o.refundReason !== undefined;
  const [topUps, sales] = [orders.filter(onBalance), orders.filter((o) => !onBalance(o))];
  const paid = sales.filter((o) => o.status === 'paid');
  const methods = new Map<PaymentMethod, { revenue: number; orders: number }>();
  const days = new Map<string, { revenue: number; orders: number }>();
  for (let d = range.from; d <= range.to; d = addDays(d, 1)) days.set(d, { revenue: 0, orders: 0 });
  // A term bundle's orders are a row of their own, beside the lectures' (keyed by keys' termSale name).
  const lectures = new Map<string, { lectureId: string; termId?: string; lectureName: string; revenue: number; orders: number }>();
  const coupons = new Map<string, { code: string; uses: number; discountGiven: number }>();
  for (const o of paid) {
    const day = days.get(cairoDay(new Date(o.createdAt)));
    if (day) {
      day.revenue += o.amount;
      day.orders++;
    }
    const sold = saleOf(o);
    const l = lectures.get(sold) ?? { lectureId: o.lectureId, ...(o.termId ? { termId: o.termId } : {}), lectureName: o.lectureName, revenue: 0, orders: 0 };
    l.revenue += o.amount;
    l.orders++;
    lectures.set(sold, l);
    if (o.method) {
      const m = methods.get(o.method) ?? { revenue: 0, orders: 0 };
      m.revenue += o.amount;
      m.orders++;
      methods.set(o.method, m);
    }
    if (o.couponCode) {
      const key = normalizeCouponCode(o.couponCode);
      const c = coupons.get(key) ?? { code: o.couponCode, uses: 0, discountGiven: 0 };
      c.uses++;
      c.discountGiven += o.originalPrice - o.amount;
      coupons.set(key, c);
    }
  }
  const count = (s: OrderRecord['status']) => sales.filter((o) => o.status === s).length;
  const paidTopUps = topUps.filter((o) => o.status === 'paid');
  return {
    ...range,
    totals: {
      revenue: money(paid.reduce((n, o) => n + o.amount, 0)),
      paid: paid.length,
      pending: count('pending'),
      failed: count('failed'),
      discountGiven: money(paid.reduce((n, o) => n + (o.originalPrice - o.amount), 0)),
    },
    byDay: [...days].map(([day, v]) => ({ day, revenue: money(v.revenue), orders: v.orders })),
    byLecture: [...lectures]
      .map(([, v]) => ({ ...v, revenue: money(v.revenue) }))
      .sort((a, b) => b.revenue - a.revenue || a.lectureName.localeCompare(b.lectureName)),
    coupons: [...coupons.values()].map((c) => ({ ...c, discountGiven: money(c.discountGiven) })).sort((a, b) => b.uses - a.uses || a.code.localeCompare(b.code)),
    byMethod: [...methods].map(([method, v]) => ({ method, revenue: money(v.revenue), orders: v.orders })).sort((a, b) => b.revenue - a.revenue || a.method.localeCompare(b.method)),
    topUps: { amount: money(paidTopUps.reduce((n, o) => n + o.amount, 0)), paid: paidTopUps.length, pending: topUps.filter((o) => o.status === 'pending').length },
    orders: orders.map((o) => {
      const s = students.get(o.userId);
      return {
        ...toOrder(o),
        studentName: s ? fullName(s) : '',
        studentDeleted: s?.deleted ?? false,
        studentEmail: s?.email ?? '',
        studentPhone: s?.mobileNumber ?? '',
      };
    }),
  };
}

/** GET /api/payments/sales?from&to */
export async function getSales(q: { from?: string; to?: string }, now = new Date()): Promise<SalesReport> {
  const range = salesRange(q, now);
  // Cairo is UTC+2 or +3: a day either side of the range in UTC covers it; the filter keeps Cairo's days.
  const candidates = await ordersByDate(addDays(range.from, -1), `${addDays(range.to, 1)}~`);
  const orders = candidates.filter((o) => {
    const d = cairoDay(new Date(o.createdAt));
    return d >= range.from && d <= range.to;
  });
  const [students, codeRedemptions] = await Promise.all([peopleByIds(orders.map((o) => o.userId)), codeRedemptionsOver(range)]);
  return { ...salesOf(range, orders, students), codeRedemptions };
}
