import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { payLectureOf } from '@/features/payments/lib/pay-state';
import { deferredFetch, mockFetch, renderApp, storeSession, studentUser, validToken } from './helpers';
import { intention, payState } from './commerce-fixtures';

type Answer = { status: number; body?: unknown };
type Handler = (url: string, init: RequestInit) => Answer | Promise<Answer> | undefined;

const INTENTION = '/api/user/payment-intention/l2';
const intentionCalls = (fetch: jest.Mock) => fetch.mock.calls.filter(([u]) => u === INTENTION).map(([, init]) => JSON.parse(String((init as RequestInit).body)));
const swalTitle = () => document.querySelector('.swal2-title')?.textContent;
const swalText = () => document.querySelector('.swal2-html-container')?.textContent;

/** The server prices the lecture: 200 LE, a coupon's percent off (the one it knows). */
const priced = (discounts: Record<string, number> = { RAMADAN50: 50, FREE100: 100 }): Handler => (url, init) => {
  if (url !== INTENTION) return undefined;
  const code = JSON.parse(String(init.body)).couponCode as string | undefined;
  if (!code) return { status: 201, body: intention() };
  const discount = discounts[code]!;
  const final = 200 - (200 * discount) / 100;
  return { status: 201, body: intention({ paymentUrl: final ? `https://pay.example/checkout/${code}` : '', granted: final === 0, orderId: `o-${code}` }, { discountedPrice: final, discount, couponCode: code }) };
};

function pay(handler: Handler = priced(), state: unknown = payState()) {
  storeSession(studentUser);
  const fetch = mockFetch((url, init) => {
    const answer = handler(url, init);
    if (answer) return answer;
    if (url.startsWith('/api/Coupan/validate/RAMADAN50')) return { status: 200, body: { code: 'RAMADAN50', discount: 50 } };
    if (url.startsWith('/api/Coupan/validate/FREE100')) return { status: 200, body: { code: 'FREE100', discount: 100 } };
    if (url === '/api/AWS/get-purched') return { status: 200, body: { data: [], pending: [] } };
    return { status: 404, body: { message: `unexpected ${url}` } };
  });
  return { fetch, ...renderApp({ pathname: '/pay', state }) };
}

async function applyCoupon(code: string) {
  await userEvent.type(await screen.findByLabelText('Coupon code'), code);
  await userEvent.click(screen.getByRole('button', { name: 'Apply' }));
}
const payLink = () => screen.queryByRole('link', { name: /^Pay / });

describe('/pay: the lecture from navigation state', () => {
  it('reads the last entry of the trail; without one it says to choose a lecture', async () => {
    expect(payLectureOf(payState())).toEqual({ id: 'l2', price: 200, photoUrl: null, lectureName: 'الانقسام الميوزي', accessDays: 30 });
    expect(payLectureOf({ breadcrumb: [{ name: 'Home', url: '/' }] })).toBeNull();
    expect(payLectureOf(undefined)).toBeNull();
    const { fetch } = pay(undefined, null);
    expect(await screen.findByText('Choose a lecture to buy first.')).toBeInTheDocument();
    expect(fetch.mock.calls.some(([u]) => u === INTENTION)).toBe(false);
  });

  it('shows the breadcrumb, the lecture, its access period and price; a spinner until the link is ready, then the pay link (same tab)', async () => {
    storeSession(studentUser);
    const { fn, release } = deferredFetch();
    renderApp({ pathname: '/pay', state: payState() });
    const crumbs = await screen.findByRole('navigation', { name: 'Breadcrumbs' });
    expect(within(crumbs).getByRole('link', { name: 'Home' })).toHaveAttribute('href', '/');
    expect(within(crumbs).getByText('الصف الأول الثانوي / ثانوي عام')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'الانقسام الميوزي' })).toBeInTheDocument();
    expect(screen.getByTestId('access-period')).toHaveTextContent('Access for 30 days after payment');
    expect(screen.getByTestId('price-final')).toHaveTextContent('200 LE');
    expect(screen.getByText('Preparing the payment link…')).toBeInTheDocument();
    expect(payLink()).toBeNull();
    await waitFor(() => expect(fn).toHaveBeenCalled());
    expect(fn.mock.calls[0]![0]).toBe(INTENTION);
    expect((fn.mock.calls[0]![1] as RequestInit).method).toBe('POST');
    expect(JSON.parse(String((fn.mock.calls[0]![1] as RequestInit).body))).toEqual({});
    await act(async () => release({ status: 201, body: intention() }));
    const link = await screen.findByRole('link', { name: 'Pay 200 LE' });
    expect(link).toHaveAttribute('href', 'https://pay.example/unifiedcheckout/?publicKey=pk&clientSecret=cs1');
    expect(link).not.toHaveAttribute('target');
    expect(screen.queryByText('Preparing the payment link…')).not.toBeInTheDocument();
  });
});

