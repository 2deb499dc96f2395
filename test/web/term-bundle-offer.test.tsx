import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { bodyOf, mockFetch, renderApp, storeSession, studentUser } from './helpers';

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
