import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { makeStore } from '@/app/store';
import { adminUser, mockFetch, renderApp, storeSession, studentUser } from './helpers';

const mainNav = () => screen.queryByRole('navigation', { name: 'Main navigation' });

describe('top navigation', () => {
  it('is hidden on /auth paths', async () => {
    renderApp('/auth/registeration');
    await screen.findByLabelText('Password');
    expect(mainNav()).not.toBeInTheDocument();
  });

  it('is hidden on /dashboard paths', async () => {
    storeSession(adminUser);
    renderApp('/dashboard/messages');
    await screen.findByText('Hello, Ahmed');
    expect(mainNav()).not.toBeInTheDocument();
  });

  it('shows home, profile, my lectures and contact us to a visitor, without dashboard or logout', async () => {
    renderApp('/');
    await screen.findByRole('heading', { name: 'الصفوف الدراسية' });
    const nav = within(mainNav()!);
    expect(nav.getByRole('link', { name: 'Home' })).toHaveAttribute('href', '/');
    expect(nav.getByRole('link', { name: 'Profile' })).toHaveAttribute('href', '/profile');
    expect(nav.getByRole('link', { name: 'My lectures' })).toHaveAttribute('href', '/profile/lecPay');
    expect(nav.getByRole('link', { name: 'Contact us' })).toHaveAttribute('href', '/contact');
    expect(nav.queryByRole('link', { name: 'Dashboard' })).not.toBeInTheDocument();
    expect(nav.queryByRole('button', { name: 'Logout' })).not.toBeInTheDocument();
  });

  it('shows logout to a student but not dashboard', async () => {
    storeSession(studentUser);
    renderApp('/');
    await screen.findByRole('heading', { name: 'الصفوف الدراسية' });
    const nav = within(mainNav()!);
    expect(nav.getByRole('button', { name: 'Logout' })).toBeInTheDocument();
    expect(nav.queryByRole('link', { name: 'Dashboard' })).not.toBeInTheDocument();
  });

  it('shows dashboard to an ADMIN', async () => {
    storeSession(adminUser);
    renderApp('/');
    await screen.findByRole('heading', { name: 'الصفوف الدراسية' });
    expect(within(mainNav()!).getByRole('link', { name: 'Dashboard' })).toHaveAttribute('href', '/dashboard');
  });

  it("logs out: calls the server, clears the session, toasts 'Logout Successfully' and goes to /auth", async () => {
    const user = userEvent.setup();
    storeSession(studentUser);
    const fetch = mockFetch(() => ({ status: 200, body: { message: 'ok' } }));
    const { location, store } = renderApp('/contact');
    await screen.findByRole('heading', { name: 'Leave Us Message' });
    await user.click(within(mainNav()!).getByRole('button', { name: 'Logout' }));

    expect(await screen.findByText('Logout Successfully')).toBeInTheDocument();
    await waitFor(() => expect(location()).toBe('/auth'));
    // /contact also reads the teacher's card (GET /api/contact-info); the logout is the one POST.
    const logoutCall = fetch.mock.calls.find(([url]) => url === '/api/auth/logout')!;
    expect(logoutCall).toBeDefined();
    expect((logoutCall[1] as RequestInit).method).toBe('POST');
    expect((logoutCall[1] as RequestInit).headers).toMatchObject({ Authorization: expect.stringMatching(/^Bearer ey/) });
    expect(store.getState().auth).toMatchObject({ user: null, token: null, status: 'idle' });
    expect(window.localStorage.getItem('user')).toBeNull();
  });

  it('still ends the local session when the server refuses the logout, and shows the error', async () => {
    const user = userEvent.setup();
    storeSession(studentUser);
    mockFetch(() => ({ status: 500, body: { message: 'Logout is unavailable' } }));
    const { location, store } = renderApp('/');
    await screen.findByRole('heading', { name: 'الصفوف الدراسية' });
    await user.click(within(mainNav()!).getByRole('button', { name: 'Logout' }));

    expect(await screen.findByText('Logout is unavailable')).toBeInTheDocument();
    await waitFor(() => expect(location()).toBe('/auth'));
    expect(store.getState().auth).toMatchObject({ user: null, token: null, status: 'failed' });
    expect(window.localStorage.getItem('user')).toBeNull();
  });

  it("uses 'Failed to logout' when the server gave no message", async () => {
    const user = userEvent.setup();
    storeSession(adminUser);
    mockFetch(() => Promise.reject(new TypeError('offline')));
    renderApp('/dashboard');
    await screen.findByText('Hello, Ahmed');
    await user.click(screen.getByRole('button', { name: 'Logout' }));
    expect(await screen.findByText('Failed to logout')).toBeInTheDocument();
  });
});

describe('home page', () => {
  it("shows 'تسجيل الدخول' to /auth and the signed-out grades message to a visitor", async () => {
    renderApp('/');
    expect(await screen.findByRole('link', { name: 'تسجيل الدخول' })).toHaveAttribute('href', '/auth');
    expect(screen.getByText('للوصول للصفوف الدراسية الرجاء تسجيل الدخول')).toBeInTheDocument();
    expect(document.title).toBe('Bioscope | Home');
  });

  it('hides both from a signed-in student', async () => {
    storeSession(studentUser);
    renderApp('/');
    await screen.findByRole('heading', { name: 'الصفوف الدراسية' });
    expect(screen.queryByRole('link', { name: 'تسجيل الدخول' })).not.toBeInTheDocument();
    expect(screen.queryByText('للوصول للصفوف الدراسية الرجاء تسجيل الدخول')).not.toBeInTheDocument();
  });
});