describe('/pay: the coupon box', () => {
  it("an empty code warns 'خطأ' / 'من فضلك ادخل كود الخصم' and checks nothing", async () => {
    const { fetch } = pay();
    await userEvent.click(await screen.findByRole('button', { name: 'Apply' }));
    await waitFor(() => expect(swalTitle()).toBe('خطأ'));
    expect(swalText()).toBe('من فضلك ادخل كود الخصم');
    expect(fetch.mock.calls.some(([u]) => String(u).startsWith('/api/Coupan/validate'))).toBe(false);
  });

  it("applies a coupon for this lecture: 'تم تطبيق الكوبون' with its percent, the code with a cancel button, the price struck through, and a new link", async () => {
    const { fetch } = pay();
    expect(await screen.findByRole('link', { name: 'Pay 200 LE' })).toBeInTheDocument();
    await applyCoupon('RAMADAN50');
    await waitFor(() => expect(swalTitle()).toBe('تم تطبيق الكوبون'));
    expect(swalText()).toBe('Discount: 50%');
    const validate = fetch.mock.calls.find(([u]) => String(u).startsWith('/api/Coupan/validate/'))!;
    expect(validate[0]).toBe('/api/Coupan/validate/RAMADAN50?lectureId=l2');
    expect((validate[1] as RequestInit).method).toBe('POST');

    expect(screen.getByTestId('coupon-applied')).toHaveTextContent('RAMADAN50');
    expect(screen.queryByLabelText('Coupon code')).not.toBeInTheDocument();
    expect(screen.getByTestId('price-original')).toHaveTextContent('200 LE');
    expect(screen.getByTestId('price-final')).toHaveTextContent('100 LE');
    const link = await screen.findByRole('link', { name: 'Pay 100 LE' });
    expect(link).toHaveAttribute('href', 'https://pay.example/checkout/RAMADAN50');
    expect(intentionCalls(fetch)).toEqual([{}, { couponCode: 'RAMADAN50' }]);

    // Cancel: the coupon goes, the price and link are asked for again without it.
    await userEvent.click(screen.getByRole('button', { name: 'Remove coupon RAMADAN50' }));
    expect(screen.queryByTestId('price-original')).not.toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'Pay 200 LE' })).toHaveAttribute('href', 'https://pay.example/unifiedcheckout/?publicKey=pk&clientSecret=cs1');
    expect(intentionCalls(fetch)).toEqual([{}, { couponCode: 'RAMADAN50' }, {}]);
  });

  it('while the link for the new coupon is on its way, the old link is not offered', async () => {
    let hold: ((a: Answer) => void) | undefined;
    pay((url, init) => (url === INTENTION && JSON.parse(String(init.body)).couponCode ? new Promise<Answer>((resolve) => (hold = resolve)) : priced()(url, init)));
    expect(await screen.findByRole('link', { name: 'Pay 200 LE' })).toBeInTheDocument();
    await applyCoupon('RAMADAN50');
    await waitFor(() => expect(hold).toBeDefined());
    expect(payLink()).toBeNull();
    expect(screen.getByText('Preparing the payment link…')).toBeInTheDocument();
    expect(screen.getByTestId('price-final')).toHaveTextContent('100 LE');
    await act(async () => hold!({ status: 201, body: intention({ paymentUrl: 'https://pay.example/checkout/new' }, { discountedPrice: 100, discount: 50 }) }));
    expect(await screen.findByRole('link', { name: 'Pay 100 LE' })).toHaveAttribute('href', 'https://pay.example/checkout/new');
  });

  it("a refused code says 'كود خصم غير صحيح' with the server's reason, else 'الكوبون غير صالح أو منتهي الصلاحية'", async () => {
    let answer: Answer = { status: 410, body: { code: 'coupon.expired', message: 'This coupon has expired' } };
    pay((url, init) => (String(url).startsWith('/api/Coupan/validate/OLD') ? answer : priced()(url, init)));
    await applyCoupon('OLD');
    await waitFor(() => expect(swalTitle()).toBe('كود خصم غير صحيح'));
    expect(swalText()).toBe('This coupon has expired');
    expect(screen.queryByTestId('coupon-applied')).not.toBeInTheDocument();

    answer = { status: 500 };
    await userEvent.click(screen.getByRole('button', { name: 'Apply' }));
    await waitFor(() => expect(swalText()).toBe('الكوبون غير صالح أو منتهي الصلاحية'));
  });

  it('a coupon the server refuses when pricing (its last use went) is dropped and said, and the price without it is asked for', async () => {
    const { fetch } = pay((url, init) =>
      url === INTENTION && JSON.parse(String(init.body)).couponCode ? { status: 409, body: { code: 'coupon.usedUp', message: 'This coupon has been used up' } } : priced()(url, init),
    );
    await applyCoupon('RAMADAN50');
    await waitFor(() => expect(swalText()).toBe('This coupon has been used up'));
    expect(swalTitle()).toBe('كود خصم غير صحيح');
    expect(await screen.findByRole('link', { name: 'Pay 200 LE' })).toBeInTheDocument();
    expect(screen.queryByTestId('coupon-applied')).not.toBeInTheDocument();
    expect(intentionCalls(fetch)).toEqual([{}, { couponCode: 'RAMADAN50' }, {}]);
  });

  it('a 100 % coupon grants the lecture at once: the toast, then /profile/lecPay (no pay link)', async () => {
    const { location, fetch } = pay();
    await applyCoupon('FREE100');
    await waitFor(() => expect(location()).toBe('/profile/lecPay'));
    await waitFor(() => expect(document.body).toHaveTextContent('The course is now among your paid lectures'));
    expect(intentionCalls(fetch).at(-1)).toEqual({ couponCode: 'FREE100' });
    await waitFor(() => expect(fetch.mock.calls.some(([u]) => u === '/api/AWS/get-purched')).toBe(true));
  });

  it("the price says 'free' at 0 and no link is offered", async () => {
    pay((url, init) => (url === INTENTION && JSON.parse(String(init.body)).couponCode ? new Promise<Answer>(() => {}) : priced()(url, init)));
    await applyCoupon('FREE100');
    await waitFor(() => expect(screen.getByTestId('price-final')).toHaveTextContent('free'));
    expect(payLink()).toBeNull();
  });

  it('leaving the page drops the coupon: coming back asks without it', async () => {
    const { fetch, router } = pay();
    await applyCoupon('RAMADAN50');
    await screen.findByRole('link', { name: 'Pay 100 LE' });
    await act(() => router.navigate('/contact'));
    await act(() => router.navigate('/pay', { state: payState() }));
    expect(await screen.findByRole('link', { name: 'Pay 200 LE' })).toBeInTheDocument();
    expect(intentionCalls(fetch).at(-1)).toEqual({});
    expect(screen.queryByTestId('coupon-applied')).not.toBeInTheDocument();
  });

  it('a new session token asks for the link again', async () => {
    const { fetch, store } = pay();
    await screen.findByRole('link', { name: 'Pay 200 LE' });
    expect(intentionCalls(fetch)).toHaveLength(1);
    act(() => {
      store.dispatch({ type: 'auth/loginSuccess', payload: { ...studentUser, token: validToken({ jti: 'second' }) } });
    });
    await waitFor(() => expect(intentionCalls(fetch)).toHaveLength(2));
  });
});

