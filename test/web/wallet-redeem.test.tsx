/**
 * Issue 40: /profile/wallet's redeem box. What the student types is read as the server reads it
 * (spaces, dashes, lower case, Arabic-Indic digits, Crockford's I/L/O), the line under the box says
 * how it reads or what is wrong, and each refusal (400 mistyped, 404, 409 used, 410, 429) says why in
 * the student's language. The QR link's ?code= fills the box; the balance and entries show.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { codeHint, readCode } from '@/features/wallet/lib/code-input';
import { type FakeResponse, mockFetch, renderApp, storeSession, studentUser } from './helpers';

const ENTRIES = [
  { id: 'e1', kind: 'code', amount: 100, balanceAfter: 100, at: '2026-12-01T10:00:00.000Z', ref: 'b1' },
  { id: 'e2', kind: 'purchase', amount: -60, balanceAfter: 40, at: '2026-12-02T10:00:00.000Z', ref: 'l2' },
];

function openWallet(path: string, redeem: FakeResponse = { status: 200, body: { data: { balance: 140, credited: 100 } } }, language?: 'ar') {
  if (language) window.localStorage.setItem('language', language);
  storeSession(studentUser);
  const fetch = mockFetch(
    (url, init) => {
      if (url === '/api/wallet') return { status: 200, body: { data: { balance: 40, entries: ENTRIES } } };
      if (url === '/api/user/messages/unread') return { status: 200, body: { data: { unread: 0 } } };
      if (url === '/api/wallet/redeem' && init.method === 'POST') return redeem;
      if (url === '/api/wallet/top-up' && init.method === 'POST') return { status: 201, body: { message: 'ok', paymentUrl: 'about:blank', orderId: 'o9', amount: 100 } };
      return { status: 404, body: { message: `unexpected ${url}` } };
    },
    { topBar: true },
  );
  return { fetch, ...renderApp(path) };
}
const redeemBodies = (fetch: jest.Mock) => fetch.mock.calls.filter(([u]) => u === '/api/wallet/redeem').map(([, init]) => JSON.parse(String((init as RequestInit).body)));

afterEach(() => {
  window.localStorage.clear();
  document.documentElement.lang = 'en';
});

describe('reading a typed code', () => {
  it("forgives spaces, dashes, lower case, Arabic-Indic digits and I/L/O, names what no code holds, and catches a typo by the check symbol", () => {
    expect(readCode(' ab cd-efgh_jkmn 3 ')).toEqual({ grouped: 'ABCD-EFGH-JKMN-3', length: 13, badChars: [], complete: true });
    expect(readCode('٠١٢٣ ٤٥٦٧ ۸۹ab t')).toMatchObject({ grouped: '0123-4567-89AB-T', complete: true });
    expect(readCode('oIlO').grouped).toBe('0110');
    expect(readCode('ABCD-EFGH-JKU!')).toMatchObject({ length: 10, badChars: ['U', '!'], complete: false });
    expect(codeHint(readCode(''))).toEqual({ key: 'wallet.codeEmpty' });
    expect(codeHint(readCode('abcd'))).toEqual({ key: 'wallet.codeShort', n: 4, max: 13 });
    expect(codeHint(readCode('ABCD-EFGH-JKMN-3P'))).toEqual({ key: 'wallet.codeLong', n: 14, max: 13 });
    expect(codeHint(readCode('abcd u'))).toEqual({ key: 'wallet.codeBadChars', chars: 'U' });
    // One symbol mistyped (N → M): the check symbol no longer holds.
    expect(codeHint(readCode('ABCD-EFGH-JKMM-3'))).toEqual({ key: 'wallet.error.mistyped' });
    expect(codeHint(readCode('abcdefghjkmn3'))).toEqual({ key: 'wallet.codeShape', code: 'ABCD-EFGH-JKMN-3' });
  });
});

describe('/profile/wallet', () => {
  it('shows the balance and the entries newest first; the QR link fills the box and the hint reads the code back', async () => {
    openWallet('/profile/wallet?code=7k2m-9qx4-hr3p-r');
    expect(await screen.findByTestId('wallet-balance')).toHaveTextContent('40 LE');
    expect(screen.getByLabelText(/Recharge code/)).toHaveValue('7k2m-9qx4-hr3p-r');
    expect(screen.getByTestId('redeem-hint')).toHaveTextContent('Reads as 7K2M-9QX4-HR3P-R');
    const rows = await screen.findAllByTestId('wallet-entry');
    expect(rows.map((r) => within(r).getAllByRole('cell')[0]!.textContent)).toEqual(['Lecture bought', 'Recharge code']);
    expect(within(rows[0]!).getAllByRole('cell')[1]).toHaveTextContent('−60 LE');
    expect(within(rows[0]!).getAllByRole('cell')[2]).toHaveTextContent('40 LE');
    expect(within(rows[1]!).getAllByRole('cell')[1]).toHaveTextContent('+100 LE');
    expect(document.title).toBe('Bioscope | My wallet');
  });

  it('says as the student types what is wrong, and sends nothing until the code is whole', async () => {
    const { fetch } = openWallet('/profile/wallet');
    const box = await screen.findByLabelText(/Recharge code/);
    expect(screen.getByTestId('redeem-hint')).toHaveTextContent('Type the code on your card');
    await userEvent.type(box, 'abcd ef');
    expect(screen.getByTestId('redeem-hint')).toHaveTextContent('6 of 13 characters');
    await userEvent.click(screen.getByRole('button', { name: 'Redeem' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('6 of 13 characters');
    await userEvent.type(box, 'gh jkmn 3pq');
    expect(screen.getByTestId('redeem-hint')).toHaveTextContent('Too long: a code has 13 characters (15 typed)');
    await userEvent.clear(box);
    await userEvent.type(box, 'abcd efgh jkmm 3');
    expect(screen.getByTestId('redeem-hint')).toHaveTextContent('This code is mistyped: check each character against the card');
    await userEvent.clear(box);
    await userEvent.type(box, 'abcd-efgh-jkmn-#');
    expect(screen.getByTestId('redeem-hint')).toHaveTextContent('A code has no #');
    expect(redeemBodies(fetch)).toEqual([]);
  });

  it('redeems the code as the server reads it and the balance is asked again', async () => {
    const { fetch } = openWallet('/profile/wallet?code=abcd efgh jkmn 3');
    await screen.findByTestId('wallet-balance');
    const walletReads = () => fetch.mock.calls.filter(([u]) => u === '/api/wallet').length;
    const before = walletReads();
    await userEvent.click(screen.getByRole('button', { name: 'Redeem' }));
    await waitFor(() => expect(document.querySelector('.swal2-title')?.textContent).toBe('100 LE added to your balance'));
    expect(redeemBodies(fetch)).toEqual([{ code: 'ABCD-EFGH-JKMN-3' }]);
    expect(screen.getByLabelText(/Recharge code/)).toHaveValue('');
    await waitFor(() => expect(walletReads()).toBeGreaterThan(before));
  });

  it.each([
    [400, 'This code is mistyped: check each character against the card'],
    [404, 'No such code: check the card, or ask where you bought it'],
    [409, 'This code has already been used'],
    [410, 'This code no longer works (its batch was stopped or has expired)'],
    [429, 'Too many wrong codes: try again in a few minutes'],
  ])('a %i says why in English', async (status, text) => {
    openWallet('/profile/wallet?code=ABCD-EFGH-JKMN-3', { status, body: { message: 'server words', code: 'wallet.x' } });
    await userEvent.click(await screen.findByRole('button', { name: 'Redeem' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(text);
  });

  it.each([
    [409, 'تم استخدام هذا الكود من قبل'],
    [404, 'لا يوجد كود بهذا الرقم: راجع الكارت أو اسأل المكان الذي اشتريته منه'],
  ])('a %i says why in Arabic', async (status, text) => {
    openWallet('/profile/wallet?code=ABCD-EFGH-JKMN-3', { status, body: { message: 'Code used', code: 'wallet.codeUsed' } }, 'ar');
    await userEvent.click(await screen.findByRole('button', { name: 'اشحن' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(text);
  });
});

describe('a code that grants a whole term', () => {
  const termRedeemed = { status: 200, body: { data: { balance: 40, credited: 0, termId: 't1', termName: 'الترم الأول' } } };

  it('says which term is now the student’s and links to it (its content page)', async () => {
    const { router } = openWallet('/profile/wallet?code=ABCD-EFGH-JKMN-3', termRedeemed);
    await userEvent.click(await screen.findByRole('button', { name: 'Redeem' }));
    const granted = await screen.findByTestId('redeemed-term');
    expect(granted).toHaveTextContent('The whole term الترم الأول is yours: every lecture of it, those added later too.');
    expect(within(granted).getAllByText('الترم الأول').map((e) => e.tagName)).toEqual(['BDI', 'BDI']);
    await userEvent.click(within(granted).getByRole('link', { name: 'Open الترم الأول' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/content'));
    expect((router.state.location.state as { breadcrumb: { termId?: string; name: string }[] }).breadcrumb.at(-1)).toMatchObject({ termId: 't1', name: 'الترم الأول' });
  });

  it('in Arabic too; and a student who has the term already is told so, not that the code was used', async () => {
    openWallet('/profile/wallet?code=ABCD-EFGH-JKMN-3', termRedeemed, 'ar');
    await userEvent.click(await screen.findByRole('button', { name: 'اشحن' }));
    const granted = await screen.findByTestId('redeemed-term');
    expect(granted).toHaveTextContent('أصبح الترم كامل الترم الأول لك: كل محاضراته، وما يُضاف منها لاحقًا.');
    expect(within(granted).getByRole('link', { name: 'افتح الترم الأول' })).toBeInTheDocument();
  });

  it('a 409 wallet.termOwned says the term is already the student’s', async () => {
    openWallet('/profile/wallet?code=ABCD-EFGH-JKMN-3', { status: 409, body: { message: 'owned', code: 'wallet.termOwned' } });
    await userEvent.click(await screen.findByRole('button', { name: 'Redeem' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('You already have this whole term; keep the code for someone else');
  });
});

describe('the top bar', () => {
  it('links a signed-in student to the wallet with the balance', async () => {
    openWallet('/profile');
    const link = await screen.findByTestId('wallet-link');
    await waitFor(() => expect(link).toHaveTextContent('Wallet: 40 LE'));
    expect(link).toHaveAttribute('href', '/profile/wallet');
  });

  it('asks nothing of the wallet for a visitor', async () => {
    const fetch = mockFetch(() => ({ status: 200, body: { data: [] } }), { topBar: true });
    renderApp('/');
    await screen.findByRole('navigation', { name: 'Main navigation' });
    expect(screen.queryByTestId('wallet-link')).toBeNull();
    expect(fetch.mock.calls.some(([u]) => u === '/api/wallet')).toBe(false);
  });
});

describe('the top-up form', () => {
  it("holds an amount outside 10–5,000 LE on its field, and sends a good one to Paymob's checkout", async () => {
    const { fetch } = openWallet('/profile/wallet');
    const amount = await screen.findByLabelText('Amount (LE)');
    await userEvent.type(amount, '5');
    await userEvent.click(screen.getByRole('button', { name: 'Continue to payment' }));
    expect(await screen.findByText('Amount must be at least 10')).toBeInTheDocument();
    expect(fetch.mock.calls.some(([u]) => u === '/api/wallet/top-up')).toBe(false);
    await userEvent.clear(amount);
    await userEvent.type(amount, '100');
    await userEvent.click(screen.getByRole('button', { name: 'Continue to payment' }));
    // The checkout opens in the same tab (jsdom does not navigate away; the e2e journeys of lectures do).
    await waitFor(() => expect(fetch.mock.calls.some(([u]) => u === '/api/wallet/top-up')).toBe(true));
    const post = fetch.mock.calls.find(([u]) => u === '/api/wallet/top-up')!;
    expect(JSON.parse(String((post[1] as RequestInit).body))).toEqual({ amount: 100 });
  });
});
