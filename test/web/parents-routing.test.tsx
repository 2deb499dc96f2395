/**
 * Issue 43: a parent's way through the app — after log-in to /parent; /parent is for parents only
 * (a student or the teacher goes home), and a parent opening a student's screen goes to /parent;
 * the top navigation shows a parent only what a parent uses.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { adminUser, mockFetch, renderApp, storeSession, studentUser, validToken } from './helpers';
import { parentUser, storeParentSession } from './parents-fixtures';

const parentHome = (url: string) => {
  if (url === '/api/parent/children') return { status: 200, body: { data: [] } };
  if (url === '/api/parent/settings') return { status: 200, body: { data: { reportEmail: true, reportWhatsApp: true } } };
  return { status: 404, body: { message: `unexpected ${url}` } };
};

describe('parents: routing', () => {
  it('sends a PARENT to /parent after log-in', async () => {
    const user = userEvent.setup();
    mockFetch((url) => (url === '/api/auth/login' ? { status: 200, body: { message: 'ok', data: { ...parentUser, token: validToken({ sub: 'p1' }) } } } : parentHome(url)));
    const { location } = renderApp('/auth');
    await user.type(await screen.findByPlaceholderText('Enter your Email or phone Number'), 'hoda@example.com');
    await user.type(screen.getByPlaceholderText('Password'), 'Secret123');
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    await waitFor(() => expect(location()).toBe('/parent'));
    expect(await screen.findByRole('heading', { name: 'My children' })).toBeInTheDocument();
  });

  it.each(['/profile', '/profile/lecPay', '/contact', '/lec/abc', '/profile/wallet'])('sends a parent from the student screen %s to /parent', async (path) => {
    storeParentSession();
    mockFetch(parentHome);
    const { location } = renderApp(path);
    await waitFor(() => expect(location()).toBe('/parent'));
  });

  it("sends a signed-in parent from the home page (a student's catalogue) to /parent", async () => {
    storeParentSession();
    mockFetch(parentHome);
    const { location } = renderApp('/');
    await waitFor(() => expect(location()).toBe('/parent'));
    expect(await screen.findByRole('heading', { name: 'My children' })).toBeInTheDocument();
  });

  it('sends a parent from /dashboard to /parent', async () => {
    storeParentSession();
    mockFetch(parentHome);
    const { location } = renderApp('/dashboard/users');
    await waitFor(() => expect(location()).toBe('/parent'));
  });

  it.each([
    ['student', studentUser],
    ['teacher', adminUser],
  ])('sends a %s away from /parent to /', async (_who, who) => {
    storeSession(who);
    mockFetch(() => ({ status: 200, body: { data: [] } }));
    const { location } = renderApp('/parent');
    await waitFor(() => expect(location()).toBe('/'));
  });

  it('sends a visitor from /parent to /auth', async () => {
    const { location } = renderApp('/parent');
    await waitFor(() => expect(location()).toBe('/auth'));
  });

  it("shows a parent's top navigation with home (/parent) and log-out only, and asks none of the student's top-bar calls", async () => {
    storeParentSession();
    const fetch = mockFetch(parentHome, { topBar: true });
    renderApp('/parent');
    expect(await screen.findByRole('heading', { name: 'My children' })).toBeInTheDocument();
    const nav = screen.getByRole('navigation', { name: 'Main navigation' });
    expect([...nav.querySelectorAll('a, button')].map((e) => e.textContent)).toEqual(['Home', 'Logout']);
    expect(within(nav).getByRole('link', { name: 'Home' })).toHaveAttribute('href', '/parent');
    expect(screen.getByRole('link', { name: /Bioscope/ })).toHaveAttribute('href', '/parent');
    expect(screen.getByTestId('theme-toggle')).toBeInTheDocument();
    expect(screen.getByTestId('language-toggle')).toBeInTheDocument();
    await waitFor(() => expect(fetch.mock.calls.map(([u]) => u)).toEqual(expect.arrayContaining(['/api/parent/children'])));
    expect(fetch.mock.calls.map(([u]) => u)).not.toEqual(expect.arrayContaining(['/api/user/messages/unread']));
    expect(fetch.mock.calls.map(([u]) => u)).not.toEqual(expect.arrayContaining(['/api/wallet']));
    // The student's bell neither (its list is a student route: 403 parent.notStudent for a parent).
    expect(screen.queryByTestId('notification-bell')).toBeNull();
    expect(fetch.mock.calls.map(([u]) => u)).not.toEqual(expect.arrayContaining(['/api/user/notifications']));
  });

  it("logs a parent out from the top navigation", async () => {
    const user = userEvent.setup();
    storeParentSession();
    mockFetch((url) => (url === '/api/auth/logout' ? { status: 200, body: { message: 'ok' } } : parentHome(url)));
    const { location } = renderApp('/parent');
    await user.click(await within(screen.getByRole('navigation', { name: 'Main navigation' })).findByRole('button', { name: 'Logout' }));
    await waitFor(() => expect(window.localStorage.getItem('user')).toBeNull());
    await waitFor(() => expect(location()).not.toBe('/parent'));
  });
});
