import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { PAYMENT_REDIRECT_MS } from '@shared/constants';
import { mockFetch, renderApp, storeSession, studentUser } from './helpers';
import { order, purchased } from './commerce-fixtures';

type Answer = { status: number; body?: unknown };
function mine(answer: Answer = { status: 200, body: { data: [purchased()], pending: [] } }) {
  storeSession(studentUser);
  const fetch = mockFetch((url) => (url === '/api/AWS/get-purched' ? answer : { status: 200, body: { data: [] } }));
  return { fetch, ...renderApp('/profile/lecPay') };
}
const swalTitle = () => document.querySelector('.swal2-title')?.textContent;

describe('/profile/lecPay', () => {
  it('lists lecture, price paid, payment and expiry dates; a row opens /lec/{id}', async () => {
    const { location } = mine();
    expect(await screen.findByRole('heading', { name: 'My lectures' })).toBeInTheDocument();
    const row = await screen.findByTestId('purchase-row');
    expect(within(row).getByRole('link', { name: 'الانقسام الميوزي' })).toHaveAttribute('href', '/lec/l2');
    expect(within(row).getByText('100 LE')).toBeInTheDocument();
    expect(within(row).getByText('1 Mar 2026')).toBeInTheDocument();
    expect(within(row).getByText('31 Mar 2026')).toBeInTheDocument();
    expect(within(row).getByText('Active')).toBeInTheDocument();
    await userEvent.click(within(row).getByText('31 Mar 2026'));
    await waitFor(() => expect(location()).toBe('/lec/l2'));
  });

  it("marks a teacher's grant as such, and an expired lecture with 'Buy again' leading to /pay with the lecture", async () => {
    const { router } = mine({
      status: 200,
      body: { data: [purchased({ id: 'g1', lectureName: 'Grant lecture', name: 'Grant lecture', source: 'grant', pricePaid: 0 }), purchased({ expired: true, accessDays: 14 })], pending: [] },
    });
    const [grant, expired] = await screen.findAllByTestId('purchase-row');
    expect(within(grant!).getByText('Granted by the teacher')).toBeInTheDocument();
    expect(within(expired!).getByText('Expired')).toBeInTheDocument();
    await userEvent.click(within(expired!).getByRole('button', { name: 'Buy الانقسام الميوزي again' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/pay'));
    const trail = (router.state.location.state as { breadcrumb: Record<string, unknown>[] }).breadcrumb;
    expect(trail.at(-1)).toMatchObject({ id: 'l2', price: 200, lectureName: 'الانقسام الميوزي', accessDays: 14, url: '/pay' });
  });

  it('shows a pending kiosk order first, its reference prominent with how to pay at Aman/Masary', async () => {
    mine({ status: 200, body: { data: [], pending: [order(), order({ id: 'o10', method: null, kioskReference: null, lectureName: 'Ecology' })] } });
    const cards = await screen.findAllByTestId('pending-order');
    expect(cards).toHaveLength(2);
    expect(within(cards[0]!).getByText('Genetics')).toBeInTheDocument();
    expect(within(cards[0]!).getByTestId('kiosk-reference')).toHaveTextContent('7654321');
    expect(within(cards[0]!).getByText('Go to any Aman or Masary outlet.')).toBeInTheDocument();
    expect(within(cards[0]!).getByText(/give this reference and pay 150 LE/)).toBeInTheDocument();
    expect(within(cards[1]!).getByText('Waiting for the payment service to confirm this payment.')).toBeInTheDocument();
    expect(screen.getByText('You have not bought any lecture yet.')).toBeInTheDocument();
  });

  it("spec 8: the server's error as a warning toast", async () => {
    mine({ status: 500, body: { message: 'Table unavailable' } });
    await waitFor(() => expect(swalTitle()).toBe('Table unavailable'));
    expect(document.querySelector('.swal2-icon-warning')).not.toBeNull();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});

describe('/temp and /fail', () => {
  afterEach(() => jest.useRealTimers());

  it("/temp thanks in Arabic, then goes to /profile/lecPay after 3 s", async () => {
    jest.useFakeTimers();
    storeSession(studentUser);
    mockFetch(() => ({ status: 200, body: { data: [], pending: [] } }));
    const { location } = renderApp('/temp');
    expect(await screen.findByRole('heading', { name: 'تمت العملية بنجاح، شكراً لك' })).toBeInTheDocument();
    act(() => jest.advanceTimersByTime(PAYMENT_REDIRECT_MS - 100));
    expect(location()).toBe('/temp');
    act(() => jest.advanceTimersByTime(200));
    await waitFor(() => expect(location()).toBe('/profile/lecPay'));
  });

  it('/fail says the payment did not go through, then goes to / after 3 s', async () => {
    jest.useFakeTimers();
    storeSession(studentUser);
    mockFetch(() => ({ status: 200, body: { data: [] } }));
    const { location } = renderApp('/fail');
    expect(await screen.findByRole('heading', { name: 'The payment did not go through' })).toBeInTheDocument();
    act(() => jest.advanceTimersByTime(PAYMENT_REDIRECT_MS - 100));
    expect(location()).toBe('/fail');
    act(() => jest.advanceTimersByTime(200));
    await waitFor(() => expect(location()).toBe('/'));
  });
});
