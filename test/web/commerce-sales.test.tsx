import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { everyDay, lastDays, rangeProblem, salesCsv } from '@/features/payments/lib/sales';
import { adminUser, mockFetch, renderApp, storeSession } from './helpers';
import { salesReport } from './commerce-fixtures';

type Answer = { status: number; body?: unknown };
function sales(answer: (url: string) => Answer = () => ({ status: 200, body: { data: salesReport() } })) {
  storeSession(adminUser);
  const fetch = mockFetch((url) => (url.startsWith('/api/payments/sales') ? answer(url) : { status: 200, body: { data: [] } }));
  return { fetch, ...renderApp('/dashboard/sales') };
}
const salesCalls = (fetch: jest.Mock) => fetch.mock.calls.map(([u]) => String(u)).filter((u) => u.startsWith('/api/payments/sales'));

describe('sales helpers', () => {
  it('the range: the last 30 days by default, forwards and a year at most', () => {
    expect(lastDays(30, new Date(2026, 2, 30, 15))).toEqual({ from: '2026-03-01', to: '2026-03-30' });
    // Cairo's days, as the server counts: at 22:30 UTC Cairo is already on the next day, whatever the browser's zone.
    expect(lastDays(30, new Date('2026-11-24T22:30:00Z'))).toEqual({ from: '2026-10-27', to: '2026-11-25' });
    expect(lastDays(7, new Date('2026-03-01T10:00:00Z'))).toEqual({ from: '2026-02-23', to: '2026-03-01' });
    expect(rangeProblem({ from: '2026-03-01', to: '2026-03-30' })).toBeUndefined();
    expect(rangeProblem({ from: '2026-03-30', to: '2026-03-01' })).toBe('sales.range');
    expect(rangeProblem({ from: '2025-01-01', to: '2026-03-01' })).toBe('sales.range');
    expect(rangeProblem({ from: '', to: '2026-03-01' })).toBe('required');
  });

  it('fills the days without sales with 0, in order', () => {
    expect(everyDay(salesReport()).map((d) => [d.day, d.revenue])).toEqual([
      ['2026-03-01', 0],
      ['2026-03-02', 100],
      ['2026-03-03', 0],
      ['2026-03-04', 150],
      ['2026-03-05', 0],
    ]);
  });

  it('writes the orders as CSV: BOM, CRLF, quoted commas and quotes, defused formulas', () => {
    const report = salesReport();
    const csv = salesCsv(report.orders as never, { headers: ['Date', 'Student', 'E-mail', 'Phone', 'Lecture', 'Method', 'Status', 'Price', 'Coupon', 'Discount', 'Amount', 'Paid at'], status: (s) => s.toUpperCase(), method: (m) => m ?? '-' });
    expect(csv.startsWith('\uFEFFDate,Student,')).toBe(true);
    const lines = csv.slice(1).split('\r\n');
    expect(lines).toHaveLength(5);
    expect(lines[1]).toBe('2026-03-02T09:00:00.000Z,منى حسن,mona@example.com,\'+201012345678,الانقسام الميوزي,card,PAID,200,RAMADAN50,50,100,2026-03-02T09:01:00.000Z');
    expect(lines[2]).toContain('"Omar, ""the best"""');
    expect(lines[4]).toBe('');
  });
});

