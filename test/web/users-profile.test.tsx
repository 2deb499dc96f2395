import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { updateProfileBody } from '@shared/schemas/people';
import { bodyOf, mockFetch, renderApp, storeSession, studentUser } from './helpers';

type Answer = { status: number; body?: unknown };
const me = { firstName: 'Mona', lastName: 'Hassan', email: 'mona@example.com', mobileNumber: '+201012345678', schooleYear: 'Second year' };

function open(path: string, handler: (url: string, init: RequestInit) => Answer | undefined = () => undefined, language?: 'ar') {
  storeSession(studentUser);
  if (language) window.localStorage.setItem('language', language);
  const fetch = mockFetch((url, init) => handler(url, init) ?? (url === '/api/user/profile' ? { status: 200, body: { data: me } } : { status: 404, body: { message: `unexpected ${url}` } }));
  return { fetch, ...renderApp(path) };
}
const updates = (fetch: jest.Mock) => fetch.mock.calls.map(([u, init], i) => [u, (init as RequestInit).method, i] as const).filter(([u, m]) => u === '/api/user/update' && m === 'PATCH');
const swalTitle = () => document.querySelector('.swal2-title')?.textContent;
const swalText = () => document.querySelector('.swal2-html-container')?.textContent;
const VALID = 'NewPass123';

describe('updateProfileBody (shared): the password fields as a group', () => {
  const parse = (over: Record<string, unknown>) => updateProfileBody.safeParse({ firstName: 'Mona', lastName: 'Hassan', Password: '', newPassword: '', confirmNPassword: '', ...over });
  const paths = (over: Record<string, unknown>) => (parse(over).error?.issues ?? []).map((i) => i.path.join('.')).sort();
  it('names are required; all three password fields empty changes the names only', () => {
    expect(parse({}).success).toBe(true);
    expect(paths({ firstName: ' ' })).toEqual(['firstName']);
    expect(paths({ lastName: '' })).toEqual(['lastName']);
  });
  it('any one password field filled asks for all three; the new one under the sign-up rules; the confirmation must match', () => {
    expect(paths({ Password: 'Old12345' })).toEqual(['confirmNPassword', 'newPassword']);
    expect(paths({ newPassword: VALID })).toEqual(['Password', 'confirmNPassword']);
    expect(paths({ Password: 'Old12345', newPassword: 'short', confirmNPassword: 'short' })).toEqual(['newPassword']);
    expect(paths({ Password: 'Old12345', newPassword: VALID, confirmNPassword: 'NewPass124' })).toEqual(['confirmNPassword']);
    expect(parse({ Password: 'Old12345', newPassword: VALID, confirmNPassword: VALID }).success).toBe(true);
  });
});

describe('/profile and /profile/main', () => {
  it.each(['/profile', '/profile/main'])('%s shows name, e-mail, phone and school year with links to edit and my lectures', async (path) => {
    open(path);
    expect(await screen.findByRole('heading', { name: 'My account' })).toBeInTheDocument();
    expect(await screen.findByTestId('profile-name')).toHaveTextContent('Mona Hassan');
    expect(screen.getByTestId('profile-email')).toHaveTextContent('mona@example.com');
    expect(screen.getByTestId('profile-phone')).toHaveTextContent('01012345678');
    expect(screen.getByText('Second year')).toBeInTheDocument();
    const page = within(document.querySelector<HTMLElement>('.profile-page')!);
    expect(page.getByRole('link', { name: 'Edit profile' })).toHaveAttribute('href', '/profile/edit');
    expect(page.getByRole('link', { name: 'My lectures' })).toHaveAttribute('href', '/profile/lecPay');
  });

  it('in Arabic, with a retry when the profile does not load (the server\'s English words give way to the Arabic text)', async () => {
    let ok = false;
    open('/profile', (url) => (url === '/api/user/profile' && !ok ? { status: 500, body: { message: 'boom' } } : undefined), 'ar');
    expect(await screen.findByRole('heading', { name: 'حسابي' })).toBeInTheDocument();
    expect(await screen.findByText('تعذر تحميل بيانات حسابك')).toBeInTheDocument();
    ok = true;
    await userEvent.click(screen.getByRole('button', { name: 'حاول مرة أخرى' }));
    expect(await screen.findByTestId('profile-name')).toHaveTextContent('Mona Hassan');
    expect(screen.getByRole('link', { name: 'تعديل الحساب' })).toBeInTheDocument();
  });
});

