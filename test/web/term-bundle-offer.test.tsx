import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { bodyOf, type FakeResponse, mockFetch, renderApp, storeSession, studentUser } from './helpers';

const contentTrail = {
  breadcrumb: [
    { name: 'Home', url: '/' },
    { name: 'الصف الأول الثانوي / ثانوي عام', url: '/', courseId: 'c1', courseFor: 'ثانوي عام' },
    { name: 'الترم الأول', url: '/content', termId: 't1', courseId: 'c1', courseFor: 'ثانوي عام' },
  ],
};
const offer = (over: Record<string, unknown> = {}) => ({ termId: 't1', termName: 'الترم الأول', bundlePrice: 120, lecturesPrice: 160, lectureCount: 2, endsAt: '2027-01-31T21:59:59.999Z', owned: false, ...over });

function contentPage(bundle: unknown, intention?: unknown) {
  storeSession(studentUser);
  const fetch = mockFetch((url) => {
    if (url === '/api/cours/content/t1') return { status: 200, body: { data: [{ id: 's1', content: 'شرح محاضرات', termId: 't1' }] } };
    if (url === '/api/cours/bundle/t1') return { status: 200, body: { data: bundle } };
    if (url === '/api/user/payment-intention/term/t1') return { status: 200, body: intention };
    return { status: 200, body: { data: [], pending: [] } };
  });
  return { fetch, ...renderApp({ pathname: '/content', state: contentTrail }) };
}

describe("a term's whole-term offer on /content", () => {
  afterEach(() => {
    window.localStorage.removeItem('language');
    document.documentElement.lang = 'en';
  });

  it('offers the whole term beside the sum of its lectures; buying asks the server and then links to Paymob’s checkout', async () => {
    const { fetch } = contentPage(offer(), { message: 'Payment link created', paymentUrl: 'https://accept.paymob.com/unifiedcheckout/?clientSecret=s1', orderId: 'o1', granted: false, data: { originalPrice: 120, discountedPrice: 120 } });
    const banner = await screen.findByTestId('bundle-offer');
    expect(within(banner).getByText('The whole term for 120 LE instead of 160 LE')).toBeInTheDocument();
    // The term's name is isolated (<bdi>) in the English sentence.
    expect(within(banner).getByText(/and those added later, until 31 Jan 2027/)).toHaveTextContent('Every lecture of الترم الأول, and those added later, until 31 Jan 2027');
    expect(within(banner).getByText('الترم الأول').tagName).toBe('BDI');
    await userEvent.click(within(banner).getByRole('button', { name: 'Buy the whole term' }));
    const pay = await within(banner).findByRole('link', { name: 'Pay 120 LE by card, wallet or kiosk' });
    expect(pay).toHaveAttribute('href', 'https://accept.paymob.com/unifiedcheckout/?clientSecret=s1');
    const call = fetch.mock.calls.findIndex(([url]) => url === '/api/user/payment-intention/term/t1');
    expect(call).toBeGreaterThanOrEqual(0);
    expect((fetch.mock.calls[call]![1] as RequestInit).method).toBe('POST');
    expect(bodyOf(fetch, call)).toEqual({});
  });

  it('reads naturally in Arabic', async () => {
    window.localStorage.setItem('language', 'ar');
    document.documentElement.lang = 'ar';
    contentPage(offer());
    const banner = await screen.findByTestId('bundle-offer');
    expect(within(banner).getByText('الترم كامل بـ 120 ج.م بدلًا من 160 ج.م')).toBeInTheDocument();
    expect(within(banner).getByRole('button', { name: 'اشترِ الترم كامل' })).toBeInTheDocument();
  });

  it('is not shown when the term sells no bundle now', async () => {
    const { fetch } = contentPage(null);
    await waitFor(() => expect(fetch.mock.calls.some(([url]) => url === '/api/cours/bundle/t1')).toBe(true));
    expect(await screen.findByRole('button', { name: 'شرح محاضرات' })).toBeInTheDocument();
    expect(screen.queryByTestId('bundle-offer')).toBeNull();
  });

  it('is not shown to a student who already has the bundle', async () => {
    const { fetch } = contentPage(offer({ owned: true }));
    await waitFor(() => expect(fetch.mock.calls.some(([url]) => url === '/api/cours/bundle/t1')).toBe(true));
    expect(await screen.findByRole('button', { name: 'شرح محاضرات' })).toBeInTheDocument();
    expect(screen.queryByTestId('bundle-offer')).toBeNull();
  });

  it('a grant (nothing left to pay) says so and goes to My lectures', async () => {
    const { location } = contentPage(offer(), { message: 'granted', paymentUrl: '', orderId: 'o2', granted: true, data: { originalPrice: 120, discountedPrice: 0 } });
    const banner = await screen.findByTestId('bundle-offer');
    await userEvent.click(within(banner).getByRole('button', { name: 'Buy the whole term' }));
    await waitFor(() => expect(location()).toBe('/profile/lecPay'));
  });
});

