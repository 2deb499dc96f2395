import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { couponBody, couponFormSchema, endOfDay, todayIso } from '@/features/coupons/lib/coupon-form';
import { adminUser, bodyOf, mockFetch, renderApp, storeSession } from './helpers';
import { course } from './catalogue-fixtures';
import { coupon } from './commerce-fixtures';

type Handler = (url: string, init: RequestInit) => { status: number; body?: unknown } | undefined;
const courses = [course(), course({ id: 'c2', name: 'الصف الثاني الثانوي' })];

function coupons(handler: Handler = () => undefined, list: unknown[] = [coupon()], language?: 'ar') {
  storeSession(adminUser);
  if (language) window.localStorage.setItem('language', language);
  const fetch = mockFetch(
    (url, init) =>
      handler(url, init) ??
      (url === '/api/Coupan/all' ? { status: 200, body: { data: list } } : url === '/api/cours/all' ? { status: 200, body: { data: courses } } : { status: 404, body: { message: `unexpected ${url}` } }),
  );
  return { fetch, ...renderApp('/dashboard/Cuppons') };
}
const callsTo = (fetch: jest.Mock, url: string, method = 'GET') => fetch.mock.calls.filter(([u, init]) => u === url && ((init as RequestInit).method ?? 'GET') === method);
const swalTitle = () => document.querySelector('.swal2-title')?.textContent;
const swalText = () => document.querySelector('.swal2-html-container')?.textContent;
const swalButton = (kind: 'confirm' | 'cancel') => document.querySelector<HTMLButtonElement>(`.swal2-${kind}`)!;

describe('coupon form rules (spec 5, shared couponForm)', () => {
  const parse = (over: Record<string, unknown>) => couponFormSchema.safeParse({ code: 'A1', discount: '10', expiresOn: '', maxUses: '', oncePerStudent: false, courseIds: [], ...over });
  it('code and discount are required; the discount is a whole percent from 1 to 100', () => {
    expect(parse({}).success).toBe(true);
    for (const bad of [{ code: '' }, { discount: '' }, { discount: '0' }, { discount: '101' }, { discount: '12.5' }, { code: 'has space' }, { maxUses: '0' }])
      expect(parse(bad).success).toBe(false);
    expect(parse({ discount: '100', maxUses: '' }).success).toBe(true);
  });
  it('an expiry day must not have passed; the body carries only the limits set, the expiry at the end of that day', () => {
    expect(parse({ expiresOn: '2000-01-01' }).success).toBe(false);
    const today = todayIso();
    const out = parse({ code: 'Eid', discount: '25', expiresOn: today, maxUses: '10', oncePerStudent: true, courseIds: ['c2'] });
    expect(out.success).toBe(true);
    expect(couponBody(out.data!)).toEqual({ code: 'Eid', discount: 25, expiresAt: endOfDay(today), maxUses: 10, oncePerStudent: true, courseIds: ['c2'] });
    expect(new Date(endOfDay(today)).getHours()).toBe(23);
    expect(couponBody(parse({}).data!)).toEqual({ code: 'A1', discount: 10 });
  });
});

