/**
 * The sales report as other tests see it: the platform is shared by every integration file running at
 * once, so its totals move under a test. A report is one snapshot, though: its figures must be exactly
 * what its own order list adds up to, and a test's own orders must be in that list.
 */
type Order = { id: string; kind: string; status: string; method?: string | null; amount: number; refundReason?: string };
export type SalesSnapshot = {
  totals: { revenue: number; paid: number; pending: number };
  byMethod: { method: string; orders: number; revenue: number }[];
  topUps: { amount: number; paid: number; pending: number };
  orders: Order[];
};

const cents = (n: number) => Math.round(n * 100) / 100;

/** What the report's figures must be, added up from its own orders. */
export function addedUp(report: SalesSnapshot) {
  // A top-up, and a payment that came too late for what it bought (refundReason: credited to the balance instead), is money on a balance.
  const onBalance = (o: Order) => o.kind === 'topUp' || o.refundReason !== undefined;
  const sold = report.orders.filter((o) => !onBalance(o));
  const paid = sold.filter((o) => o.status === 'paid');
  const topUps = report.orders.filter(onBalance);
  const byMethod = new Map<string, { orders: number; revenue: number }>();
  for (const o of paid) {
    if (!o.method) continue;
    const m = byMethod.get(o.method) ?? { orders: 0, revenue: 0 };
    m.orders++;
    m.revenue = cents(m.revenue + o.amount);
    byMethod.set(o.method, m);
  }
  return {
    totals: { revenue: cents(paid.reduce((n, o) => n + o.amount, 0)), paid: paid.length, pending: sold.filter((o) => o.status === 'pending').length },
    byMethod: [...byMethod].map(([method, v]) => ({ method, ...v })).sort((a, b) => a.method.localeCompare(b.method)),
    topUps: {
      amount: cents(topUps.filter((o) => o.status === 'paid').reduce((n, o) => n + o.amount, 0)),
      paid: topUps.filter((o) => o.status === 'paid').length,
      pending: topUps.filter((o) => o.status === 'pending').length,
    },
  };
}

/** The report's figures as addedUp gives them (byMethod in the same order), to compare with toEqual. */
export function figures(report: SalesSnapshot) {
  return {
    totals: { revenue: report.totals.revenue, paid: report.totals.paid, pending: report.totals.pending },
    byMethod: [...report.byMethod].sort((a, b) => a.method.localeCompare(b.method)).map(({ method, orders, revenue }) => ({ method, orders, revenue })),
    topUps: report.topUps,
  };
}