describe('/pay: when no link can be made', () => {
  it('a lecture already owned (409 payment.owned) says so and links to the lecture', async () => {
    pay((url) => (url === INTENTION ? { status: 409, body: { code: 'payment.owned', message: 'You already own this lecture' } } : undefined));
    expect(await screen.findByText('You already own this lecture and your access has not expired.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Open the lecture' })).toHaveAttribute('href', '/lec/l2');
    expect(payLink()).toBeNull();
  });

  it("spec 8: a failed link leaves the spinner, with the reason and a retry", async () => {
    let fail = true;
    const { fetch } = pay((url, init) => (url === INTENTION && fail ? { status: 502, body: { code: 'payment.gateway', message: 'Paymob did not answer' } } : priced()(url, init)));
    expect(await screen.findByText('The payment service did not answer; nothing was charged. Try again')).toBeInTheDocument();
    expect(screen.getByText('Preparing the payment link…')).toBeInTheDocument();
    expect(payLink()).toBeNull();
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('link', { name: 'Pay 200 LE' })).toBeInTheDocument();
    expect(intentionCalls(fetch)).toHaveLength(2);
  });

  it('reads in Arabic, right to left', async () => {
    window.localStorage.setItem('language', 'ar');
    pay();
    expect(await screen.findByRole('heading', { name: 'شراء المحاضرة' })).toBeInTheDocument();
    expect(document.documentElement).toHaveAttribute('dir', 'rtl');
    expect(screen.getByTestId('access-period')).toHaveTextContent('مدة الوصول بعد الدفع: 30 يومًا');
    expect(await screen.findByRole('link', { name: 'ادفع 200 ج.م' })).toBeInTheDocument();
  });
});