describe('/profile/edit', () => {
  it('starts with the names filled in and says the password fields may stay empty', async () => {
    open('/profile/edit');
    expect(await screen.findByRole('heading', { name: 'Edit profile' })).toBeInTheDocument();
    await waitFor(() => expect(screen.getByLabelText('First name')).toHaveValue('Mona'));
    expect(screen.getByLabelText('Last name')).toHaveValue('Hassan');
    expect(screen.getByText(/To change only your name, leave these three fields empty/)).toBeInTheDocument();
    expect(screen.getByLabelText('Current password')).toHaveValue('');
  });

  it("changes the names only, with no password fields sent filled; 'تم التحديث بنجاح'", async () => {
    const { fetch } = open('/profile/edit', (url, init) =>
      url === '/api/user/update' ? { status: 200, body: { message: 'Updated', data: { ...me, ...JSON.parse(String(init.body)), Password: undefined }, passwordChanged: false } } : undefined,
    );
    const first = await screen.findByLabelText('First name');
    await waitFor(() => expect(first).toHaveValue('Mona'));
    await userEvent.clear(first);
    await userEvent.type(first, 'منى');
    await userEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(updates(fetch)).toHaveLength(1));
    const body = bodyOf(fetch, updates(fetch)[0]![2]);
    expect(body).toMatchObject({ firstName: 'منى', lastName: 'Hassan' });
    expect(body.Password ?? undefined).toBeUndefined();
    expect(body.newPassword ?? undefined).toBeUndefined();
    await waitFor(() => expect(swalTitle()).toBe('تم التحديث بنجاح'));
    expect(swalText() ?? '').toBe('');
    // The session's user follows (the admin menu's greeting reads it; a reload keeps it).
    expect(JSON.parse(window.localStorage.getItem('user')!)).toMatchObject({ firstName: 'منى', lastName: 'Hassan', token: expect.any(String) });
  });

  it('a name left empty, or one password field alone, stops the submit with the messages on their fields', async () => {
    const { fetch } = open('/profile/edit');
    const first = await screen.findByLabelText('First name');
    await waitFor(() => expect(first).toHaveValue('Mona'));
    await userEvent.clear(first);
    await userEvent.type(screen.getByLabelText('Current password'), 'Old12345');
    await userEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('First name is required')).toBeInTheDocument();
    expect(screen.getByText('New password is required')).toBeInTheDocument();
    expect(screen.getByText('Confirm new password is required')).toBeInTheDocument();
    expect(updates(fetch)).toHaveLength(0);
  });

  it('shows the live rule list for the new password, ticking each rule as it holds; a mismatched confirmation is said', async () => {
    open('/profile/edit');
    await waitFor(() => expect(screen.getByLabelText('First name')).toHaveValue('Mona'));
    expect(screen.queryByRole('list', { name: 'Password rules' })).toBeNull();
    await userEvent.type(screen.getByLabelText('New password'), 'abc');
    const rules = screen.getByRole('list', { name: 'Password rules' });
    const ok = () => [...rules.querySelectorAll('li')].map((li) => li.dataset.ok);
    expect(ok()).toEqual(['false', 'false', 'false']);
    await userEvent.type(screen.getByLabelText('New password'), 'De12345');
    expect(ok()).toEqual(['true', 'true', 'true']);
    await userEvent.type(screen.getByLabelText('Confirm new password'), 'abcDe12346');
    expect(await screen.findByText('Confirm new password must match the password')).toBeInTheDocument();
  });

  it('a wrong current password (400 profile.wrongPassword) shows on its field, with the failure toast', async () => {
    open('/profile/edit', (url) => (url === '/api/user/update' ? { status: 400, body: { code: 'profile.wrongPassword', message: 'The current password is not right' } } : undefined));
    await waitFor(() => expect(screen.getByLabelText('First name')).toHaveValue('Mona'));
    await userEvent.type(screen.getByLabelText('Current password'), 'Wrong1234');
    await userEvent.type(screen.getByLabelText('New password'), VALID);
    await userEvent.type(screen.getByLabelText('Confirm new password'), VALID);
    await userEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    const current = screen.getByLabelText('Current password');
    await waitFor(() => expect(current).toHaveAttribute('aria-invalid', 'true'));
    expect(screen.getAllByText('The current password is not right').length).toBeGreaterThan(0);
    await waitFor(() => expect(swalTitle()).toBe('لم يتم تحديث البيانات'));
    expect(swalText()).toBe('The current password is not right');
  });

  it("a failure without a known code says 'لم يتم تحديث البيانات'", async () => {
    open('/profile/edit', (url) => (url === '/api/user/update' ? { status: 500 } : undefined));
    await waitFor(() => expect(screen.getByLabelText('First name')).toHaveValue('Mona'));
    await userEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(swalTitle()).toBe('لم يتم تحديث البيانات'));
  });

  it('after a password change it says the other devices are signed out and empties the password fields', async () => {
    const { fetch } = open('/profile/edit', (url) => (url === '/api/user/update' ? { status: 200, body: { message: 'Updated', data: me, passwordChanged: true } } : undefined));
    await waitFor(() => expect(screen.getByLabelText('First name')).toHaveValue('Mona'));
    await userEvent.type(screen.getByLabelText('Current password'), 'Old12345');
    await userEvent.type(screen.getByLabelText('New password'), VALID);
    await userEvent.type(screen.getByLabelText('Confirm new password'), VALID);
    await userEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(swalTitle()).toBe('تم التحديث بنجاح'));
    expect(swalText()).toMatch(/other devices are signed out/);
    expect(bodyOf(fetch, updates(fetch)[0]![2])).toEqual({ firstName: 'Mona', lastName: 'Hassan', Password: 'Old12345', newPassword: VALID, confirmNPassword: VALID });
    await waitFor(() => expect(screen.getByLabelText('Current password')).toHaveValue(''));
    expect(screen.getByLabelText('New password')).toHaveValue('');
  });

  it('in Arabic: the labels, the hint and the other-devices message', async () => {
    open('/profile/edit', (url) => (url === '/api/user/update' ? { status: 200, body: { message: 'Updated', data: me, passwordChanged: true } } : undefined), 'ar');
    expect(await screen.findByRole('heading', { name: 'تعديل الحساب' })).toBeInTheDocument();
    await waitFor(() => expect(screen.getByLabelText('الاسم الأول')).toHaveValue('Mona'));
    expect(screen.getByText(/لتغيير الاسم فقط اترك هذه الحقول الثلاثة فارغة/)).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('كلمة المرور الحالية'), 'Old12345');
    await userEvent.type(screen.getByLabelText('كلمة المرور الجديدة'), VALID);
    await userEvent.type(screen.getByLabelText('تأكيد كلمة المرور الجديدة'), VALID);
    await userEvent.click(screen.getByRole('button', { name: 'حفظ التغييرات' }));
    await waitFor(() => expect(swalText()).toMatch(/تم تسجيل خروجك من أجهزتك الأخرى/));
  });
});