describe('/dashboard/sales', () => {
  it('asks for the last 30 days and shows the totals in LE, revenue by day and lecture, coupon use and the orders', async () => {
    const { fetch } = sales();
    expect(await screen.findByRole('heading', { name: 'Sales' })).toBeInTheDocument();
    const { from, to } = lastDays(30);
    await waitFor(() => expect(salesCalls(fetch)).toEqual([`/api/payments/sales?from=${from}&to=${to}`]));
    expect(screen.getByLabelText('From')).toHaveValue(from);
    expect(screen.getByLabelText('To')).toHaveValue(to);
    const totals = await screen.findAllByTestId('sales-total');
    expect(totals.map((c) => c.textContent)).toEqual(['Revenue250 LE', 'Paid orders2', 'Pending orders1', 'Failed orders1', 'Discount given100 LE']);
    const bars = screen.getAllByTestId('revenue-bar');
    expect(bars).toHaveLength(5);
    expect(bars[3]).toHaveAttribute('aria-label', '4 Mar: 150 LE, orders: 1');
    expect((bars[3]!.firstChild as HTMLElement).style.blockSize).toBe('100%');
    expect((bars[1]!.firstChild as HTMLElement).style.blockSize).toBe(`${(100 / 150) * 100}%`);
    expect(screen.getAllByTestId('lecture-sales-row')[1]).toHaveTextContent('Genetics1150 LE');
    expect(screen.getByTestId('coupon-use-row')).toHaveTextContent('RAMADAN501100 LE');
    const orders = screen.getAllByTestId('order-row');
    expect(orders).toHaveLength(3);
    expect(within(orders[0]!).getByText('Card')).toBeInTheDocument();
    expect(within(orders[0]!).getByText('Paid')).toBeInTheDocument();
    expect(within(orders[0]!).getByText('منى حسن')).toBeInTheDocument();
    expect(within(orders[0]!).getByText('100 LE')).toBeInTheDocument();
    expect(within(orders[1]!).getByText('Aman/Masary')).toBeInTheDocument();
    expect(within(orders[2]!).getByText('Failed')).toBeInTheDocument();
    // A student deleted since is still named, and tagged.
    expect(within(orders[2]!).getByText('Sara')).toBeInTheDocument();
    expect(within(orders[2]!).getByText('Deleted account')).toBeInTheDocument();
    expect(within(orders[0]!).queryByText('Deleted account')).toBeNull();
  });

  it('a preset or another day asks again; a backwards range asks nothing and says why', async () => {
    const { fetch } = sales();
    await screen.findAllByTestId('sales-total');
    await userEvent.click(screen.getByRole('button', { name: 'Last 7 days' }));
    const week = lastDays(7);
    await waitFor(() => expect(salesCalls(fetch).at(-1)).toBe(`/api/payments/sales?from=${week.from}&to=${week.to}`));
    expect(screen.getByRole('button', { name: 'Last 7 days' })).toHaveAttribute('aria-pressed', 'true');
    const calls = salesCalls(fetch).length;
    const from = screen.getByLabelText('From');
    await userEvent.clear(from);
    await userEvent.type(from, '2099-01-01');
    expect(await screen.findByText('The range must run forwards and span a year at most')).toBeInTheDocument();
    expect(salesCalls(fetch)).toHaveLength(calls);
  });

  it('downloads the orders as a CSV file named by the range', async () => {
    const blobs: Blob[] = [];
    const created = jest.fn((b: Blob) => {
      blobs.push(b);
      return 'blob:sales';
    });
    Object.assign(URL, { createObjectURL: created, revokeObjectURL: jest.fn() });
    const clicks: string[] = [];
    const click = jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicks.push(this.download);
    });
    sales();
    await userEvent.click(await screen.findByRole('button', { name: 'Download CSV' }));
    expect(clicks).toEqual(['sales-2026-03-01-to-2026-03-05.csv']);
    // jsdom's Blob has no text(); FileReader reads it.
    const text = await new Promise<string>((resolve) => {
      const reader = new FileReader();
      reader.onload = () => resolve(String(reader.result));
      reader.readAsText(blobs[0]!);
    });
    expect(blobs[0]!.type).toBe('text/csv;charset=utf-8');
    expect(text).toContain('Date,Student,E-mail,Phone,Lecture,Method,Status,Price (LE),Coupon,Discount (%),Amount,Paid at');
    expect(text).toContain('Aman/Masary,Paid,150');
    click.mockRestore();
  });

  it("an error shows the server's message with a retry; an empty range says so", async () => {
    let fail = true;
    sales(() => (fail ? { status: 500, body: { message: 'Table unavailable' } } : { status: 200, body: { data: salesReport({ orders: [], byLecture: [], coupons: [], byDay: [], totals: { revenue: 0, paid: 0, pending: 0, failed: 0, discountGiven: 0 } }) } }));
    expect(await screen.findByText('Table unavailable')).toBeInTheDocument();
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('No orders from 1 Mar 2026 to 5 Mar 2026.')).toBeInTheDocument();
    expect(screen.getByText('No revenue in this range.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Download CSV' })).not.toBeInTheDocument();
  });

  it("is in the admin menu as 'Sales' / 'المبيعات', marked current", async () => {
    window.localStorage.setItem('language', 'ar');
    sales();
    const link = await screen.findByRole('link', { name: 'المبيعات' });
    expect(link).toHaveAttribute('href', '/dashboard/sales');
    expect(link).toHaveAttribute('aria-current', 'page');
  });
});
