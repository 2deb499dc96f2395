import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { adminUser, bodyOf, deferredFetch, mockFetch, renderApp, storeSession, studentUser, validToken } from './helpers';

const FORM_TEXTS = { en: ['Enter your Email or phone Number', 'Password', 'Log in'], ar: ['أدخل بريدك الإلكتروني أو رقم هاتفك', 'كلمة المرور', 'تسجيل الدخول'] } as const;

async function fillAndSubmit(identifier = 'mona@example.com', password = 'Secret123', language: 'en' | 'ar' = 'en') {
  const user = userEvent.setup();
  const [identifierPlaceholder, passwordPlaceholder, logIn] = FORM_TEXTS[language];
  await user.type(await screen.findByPlaceholderText(identifierPlaceholder), identifier);
  await user.type(screen.getByPlaceholderText(passwordPlaceholder), password);
  await user.click(screen.getByRole('button', { name: logIn }));
}

describe('log-in screen', () => {
  it('is worded as the spec says, with its links and the Google button', async () => {
    renderApp('/auth');
    expect(await screen.findByRole('heading', { name: 'Log in' })).toBeInTheDocument();
    expect(screen.getByPlaceholderText('Enter your Email or phone Number')).toBeInTheDocument();
    expect(screen.getByPlaceholderText('Password')).toHaveAttribute('type', 'password');
    expect(screen.getByRole('link', { name: 'Forget password' })).toHaveAttribute('href', '/auth/forgotPassword');
    expect(screen.getByRole('link', { name: 'Sign Up' })).toHaveAttribute('href', '/auth/registeration');
    // With this browser's device id (issue 41; test/web/devices-login.test.tsx).
    expect(screen.getByRole('link', { name: /Google/ })).toHaveAttribute('href', expect.stringMatching(/^\/api\/auth\/google\?deviceId=[\w-]{22}$/));
  });

  it('serves /auth/login too', async () => {
    renderApp('/auth/login');
    expect(await screen.findByRole('heading', { name: 'Log in' })).toBeInTheDocument();
  });

  it('disables the submit button and shows a spinner while signing in', async () => {
    const { fn, release } = deferredFetch();
    const { location } = renderApp('/auth');
    await fillAndSubmit();

    const button = screen.getByRole('button', { name: /Loading/ });
    expect(button).toBeDisabled();
    expect(within(button).getByRole('progressbar')).toBeInTheDocument();
    expect(fn).toHaveBeenCalledWith('/api/auth/login', expect.objectContaining({ method: 'POST' }));
    expect(bodyOf(fn)).toEqual({ identifier: 'mona@example.com', password: 'Secret123', deviceId: expect.stringMatching(/^[\w-]{22}$/) });

    release({ status: 200, body: { message: 'ok', data: { ...studentUser, token: validToken() } } });
    await waitFor(() => expect(location()).toBe('/'));
  });

  it('sends a USER to / (replacing history) with the success toast and stores the session (never a refresh token)', async () => {
    const token = validToken();
    // An older server also sent a refresh token: the browser keeps none.
    mockFetch(() => ({ status: 200, body: { message: 'ok', data: { ...studentUser, token, refreshToken: 'r1' } } }));
    const { location, router } = renderApp('/auth');
    await fillAndSubmit();

    await waitFor(() => expect(location()).toBe('/'));
    expect(router.state.historyAction).toBe('REPLACE');
    expect(await screen.findByText('Signed in successfully')).toBeInTheDocument();
    const stored = JSON.parse(window.localStorage.getItem('user')!);
    expect(stored).toMatchObject({ email: studentUser.email, role: 'USER', token });
    expect(stored).not.toHaveProperty('refreshToken');
  });

  it('drops a refresh token an older version stored', async () => {
    window.localStorage.setItem('user', JSON.stringify({ ...studentUser, token: validToken(), refreshToken: 'old' }));
    mockFetch(() => ({ status: 200, body: {} }));
    renderApp('/auth');
    await waitFor(() => expect(JSON.parse(window.localStorage.getItem('user')!)).not.toHaveProperty('refreshToken'));
    expect(JSON.parse(window.localStorage.getItem('user')!)).toMatchObject({ email: studentUser.email });
  });

  it('after too many failed attempts: says how long to wait, counting down, and keeps the button off until then', async () => {
    let calls = 0;
    mockFetch(() => {
      calls++;
      return calls === 1
        ? { status: 429, body: { message: 'Too many failed sign-in attempts. Try again in 2 s.', code: 'auth.tooManyAttempts', retryAfter: 2 } }
        : { status: 200, body: { message: 'ok', data: { ...studentUser, token: validToken() } } };
    });
    const { location } = renderApp('/auth');
    await fillAndSubmit();
    // Beside the spec's short error toast, the form itself says it for as long as the wait lasts.
    const notice = await screen.findByText('Too many failed sign-in attempts. Try again in 2 s.', { selector: 'form .notice' });
    expect(notice).toHaveAttribute('role', 'alert');
    expect(screen.getByRole('button', { name: 'Log in' })).toBeDisabled();
    await waitFor(() => expect(notice).toHaveTextContent('Try again in 1 s.'), { timeout: 2500 });
    await waitFor(() => expect(screen.getByRole('button', { name: 'Log in' })).toBeEnabled(), { timeout: 2500 });
    expect(document.querySelector('form .notice')).toBeNull();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Log in' }));
    await waitFor(() => expect(location()).toBe('/'));
  });

  it('words the wait in Arabic when the interface is Arabic', async () => {
    window.localStorage.setItem('language', 'ar');
    mockFetch(() => ({ status: 429, body: { message: 'Too many failed attempts from your network. Try again in 14 min.', code: 'auth.tooManyFromNetwork', retryAfter: 800 } }));
    renderApp('/auth');
    await fillAndSubmit(undefined, undefined, 'ar');
    expect(await screen.findByText('محاولات فاشلة كثيرة من شبكتك. حاول مرة أخرى بعد 14 د.', { selector: 'form .notice' })).toBeInTheDocument();
  });

  it('sends an ADMIN to /dashboard', async () => {
    mockFetch(() => ({ status: 200, body: { message: 'ok', data: { ...adminUser, token: validToken() } } }));
    const { location } = renderApp('/auth');
    await fillAndSubmit('admin@example.com');
    await waitFor(() => expect(location()).toBe('/dashboard'));
    expect(await screen.findByText('Ahmed Samir')).toBeInTheDocument();
  });

  it("shows the server's message when sign-in fails", async () => {
    mockFetch(() => ({ status: 401, body: { message: 'Wrong e-mail, phone or password' } }));
    const { location, store } = renderApp('/auth');
    await fillAndSubmit();
    expect(await screen.findByText('Wrong e-mail, phone or password')).toBeInTheDocument();
    expect(location()).toBe('/auth');
    expect(store.getState().auth).toMatchObject({ status: 'failed', error: { message: 'Wrong e-mail, phone or password' }, user: null });
    expect(screen.getByRole('button', { name: 'Log in' })).toBeEnabled();
  });

  it("falls back to 'something went wrong , try again!' when no message came (and keeps msgError)", async () => {
    mockFetch(() => Promise.reject(new TypeError('network down')));
    const { store } = renderApp('/auth');
    await fillAndSubmit();
    expect(await screen.findByText('something went wrong , try again!')).toBeInTheDocument();
    expect(store.getState().auth.error).toEqual({ msgError: 'Unknown error' });
  });

  it('redirects an already signed-in admin away from the log-in screen', async () => {
    storeSession(adminUser);
    mockFetch(() => ({ status: 200, body: {} }));
    const { location } = renderApp('/auth');
    await waitFor(() => expect(location()).toBe('/dashboard'));
  });

  it('tells the user when the activation link worked', async () => {
    renderApp('/auth/login?activated=1');
    expect(await screen.findByText('Your account is activated. You can log in now.')).toBeInTheDocument();
  });

  it('tells the user when the activation link failed, with the reason', async () => {
    renderApp('/auth/login?activated=0&reason=expired');
    expect(await screen.findByText('The activation link did not work')).toBeInTheDocument();
    expect(screen.getByText('The link has expired. Sign up again to get a new one.')).toBeInTheDocument();
  });

  it("says 'something went wrong , try again!' when the server's Google flow failed", async () => {
    const { router } = renderApp('/auth/login?google=failed&reason=cancelled');
    expect(await screen.findByText('something went wrong , try again!')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.search).toBe(''));
  });
});
