/**
 * Issue 40 beyond the student's wallet: /pay's "Pay from my balance (N LE)" beside Paymob (posts
 * `useWallet: true` with the coupon; a 402 shows the balance and the price), a student's wallet on
 * the teacher's page with credit/debit and a reason, and the sales page's codes by batch label and
 * purchases paid from wallets.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { adminUser, type FakeResponse, mockFetch, renderApp, storeSession, studentUser } from './helpers';
import { intention, payState, purchased, salesReport } from './commerce-fixtures';
import { userRow } from './users-fixtures';

const INTENTION = '/api/user/payment-intention/l2';
const intentionBodies = (fetch: jest.Mock) => fetch.mock.calls.filter(([u]) => u === INTENTION).map(([, init]) => JSON.parse(String((init as RequestInit).body)));

function pay(balance: number, walletAnswer: FakeResponse = { status: 201, body: intention({ paymentUrl: '', granted: true }) }) {
  storeSession(studentUser);
  const fetch = mockFetch(
    (url, init) => {
      if (url === '/api/wallet') return { status: 200, body: { data: { balance, entries: [] } } };
      if (url === '/api/user/messages/unread') return { status: 200, body: { data: { unread: 0 } } };
      if (url === INTENTION) return JSON.parse(String(init.body)).useWallet ? walletAnswer : { status: 201, body: intention() };
      if (url === '/api/AWS/get-purched') return { status: 200, body: { data: [purchased()], pending: [] } };
      return { status: 404, body: { message: `unexpected ${url}` } };
    },
    { topBar: true },
  );
  return { fetch, ...renderApp({ pathname: '/pay', state: payState() }) };
}

afterEach(() => window.localStorage.clear());

describe('/pay: pay from my balance', () => {
  it('offers the balance beside Paymob; chosen, it buys with useWallet: true and opens my lectures', async () => {
    const { fetch, location } = pay(250);
    expect(await screen.findByRole('link', { name: 'Pay 200 LE' })).toBeInTheDocument();
    await userEvent.click(await screen.findByLabelText('Pay from my balance (250 LE)'));
    expect(screen.queryByRole('link', { name: 'Pay 200 LE' })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Buy for 200 LE from my balance' }));
    await waitFor(() => expect(location()).toBe('/profile/lecPay'));
    expect(intentionBodies(fetch)).toEqual([{}, { useWallet: true }]);
  });

  it('a 402 shows the balance and the price the server gives, with a link to top up; nothing bought', async () => {
    const { location } = pay(50, { status: 402, body: { code: 'wallet.insufficient', message: 'Insufficient', balance: 50, price: 200 } });
    await userEvent.click(await screen.findByLabelText('Pay from my balance (50 LE)'));
    await userEvent.click(screen.getByRole('button', { name: 'Buy for 200 LE from my balance' }));
    const failure = await screen.findByTestId('balance-failure');
    expect(within(failure).getByRole('alert')).toHaveTextContent('Your balance (50 LE) does not cover the price (200 LE).');
    expect(within(failure).getByRole('link', { name: 'Top up your wallet' })).toHaveAttribute('href', '/profile/wallet');
    expect(location()).toBe('/pay');
  });

  it('without a balance there is no choice: the Paymob flow as before', async () => {
    pay(0);
    expect(await screen.findByRole('link', { name: 'Pay 200 LE' })).toBeInTheDocument();
    expect(screen.queryByLabelText(/Pay from my balance/)).toBeNull();
  });
});

describe("a student's wallet on the teacher's page", () => {
  const details = {
    user: userRow(),
    lectures: [],
    results: [],
    wallet: { balance: 70, entries: [{ id: 'e1', kind: 'adjustment', amount: 70, balanceAfter: 70, at: '2026-12-01T10:00:00.000Z', ref: 'Prize' }] },
  };
  function open(adjust: FakeResponse = { status: 200, body: { data: { balance: 50 } } }) {
    storeSession(adminUser);
    const fetch = mockFetch((url, init) => {
      if (url === '/api/admin/users/u1') return { status: 200, body: { data: details } };
      if (url === '/api/admin/users/u1/wallet' && init.method === 'POST') return adjust;
      if (url === '/api/admin/users/u1/video-views') return { status: 200, body: { data: [] } };
      if (url === '/api/admin/messages/unread') return { status: 200, body: { data: { unread: 0 } } };
      return { status: 404, body: { message: `unexpected ${url}` } };
    });
    return { fetch, ...renderApp('/dashboard/users/u1') };
  }

  it('shows the balance and entries; a debit needs a reason and posts {amount, reason}', async () => {
    const { fetch } = open();
    expect(await screen.findByTestId('user-wallet-balance')).toHaveTextContent('Balance: 70 LE');
    expect(screen.getAllByTestId('wallet-entry')[0]).toHaveTextContent('By the teacher');
    await userEvent.type(screen.getByLabelText('Amount (LE; negative to debit)'), '-20');
    await userEvent.click(screen.getByRole('button', { name: 'Save to the wallet' }));
    expect(await screen.findByText('Reason is required')).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('Reason'), 'Refund of a cash payment');
    await userEvent.click(screen.getByRole('button', { name: 'Save to the wallet' }));
    await waitFor(() => expect(document.querySelector('.swal2-title')?.textContent).toBe('The wallet now holds 50 LE'));
    const post = fetch.mock.calls.find(([u]) => u === '/api/admin/users/u1/wallet')!;
    expect(JSON.parse(String((post[1] as RequestInit).body))).toEqual({ amount: -20, reason: 'Refund of a cash payment' });
  });

  it('a zero amount is refused on its field', async () => {
    open();
    await userEvent.type(await screen.findByLabelText('Amount (LE; negative to debit)'), '0');
    await userEvent.type(screen.getByLabelText('Reason'), 'x');
    await userEvent.click(screen.getByRole('button', { name: 'Save to the wallet' }));
    expect(await screen.findByText('Amount is not valid')).toBeInTheDocument();
  });
});

describe('the sales page', () => {
  it("shows the lectures by way of payment (Paymob's beside the balance), the top-ups, and code redemptions by batch label (most first)", async () => {
    storeSession(adminUser);
    mockFetch((url) => {
      if (url.startsWith('/api/payments/sales'))
        return {
          status: 200,
          body: {
            data: salesReport({
              byMethod: [
                { method: 'balance', orders: 4, revenue: 480 },
                { method: 'card', orders: 2, revenue: 250 },
              ],
              topUps: { amount: 300, paid: 2, pending: 1 },
              codeRedemptions: [
                { batchId: 'b2', label: 'Centre', count: 3, value: 300 },
                { batchId: 'b1', label: 'Maktabat El-Nour', count: 12, value: 1200 },
              ],
            }),
          },
        };
      if (url === '/api/admin/messages/unread') return { status: 200, body: { data: { unread: 0 } } };
      return { status: 404, body: { message: `unexpected ${url}` } };
    });
    renderApp('/dashboard/sales');
    const methods = await screen.findAllByTestId('method-sales-row');
    expect(methods.map((r) => r.textContent)).toEqual(['Card2250 LE', 'Balance4480 LE']);
    expect(screen.getByTestId('top-ups')).toHaveTextContent('Top-ups by Paymob: 300 LE in 2 payments');
    const rows = screen.getAllByTestId('code-sales-row');
    expect(rows.map((r) => r.textContent)).toEqual(['Maktabat El-Nour121200 LE', 'Centre3300 LE']);
  });
});

describe("Paymob's return after a top-up", () => {
  it('/temp?for=topUp thanks the student and goes on to the wallet, not to my lectures', async () => {
    storeSession(studentUser);
    mockFetch(() => ({ status: 200, body: { data: { balance: 100, entries: [] } } }));
    const { location } = renderApp('/temp?for=topUp');
    expect(await screen.findByRole('link', { name: 'Go to my wallet' })).toHaveAttribute('href', '/profile/wallet');
    await waitFor(() => expect(location()).toBe('/profile/wallet'), { timeout: 6000 });
  });
});