describe('/dashboard/Cuppons', () => {
  it('lists the coupons with their limits and use; a past expiry and a used-up limit are marked', async () => {
    coupons(undefined, [
      coupon(),
      coupon({ id: 'cp2', code: 'EID25', discount: 25, expiresAt: '2020-04-01T21:59:59.999Z', maxUses: 10, uses: 10, held: 2, oncePerStudent: true, courseIds: ['c2'] }),
    ]);
    expect(await screen.findByRole('heading', { name: 'Coupons' })).toBeInTheDocument();
    const rows = await screen.findAllByTestId('coupon-row');
    expect(rows).toHaveLength(2);
    expect(within(rows[0]!).getByText('RAMADAN50')).toBeInTheDocument();
    expect(within(rows[0]!).getByText('50%')).toBeInTheDocument();
    expect(within(rows[0]!).getByText('Never')).toBeInTheDocument();
    expect(within(rows[0]!).getByText('no limit')).toBeInTheDocument();
    expect(within(rows[0]!).getByText('All courses')).toBeInTheDocument();
    expect(within(rows[1]!).getByText('10 / 10')).toBeInTheDocument();
    expect(within(rows[1]!).getByText('Used up')).toBeInTheDocument();
    expect(within(rows[1]!).getByText('Expired')).toBeInTheDocument();
    expect(within(rows[1]!).getByText('Once per student')).toBeInTheDocument();
    expect(await within(rows[1]!).findByText('الصف الثاني الثانوي')).toBeInTheDocument();
    expect(within(rows[1]!).getByText('2')).toBeInTheDocument();
  });

  it("says 'no coupons' when there are none", async () => {
    coupons(undefined, []);
    expect(await screen.findByText('no coupons')).toBeInTheDocument();
  });

  it('an empty code or discount stops the submit with the message on its field; a discount over 100 too', async () => {
    const { fetch } = coupons();
    await userEvent.click(await screen.findByRole('button', { name: 'Add coupon' }));
    expect(screen.getByText('Code is required')).toBeInTheDocument();
    expect(screen.getByText('Discount is required')).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('Coupon code'), 'BIG');
    await userEvent.type(screen.getByLabelText('Discount (%)'), '150');
    await userEvent.click(screen.getByRole('button', { name: 'Add coupon' }));
    expect(screen.getByText('Discount must be at most 100')).toBeInTheDocument();
    expect(callsTo(fetch, '/api/Coupan/create', 'POST')).toHaveLength(0);
  });

  it('creates a coupon with its limits, appends it to the table and empties the form', async () => {
    const created = coupon({ id: 'cp3', code: 'Eid', discount: 25, maxUses: 5, oncePerStudent: true, courseIds: ['c2'] });
    const { fetch } = coupons((url, init) => (url === '/api/Coupan/create' && init.method === 'POST' ? { status: 201, body: { message: 'Created', data: created } } : undefined));
    await screen.findAllByTestId('coupon-row');
    await userEvent.type(screen.getByLabelText('Coupon code'), 'Eid');
    await userEvent.type(screen.getByLabelText('Discount (%)'), '25');
    await userEvent.click(screen.getByText('Limits (optional)'));
    await userEvent.type(screen.getByLabelText(/^Total uses/), '5');
    await userEvent.click(screen.getByRole('checkbox', { name: 'Once per student' }));
    await userEvent.click(await screen.findByRole('checkbox', { name: 'الصف الثاني الثانوي' }));
    await userEvent.click(screen.getByRole('button', { name: 'Add coupon' }));
    await waitFor(() => expect(callsTo(fetch, '/api/Coupan/create', 'POST')).toHaveLength(1));
    const call = fetch.mock.calls.findIndex(([u]) => u === '/api/Coupan/create');
    expect(bodyOf(fetch, call)).toEqual({ code: 'Eid', discount: 25, maxUses: 5, oncePerStudent: true, courseIds: ['c2'] });
    expect(await screen.findByText('Coupon Eid added')).toBeInTheDocument();
    await waitFor(() => expect(screen.getAllByTestId('coupon-row')).toHaveLength(2));
    expect(screen.getByLabelText('Coupon code')).toHaveValue('');
    // Appended from the answer, not refetched.
    expect(callsTo(fetch, '/api/Coupan/all')).toHaveLength(1);
  });

  it('a duplicate code (409 coupon.duplicate) is said on the code field; a 400 expiry on the expiry field', async () => {
    let answer = { status: 409, body: { code: 'coupon.duplicate', message: 'A coupon with this code already exists' } } as { status: number; body: unknown };
    coupons((url) => (url === '/api/Coupan/create' ? answer : undefined));
    await screen.findAllByTestId('coupon-row');
    await userEvent.type(screen.getByLabelText('Coupon code'), 'ramadan50');
    await userEvent.type(screen.getByLabelText('Discount (%)'), '10');
    await userEvent.click(screen.getByRole('button', { name: 'Add coupon' }));
    const code = screen.getByLabelText('Coupon code');
    await waitFor(() => expect(code).toHaveAttribute('aria-invalid', 'true'));
    expect(screen.getByText('A coupon with this code already exists')).toBeInTheDocument();

    answer = { status: 400, body: { code: 'validation', message: 'Some fields are not valid', errors: [{ path: 'expiresAt', field: 'expiresAt', code: 'coupon.expiry', params: {}, message: 'expiresAt must be in the future' }] } };
    await userEvent.clear(code);
    await userEvent.type(code, 'NEW1');
    await userEvent.click(screen.getByRole('button', { name: 'Add coupon' }));
    expect(await screen.findByText('Expiry date must be in the future')).toBeInTheDocument();
  });

  it("delete asks in Arabic, then says 'تم الحذف!' and the row goes; a failure says 'خطأ!' / 'حدث خطأ أثناء حذف الكوبون'", async () => {
    let ok = false;
    const { fetch } = coupons(
      (url, init) => (url === '/api/Coupan/cp1' && init.method === 'DELETE' ? (ok ? { status: 200, body: { id: 'cp1', message: 'Deleted' } } : { status: 500, body: { message: 'boom' } }) : undefined),
      [coupon()],
      'ar',
    );
    expect(await screen.findByRole('heading', { name: 'الكوبونات' })).toBeInTheDocument();
    await userEvent.click(await screen.findByRole('button', { name: 'حذف الكوبون RAMADAN50' }));
    await waitFor(() => expect(swalTitle()).toBe('هل أنت متأكد من حذف الكوبون؟'));
    expect(swalButton('confirm')).toHaveTextContent('نعم، احذفه');
    expect(swalButton('cancel')).toHaveTextContent('إلغاء');
    await userEvent.click(swalButton('confirm'));
    await waitFor(() => expect(swalTitle()).toBe('خطأ!'));
    expect(swalText()).toBe('حدث خطأ أثناء حذف الكوبون');
    expect(screen.getAllByTestId('coupon-row')).toHaveLength(1);

    ok = true;
    await userEvent.click(screen.getByRole('button', { name: 'حذف الكوبون RAMADAN50' }));
    await waitFor(() => expect(swalTitle()).toBe('هل أنت متأكد من حذف الكوبون؟'));
    await userEvent.click(swalButton('confirm'));
    await waitFor(() => expect(swalTitle()).toBe('تم الحذف!'));
    expect(await screen.findByText('لا توجد كوبونات')).toBeInTheDocument();
    expect(callsTo(fetch, '/api/Coupan/cp1', 'DELETE')).toHaveLength(2);
  });

  it('cancelling the confirm deletes nothing', async () => {
    const { fetch } = coupons();
    await userEvent.click(await screen.findByRole('button', { name: 'Delete coupon RAMADAN50' }));
    await waitFor(() => expect(swalTitle()).toBe('Delete this coupon?'));
    expect(swalText()).toContain('RAMADAN50');
    await userEvent.click(swalButton('cancel'));
    await waitFor(() => expect(document.querySelector('.swal2-popup')).toBeNull());
    expect(callsTo(fetch, '/api/Coupan/cp1', 'DELETE')).toHaveLength(0);
  });
});
