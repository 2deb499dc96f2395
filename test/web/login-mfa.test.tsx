/**
 * The log-in's second step for an account with an authenticator app (issue 36): the password's
 * answer is a challenge, the 6-digit code finishes the sign-in; a wrong code stays on the field, a
 * sign-in that ran out goes back to the password. And the admin's setup screen.
 */
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { adminUser, mockFetch, renderApp, storeSession, validToken } from './helpers';

const SESSION = 's'.repeat(64);
const CHALLENGE = { status: 200, body: { message: 'Enter the code from your authenticator app', challenge: 'SOFTWARE_TOKEN_MFA', session: SESSION } };
const WRONG_CODE = { status: 400, body: { message: 'That code is not the one your authenticator app shows now', code: 'auth.mfaCode' } };

async function passwordStep() {
  const user = userEvent.setup();
  await user.type(await screen.findByPlaceholderText('Enter your Email or phone Number'), 'admin@example.com');
  await user.type(screen.getByPlaceholderText('Password'), 'Secret123');
  await user.click(screen.getByRole('button', { name: 'Log in' }));
  return user;
}

describe('log-in with an authenticator app', () => {
  it('asks for the code after the password, refuses a wrong one on its field, and signs in with the right one', async () => {
    const calls: { url: string; body: unknown }[] = [];
    let codeTries = 0;
    mockFetch((url, init) => {
      calls.push({ url, body: JSON.parse(String(init.body ?? 'null')) });
      if (url === '/api/auth/login') return CHALLENGE;
      if (url === '/api/auth/login/mfa') return ++codeTries === 1 ? WRONG_CODE : { status: 200, body: { message: 'Signed in successfully', data: { ...adminUser, token: validToken() } } };
      return { status: 200, body: { data: [] } };
    });
    const { location } = renderApp('/auth');
    const user = await passwordStep();

    expect(await screen.findByRole('heading', { name: 'Two-step sign-in' })).toBeInTheDocument();
    expect(location()).toBe('/auth');
    expect(window.localStorage.getItem('user')).toBeNull();
    const code = screen.getByLabelText('Authenticator code');
    expect(code).toHaveAttribute('autocomplete', 'one-time-code');
    expect(code).toHaveAttribute('inputmode', 'numeric');

    // Not six digits: the form says so and sends nothing.
    await user.type(code, '12a');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText(/must be 6 digits/)).toBeInTheDocument();
    expect(calls.filter((c) => c.url === '/api/auth/login/mfa')).toHaveLength(0);

    await user.clear(code);
    await user.type(code, '123456');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findAllByText('That code is not the one your authenticator app shows now')).not.toHaveLength(0);
    expect(screen.getByLabelText('Authenticator code')).toHaveAttribute('aria-invalid', 'true');
    expect(calls.find((c) => c.url === '/api/auth/login/mfa')!.body).toEqual({ identifier: 'admin@example.com', session: SESSION, code: '123456' });

    await user.clear(code);
    await user.type(code, '654321');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    await waitFor(() => expect(location()).toBe('/dashboard'));
    expect(JSON.parse(window.localStorage.getItem('user')!)).toMatchObject({ email: 'admin@example.com', role: 'ADMIN' });
  });

  it('goes back to the password when the sign-in has run out', async () => {
    mockFetch((url) =>
      url === '/api/auth/login' ? CHALLENGE : { status: 401, body: { message: 'This sign-in has expired. Enter your password again.', code: 'auth.mfaSessionExpired' } },
    );
    renderApp('/auth');
    const user = await passwordStep();
    await user.type(await screen.findByLabelText('Authenticator code'), '123456');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByRole('heading', { name: 'Log in' })).toBeInTheDocument();
    expect(await screen.findByText('This sign-in has expired. Enter your password again.')).toBeInTheDocument();
  });
});

describe('the admin sets up the authenticator (/dashboard/security)', () => {
  it('asks the password, shows the key and its otpauth link, and turns on with the first code', async () => {
    storeSession(adminUser);
    let enabled = false;
    const sent: Record<string, unknown> = {};
    mockFetch((url, init) => {
      if (init.body) sent[url] = JSON.parse(String(init.body));
      if (url === '/api/auth/mfa') return { status: 200, body: { data: { enabled } } };
      if (url === '/api/auth/mfa/setup') return { status: 200, body: { message: 'ok', data: { secret: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP', uri: 'otpauth://totp/Bioscope:admin%40example.com?secret=JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP&issuer=Bioscope' } } };
      if (url === '/api/auth/mfa/finish') {
        enabled = true;
        return { status: 200, body: { message: 'ok' } };
      }
      return { status: 200, body: { data: [] } };
    });
    renderApp('/dashboard/security');
    const user = userEvent.setup();
    expect(await screen.findByRole('heading', { name: 'Two-step sign-in', level: 1 })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Security' })).toHaveAttribute('aria-current', 'page');
    await user.type(await screen.findByLabelText('Your password'), 'Secret123');
    await user.click(screen.getByRole('button', { name: 'Set up' }));

    expect(await screen.findByTestId('mfa-secret')).toHaveTextContent('JBSW Y3DP EHPK 3PXP JBSW Y3DP EHPK 3PXP');
    expect(screen.getByRole('link', { name: 'Open in the authenticator app' })).toHaveAttribute('href', expect.stringMatching(/^otpauth:\/\/totp\/Bioscope:/));
    await user.type(screen.getByLabelText('Code'), '123456');
    await user.click(screen.getByRole('button', { name: 'Turn on' }));
    expect(await screen.findByText('On: every sign-in asks for a code from your authenticator app.')).toBeInTheDocument();
    expect(sent['/api/auth/mfa/finish']).toEqual({ password: 'Secret123', code: '123456' });
  });
});