describe('theme and language preferences', () => {
  it('defaults to dark and English', async () => {
    renderApp('/');
    await screen.findByRole('heading', { name: 'الصفوف الدراسية' });
    expect(document.documentElement).toHaveAttribute('data-theme', 'dark');
    expect(document.documentElement).toHaveAttribute('dir', 'ltr');
    expect(document.documentElement).toHaveAttribute('lang', 'en');
    expect(document.querySelector('[data-amplify-color-mode]')).toHaveAttribute('data-amplify-color-mode', 'dark');
  });

  it('switches to light, keeps it in local storage, and a new start reads it back', async () => {
    const user = userEvent.setup();
    renderApp('/auth');
    await user.click(await screen.findByTestId('theme-toggle'));
    expect(document.documentElement).toHaveAttribute('data-theme', 'light');
    expect(document.querySelector('[data-amplify-color-mode]')).toHaveAttribute('data-amplify-color-mode', 'light');
    expect(window.localStorage.getItem('theme')).toBe('light');
    expect(makeStore().getState().theme.mode).toBe('light');
  });

  it('falls back to light when local storage cannot be read', () => {
    const spy = jest.spyOn(Storage.prototype, 'getItem').mockImplementation(() => {
      throw new Error('denied');
    });
    try {
      expect(makeStore().getState().theme.mode).toBe('light');
      expect(makeStore().getState().language.language).toBe('en');
    } finally {
      spy.mockRestore();
    }
  });

  it('switches to Arabic: dir=rtl, lang=ar, Arabic chrome and texts (the spec\'s English ones too), kept in local storage', async () => {
    const user = userEvent.setup();
    renderApp('/auth');
    await screen.findByRole('heading', { name: 'Log in' });
    await user.click(screen.getByTestId('language-toggle'));

    expect(document.documentElement).toHaveAttribute('dir', 'rtl');
    expect(document.dir).toBe('rtl');
    expect(document.documentElement).toHaveAttribute('lang', 'ar');
    expect(window.localStorage.getItem('language')).toBe('ar');
    expect(screen.getByLabelText('كلمة المرور')).toBeInTheDocument();
    // The spec's English words are the English locale's: Arabic has its own.
    expect(screen.getByRole('heading', { name: 'تسجيل الدخول' })).toBeInTheDocument();
    expect(screen.getByPlaceholderText('أدخل بريدك الإلكتروني أو رقم هاتفك')).toBeInTheDocument();
    expect(makeStore().getState().language.language).toBe('ar');

    await user.click(screen.getByTestId('language-toggle'));
    expect(document.documentElement).toHaveAttribute('dir', 'ltr');
  });

  it('starts in Arabic when Arabic was chosen before', async () => {
    window.localStorage.setItem('language', 'ar');
    renderApp('/');
    expect(await screen.findByRole('link', { name: 'الرئيسية' })).toBeInTheDocument();
    expect(document.documentElement).toHaveAttribute('dir', 'rtl');
  });
});

describe('dialogs and toasts', () => {
  afterEach(async () => {
    const { default: Swal } = await import('sweetalert2');
    Swal.close();
  });

  it.each([
    ['en', 'Yes, delete it', 'Cancel'],
    ['ar', 'نعم، احذف', 'إلغاء'],
  ])('the delete confirmation (%s) has labelled confirm and cancel buttons in the app colours', async (language, yes, no) => {
    const user = userEvent.setup();
    window.localStorage.setItem('language', language);
    renderApp('/auth');
    await screen.findByRole('heading', { name: language === 'ar' ? 'تسجيل الدخول' : 'Log in' });
    const { confirm } = await import('@/components/confirm');
    const answer = confirm();
    const confirmButton = await screen.findByRole('button', { name: yes });
    const cancelButton = screen.getByRole('button', { name: no });
    // The app's classes (components/dialogs.css), not sweetalert2's own purple.
    expect(confirmButton).toHaveClass('dialog-button', 'dialog-confirm');
    expect(confirmButton).not.toHaveClass('swal2-styled');
    expect(cancelButton).toHaveClass('dialog-button', 'dialog-cancel');
    await user.click(confirmButton);
    await expect(answer).resolves.toBe(true);
  });

  it('puts a toast across the foot on a phone and in the foot\'s end corner on a wide screen (the left one in Arabic)', async () => {
    const { toast } = await import('@/components/toast');
    const { default: Swal } = await import('sweetalert2');
    const original = window.matchMedia;
    const wide = (max: boolean) => (query: string) => ({ ...original(query), matches: max && query.includes('max-width') });
    const dir = document.documentElement.dir;
    try {
      window.matchMedia = wide(true) as typeof window.matchMedia;
      void toast({ title: 'Phone toast' });
      await screen.findByText('Phone toast');
      expect(document.querySelector('.swal2-container')).toHaveClass('swal2-bottom');
      Swal.close();
      window.matchMedia = wide(false) as typeof window.matchMedia;
      void toast({ title: 'Wide toast' });
      await screen.findByText('Wide toast');
      expect(document.querySelector('.swal2-container')).toHaveClass('swal2-bottom-end');
      Swal.close();
      document.documentElement.dir = 'rtl';
      void toast({ title: 'Arabic toast' });
      await screen.findByText('Arabic toast');
      expect(document.querySelector('.swal2-container')).toHaveClass('swal2-bottom-start');
    } finally {
      window.matchMedia = original;
      document.documentElement.dir = dir;
    }
  });
});