describe("the whole term paid from the student's balance (issue 40)", () => {
  const TERM_INTENTION = '/api/user/payment-intention/term/t1';
  const termBodies = (fetch: jest.Mock) => fetch.mock.calls.filter(([u]) => u === TERM_INTENTION).map(([, init]) => JSON.parse(String((init as RequestInit).body)));
  const link = (price: number) => ({ message: 'Payment link created', paymentUrl: `https://accept.paymob.com/unifiedcheckout/?clientSecret=s${price}`, orderId: 'o1', granted: false, data: { originalPrice: 120, discountedPrice: price } });

  function withBalance(balance: number, walletAnswer: FakeResponse) {
    storeSession(studentUser);
    const fetch = mockFetch(
      (url, init) => {
        if (url === '/api/wallet') return { status: 200, body: { data: { balance, entries: [] } } };
        if (url === '/api/user/messages/unread') return { status: 200, body: { data: { unread: 0 } } };
        if (url === '/api/cours/content/t1') return { status: 200, body: { data: [{ id: 's1', content: 'شرح محاضرات', termId: 't1' }] } };
        if (url === '/api/cours/bundle/t1') return { status: 200, body: { data: offer() } };
        if (url.startsWith('/api/Coupan/validate/TERM10')) return { status: 200, body: { code: 'TERM10', discount: 10 } };
        if (url === TERM_INTENTION) {
          const body = JSON.parse(String(init.body)) as { couponCode?: string; useWallet?: boolean };
          return body.useWallet ? walletAnswer : { status: 201, body: link(body.couponCode ? 108 : 120) };
        }
        return { status: 200, body: { data: [], pending: [] } };
      },
      { topBar: true },
    );
    return { fetch, ...renderApp({ pathname: '/content', state: contentTrail }) };
  }

  it('offers the balance beside Paymob; the coupon applies first, then the term is bought with useWallet: true and My lectures opens', async () => {
    const { fetch, location } = withBalance(150, { status: 201, body: { message: 'granted', paymentUrl: '', orderId: 'o2', granted: true, data: { originalPrice: 120, discountedPrice: 108 } } });
    const banner = await screen.findByTestId('bundle-offer');
    await userEvent.click(within(banner).getByRole('button', { name: 'Buy the whole term' }));
    expect(await within(banner).findByRole('link', { name: 'Pay 120 LE by card, wallet or kiosk' })).toBeInTheDocument();
    await userEvent.type(within(banner).getByLabelText('Coupon code'), 'TERM10');
    await userEvent.click(within(banner).getByRole('button', { name: 'Apply' }));
    expect(await within(banner).findByRole('link', { name: 'Pay 108 LE by card, wallet or kiosk' })).toBeInTheDocument();
    expect(within(banner).getByTestId('price-final')).toHaveTextContent('108 LE');
    await userEvent.click(within(banner).getByLabelText('Pay from my balance (150 LE)'));
    expect(within(banner).queryByRole('link', { name: /by card, wallet or kiosk/ })).toBeNull();
    await userEvent.click(within(banner).getByRole('button', { name: 'Buy for 108 LE from my balance' }));
    await waitFor(() => expect(location()).toBe('/profile/lecPay'));
    expect(termBodies(fetch)).toEqual([{}, { couponCode: 'TERM10' }, { couponCode: 'TERM10', useWallet: true }]);
  });

  it('a balance short of the price says so in Arabic, with the balance, the price and a link to top up; nothing bought', async () => {
    window.localStorage.setItem('language', 'ar');
    document.documentElement.lang = 'ar';
    const { location } = withBalance(50, { status: 402, body: { code: 'wallet.insufficient', message: 'Insufficient', balance: 50, price: 120 } });
    const banner = await screen.findByTestId('bundle-offer');
    await userEvent.click(within(banner).getByRole('button', { name: 'اشترِ الترم كامل' }));
    await userEvent.click(await within(banner).findByLabelText('ادفع من رصيدي (50 ج.م)'));
    await userEvent.click(within(banner).getByRole('button', { name: 'اشترِ بـ 120 ج.م من رصيدي' }));
    const failure = await within(banner).findByTestId('balance-failure');
    expect(within(failure).getByRole('alert')).toHaveTextContent('رصيدك (50 ج.م) لا يكفي لسعر الترم كامل (120 ج.م).');
    expect(within(failure).getByRole('link', { name: 'اشحن محفظتك' })).toHaveAttribute('href', '/profile/wallet');
    expect(location()).toBe('/content');
  });
});
