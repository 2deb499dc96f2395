import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { mockFetch, renderApp } from './helpers';

const NOT_ACTIVATED = { status: 403, body: { message: 'Your account is not activated yet. Check your e-mail for the activation link.', code: 'auth.notActivated' } };
const RESENT = { status: 200, body: { message: 'If this e-mail has an account waiting for activation, a new link is on its way.' } };

async function logIn(identifier: string) {
  const user = userEvent.setup();
  await user.type(await screen.findByPlaceholderText('Enter your Email or phone Number'), identifier);
  await user.type(screen.getByPlaceholderText('Password'), 'Secret123');
  await user.click(screen.getByRole('button', { name: 'Log in' }));
  return user;
}

describe('resend the activation mail from the log-in screen', () => {
  it('is offered once the server says the account is not activated, and resends to the e-mail signed in with', async () => {
    const fn = mockFetch((url) => (url === '/api/auth/login' ? NOT_ACTIVATED : RESENT));
    renderApp('/auth');
    expect(screen.queryByRole('button', { name: 'Resend the activation mail' })).toBeNull();
    const user = await logIn('Mona@Example.com');
    await user.click(await screen.findByRole('button', { name: 'Resend the activation mail' }));
    expect(await screen.findByText('If this e-mail has an account waiting for activation, a new link is on its way.')).toBeInTheDocument();
    const call = fn.mock.calls.find(([u]) => u === '/api/auth/resend-activation')!;
    expect(JSON.parse(String(call[1]!.body))).toEqual({ email: 'Mona@Example.com' });
  });

  it('signed in by phone, asks for the e-mail first', async () => {
    const fn = mockFetch((url) => (url === '/api/auth/login' ? NOT_ACTIVATED : RESENT));
    renderApp('/auth');
    const user = await logIn('01012345678');
    const button = await screen.findByRole('button', { name: 'Resend the activation mail' });
    expect(button).toBeDisabled();
    await user.type(screen.getByRole('group', { name: 'Resend the activation mail' }).querySelector('input')!, 'mona@example.com');
    await user.click(button);
    await screen.findByText('If this e-mail has an account waiting for activation, a new link is on its way.');
    expect(JSON.parse(String(fn.mock.calls.find(([u]) => u === '/api/auth/resend-activation')![1]!.body))).toEqual({ email: 'mona@example.com' });
  });

  it('says the limit in the language of the screen', async () => {
    mockFetch((url) =>
      url === '/api/auth/login' ? NOT_ACTIVATED : { status: 429, body: { message: 'Too many activation mails were asked for this e-mail. Try again in 42 min.', code: 'auth.activationMailsCapped', retryAfter: 2500 } },
    );
    renderApp('/auth');
    const user = await logIn('mona@example.com');
    await user.click(await screen.findByRole('button', { name: 'Resend the activation mail' }));
    expect(await screen.findByText('Too many activation mails were asked for this e-mail. Try again in 42 min.')).toBeInTheDocument();
  });

  it('is not offered for a wrong password', async () => {
    mockFetch(() => ({ status: 401, body: { message: 'Incorrect email or password', code: 'auth.badCredentials' } }));
    renderApp('/auth');
    await logIn('mona@example.com');
    await screen.findByText(/Incorrect|wrong/i);
    expect(screen.queryByRole('button', { name: 'Resend the activation mail' })).toBeNull();
  });
});
