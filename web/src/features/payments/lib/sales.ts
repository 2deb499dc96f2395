import { addDays, cairoDay } from '@shared/calendar';
import { SALES_RANGE_MAX_DAYS } from '@shared/constants';
import { csvText } from '@/lib/csv';
import type { SalesOrder, SalesReport } from '../api/get-sales';

const DAY_MS = 86_400_000;
const pad = (n: number) => String(n).padStart(2, '0');
/** A date as YYYY-MM-DD in the browser's calendar (the teacher's: Cairo). */
export const isoDay = (d: Date) => `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
const parseDay = (day: string) => {
  const [y, m, d] = day.split('-').map(Number);
  return new Date(y!, m! - 1, d!, 12);
};

/** The last `days` Cairo days, today included (the page opens on the last 30): the days the server counts in. */
export function lastDays(days: number, now = new Date()): { from: string; to: string } {
  const to = cairoDay(now);
  return { from: addDays(to, -(days - 1)), to };
}

/** The range the server accepts: both days given, forwards, a year at most (shared salesQuery). */
export function rangeProblem({ from, to }: { from: string; to: string }): 'required' | 'sales.range' | undefined {
  if (!from || !to) return 'required';
  if (from > to || Math.round((parseDay(to).getTime() - parseDay(from).getTime()) / DAY_MS) > SALES_RANGE_MAX_DAYS) return 'sales.range';
  return undefined;
}

/** Every day of the range, those without sales at 0, so the chart's days are evenly spaced. */
export function everyDay(report: Pick<SalesReport, 'from' | 'to' | 'byDay'>): SalesReport['byDay'] {
  const known = new Map(report.byDay.map((d) => [d.day, d]));
  const days: SalesReport['byDay'] = [];
  const end = parseDay(report.to);
  for (let d = parseDay(report.from); d <= end && days.length <= SALES_RANGE_MAX_DAYS; d = new Date(d.getFullYear(), d.getMonth(), d.getDate() + 1, 12)) {
    const day = isoDay(d);
    days.push(known.get(day) ?? { day, revenue: 0, orders: 0 });
  }
  // Days the server knows outside the range (none expected) are kept rather than lost.
  for (const d of report.byDay) if (!days.some((x) => x.day === d.day)) days.push(d);
  return days.sort((a, b) => a.day.localeCompare(b.day));
}

export interface SalesCsvWords {
  headers: readonly string[];
  status: (s: SalesOrder['status']) => string;
  method: (m: SalesOrder['method']) => string;
}

/** The orders as CSV: date, student, e-mail, phone, lecture, method, status, price, coupon, discount, amount, paid at. */
export function salesCsv(orders: SalesOrder[], words: SalesCsvWords): string {
  return csvText([
    words.headers,
    ...orders.map((o) => [
      o.createdAt,
      o.studentName,
      o.studentEmail,
      o.studentPhone,
      o.lectureName,
      words.method(o.method),
      words.status(o.status),
      o.originalPrice,
      o.couponCode ?? '',
      o.discount ?? '',
      o.amount,
      o.paidAt ?? '',
    ]),
  ]);
}

export const salesCsvName = (from: string, to: string) => `sales-${from}-to-${to}.csv`;
