import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { adminUser, expiredToken, mockFetch, renderApp, storeSession, studentUser } from './helpers';

describe('route guards', () => {
  it.each(['/profile', '/profile/lecPay', '/contact', '/term', '/lec/abc', '/dashboard'])('sends a visitor without a token from %s to /auth', async (path) => {
    const { location } = renderApp(path);
    await waitFor(() => expect(location()).toBe('/auth'));
    expect(await screen.findByRole('heading', { name: 'Log in' })).toBeInTheDocument();
  });

  it('treats an undecodable token as no session', async () => {
    storeSession(studentUser, 'not-a-jwt');
    const { location } = renderApp('/profile');
    await waitFor(() => expect(location()).toBe('/auth'));
    expect(window.localStorage.getItem('user')).toBeNull();
  });

  it("asks 'Your session has expired. Please log in again.' for an expired token, then logs out locally and goes to /auth", async () => {
    const user = userEvent.setup();
    storeSession(studentUser, expiredToken());
    const { location, store } = renderApp('/profile');

    expect(await screen.findByText('Your session has expired. Please log in again.')).toBeInTheDocument();
    expect(location()).toBe('/profile');
    await user.click(screen.getByRole('button', { name: 'OK' }));

    await waitFor(() => expect(location()).toBe('/auth'));
    expect(store.getState().auth.user).toBeNull();
    expect(window.localStorage.getItem('user')).toBeNull();
  });

  it('lets a student with a valid token in', async () => {
    storeSession(studentUser);
    mockFetch(() => ({ status: 200, body: { data: { firstName: 'Mona', lastName: 'Hassan', email: 'mona@example.com' } } }));
    renderApp('/profile');
    expect(await screen.findByRole('heading', { name: 'My account' })).toBeInTheDocument();
    expect(await screen.findByText('Mona Hassan')).toBeInTheDocument();
  });

  it("shows a screen in the user's language", async () => {
    window.localStorage.setItem('language', 'ar');
    storeSession(studentUser);
    mockFetch(() => ({ status: 200, body: { data: { firstName: 'Mona', lastName: 'Hassan', email: 'mona@example.com' } } }));
    renderApp('/profile/edit');
    expect(await screen.findByRole('heading', { name: 'تعديل الحساب' })).toBeInTheDocument();
    expect(await screen.findByLabelText('الاسم الأول')).toBeInTheDocument();
  });

  it('sends a USER away from /dashboard to /', async () => {
    storeSession(studentUser);
    const { location } = renderApp('/dashboard/users');
    await waitFor(() => expect(location()).toBe('/'));
  });

  it('lets an ADMIN into /dashboard with the side menu and the greeting by first name and full name', async () => {
    storeSession(adminUser);
    renderApp('/dashboard');
    expect(await screen.findByText('Hello, Ahmed')).toBeInTheDocument();
    expect(screen.getByTestId('admin-full-name')).toHaveTextContent('Ahmed Samir');
    const menu = screen.getByRole('navigation', { name: 'Dashboard menu' });
    expect([...menu.querySelectorAll('a')].map((a) => [a.textContent, a.getAttribute('href')])).toEqual([
      ['Home', '/'],
      ['Courses', '/dashboard'],
      ['Users', '/dashboard/users'],
      ['Messages', '/dashboard/messages'],
      ['Quizzes', '/dashboard/quizzes'],
      ['Coupons', '/dashboard/Cuppons'],
      ['Codes', '/dashboard/codes'],
      ['Sales', '/dashboard/sales'],
      ['Security', '/dashboard/security'],
      ['Settings', '/dashboard/settings'],
    ]);
  });

  it("marks the current section (a course's terms belong to Courses) and names it on the phone's menu button", async () => {
    const user = userEvent.setup();
    storeSession(adminUser);
    mockFetch(() => ({ status: 200, body: { data: [] } }));
    const { router } = renderApp('/dashboard/users/u42');
    const menu = await screen.findByRole('navigation', { name: 'Dashboard menu' });
    const current = () => [...menu.querySelectorAll('a[aria-current="page"]')].map((a) => a.textContent);
    expect(current()).toEqual(['Users']);
    const button = screen.getByRole('button', { name: 'Dashboard menu: Users' });
    expect(button).toHaveAttribute('aria-expanded', 'false');
    await user.click(button);
    expect(button).toHaveAttribute('aria-expanded', 'true');
    expect(document.getElementById(button.getAttribute('aria-controls')!)).toHaveClass('is-open');
    // Following a link closes the menu again.
    await user.click(screen.getByRole('link', { name: 'Coupons' }));
    await waitFor(() => expect(current()).toEqual(['Coupons']));
    expect(screen.getByRole('button', { name: 'Dashboard menu: Coupons' })).toHaveAttribute('aria-expanded', 'false');
    await act(() => router.navigate('/dashboard/terms', { state: {} }));
    await waitFor(() => expect(current()).toEqual(['Courses']));
  });

  it("shows the student's page for /dashboard/users/{id} (a real page, not the spec's 'UserDetails' placeholder)", async () => {
    storeSession(adminUser);
    const user = { id: 'u42', firstName: 'Mona', lastName: 'Hassan', email: 'mona@example.com', role: 'USER', block: false, createdAt: '2026-11-01T10:00:00.000Z', lastSignInAt: null };
    mockFetch(() => ({ status: 200, body: { data: { user, lectures: [], results: [] } } }));
    renderApp('/dashboard/users/u42');
    expect(await screen.findByRole('heading', { name: 'Mona Hassan' })).toBeInTheDocument();
  });

  it('sends any other admin path to /', async () => {
    storeSession(adminUser);
    const { location } = renderApp('/dashboard/nowhere');
    await waitFor(() => expect(location()).toBe('/'));
  });

  it('sends an unknown path to /', async () => {
    const { location } = renderApp('/no/such/page');
    await waitFor(() => expect(location()).toBe('/'));
  });

  it('runs the session-expired flow when the server answers 401 to an authenticated call', async () => {
    const user = userEvent.setup();
    storeSession(studentUser);
    mockFetch(() => ({ status: 401, body: { message: 'Session ended' } }));
    const { location, store } = renderApp('/profile');
    await screen.findByRole('heading', { name: 'My account' });
    // The logout button is the one authenticated call this screens make.
    const { apiCall } = await import('@/lib/api-client');
    await expect(apiCall('GET /api/user/profile')).rejects.toMatchObject({ status: 401, handled: true });
    expect(await screen.findByText('Your session has expired. Please log in again.')).toBeInTheDocument();
    expect(screen.getByText('Session ended')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(location()).toBe('/auth'));
    expect(store.getState().auth.token).toBeNull();
  });

  it('tells a blocked user so in their language, then logs out', async () => {
    storeSession(studentUser);
    mockFetch(() => ({ status: 403, body: { message: 'Your account is blocked', user: { block: true } } }));
    const { location } = renderApp('/contact');
    await screen.findByRole('heading', { name: 'Leave Us Message' });
    const { apiCall } = await import('@/lib/api-client');
    await expect(apiCall('POST /api/user/contect_us', { body: { subject: 's', message: 'm' } })).rejects.toMatchObject({ status: 403, handled: true });
    expect(await screen.findByText('Your account has been blocked. Please contact the staff.')).toBeInTheDocument();
    const { default: Swal } = await import('sweetalert2');
    Swal.close();
    await waitFor(() => expect(location()).toBe('/auth'));
    expect(window.localStorage.getItem('user')).toBeNull();
  });
});
