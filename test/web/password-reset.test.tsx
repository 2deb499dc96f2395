import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { bodyOf, mockFetch, renderApp } from './helpers';

const boxes = () => screen.getAllByRole('textbox', { name: /Digit \d of 6/ });

describe('forgot password', () => {
  it("warns 'Invalid Email' / 'Please enter a valid email address.' and does not call the server", async () => {
    const user = userEvent.setup();
    const fetch = mockFetch(() => ({ status: 200, body: {} }));
    renderApp('/auth/forgotPassword');
    await user.type(await screen.findByLabelText('Email'), 'not-an-email');
    await user.click(screen.getByRole('button', { name: 'Send code' }));
    expect(await screen.findByText('Invalid Email')).toBeInTheDocument();
    expect(screen.getByText('Please enter a valid email address.')).toBeInTheDocument();
    expect(fetch).not.toHaveBeenCalled();
  });

  it('mails the code, keeps the e-mail in local storage and moves to /auth/verification', async () => {
    const user = userEvent.setup();
    const fetch = mockFetch(() => ({ status: 200, body: { message: 'sent' } }));
    const { location } = renderApp('/auth/forgotPassword');
    await user.type(await screen.findByLabelText('Email'), 'mona@example.com');
    await user.click(screen.getByRole('button', { name: 'Send code' }));
    expect(await screen.findByText('Please check your mail for the reset code.')).toBeInTheDocument();
    await waitFor(() => expect(location()).toBe('/auth/verification'));
    expect(bodyOf(fetch)).toEqual({ email: 'mona@example.com' });
    expect(window.localStorage.getItem('forgotPasswordEmail')).toBe('mona@example.com');
  });

  it("offers 'Back to log in'", async () => {
    renderApp('/auth/forgotPassword');
    expect(await screen.findByRole('link', { name: 'Back to log in' })).toHaveAttribute('href', '/auth/login');
  });

  it('while the e-mail has asked too many codes: says for how long, keeps the button off and stays', async () => {
    const user = userEvent.setup();
    mockFetch(() => ({ status: 429, body: { message: 'Too many codes were asked for this e-mail. Try again in 52 min.', code: 'auth.resetCodesCapped', retryAfter: 3100 } }));
    const { location } = renderApp('/auth/forgotPassword');
    await user.type(await screen.findByLabelText('Email'), 'mona@example.com');
    await user.click(screen.getByRole('button', { name: 'Send code' }));
    expect(await screen.findByText('Too many codes were asked for this e-mail. Try again in 52 min.', { selector: 'form .notice' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Send code' })).toBeDisabled();
    expect(location()).toBe('/auth/forgotPassword');
  });

  it("falls back to 'An error occurred, please try again!'", async () => {
    const user = userEvent.setup();
    mockFetch(() => ({ status: 500 }));
    renderApp('/auth/forgotPassword');
    await user.type(await screen.findByLabelText('Email'), 'mona@example.com');
    await user.click(screen.getByRole('button', { name: 'Send code' }));
    expect(await screen.findByText('An error occurred, please try again!')).toBeInTheDocument();
  });
});

describe('verification', () => {
  beforeEach(() => window.localStorage.setItem('forgotPasswordEmail', 'mona@example.com'));

  it('has six single-digit boxes; typing moves focus forward, Backspace moves back', async () => {
    const user = userEvent.setup();
    renderApp('/auth/verification');
    await screen.findByText('mona@example.com');
    expect(boxes()).toHaveLength(6);

    await user.click(boxes()[0]!);
    await user.keyboard('12');
    expect(boxes()[0]).toHaveValue('1');
    expect(boxes()[1]).toHaveValue('2');
    expect(boxes()[2]).toHaveFocus();

    await user.keyboard('{Backspace}');
    expect(boxes()[1]).toHaveFocus();
    expect(boxes()[1]).toHaveValue('');

    await user.keyboard('x');
    expect(boxes()[1]).toHaveValue('');
  });

  it('fills all six boxes from a pasted code, then verifies and moves to /auth/reset', async () => {
    const fetch = mockFetch(() => ({ status: 200, body: { message: 'ok' } }));
    const { location } = renderApp('/auth/verification');
    await screen.findByText('mona@example.com');
    const verify = screen.getByRole('button', { name: 'Verify' });
    expect(verify).toBeDisabled();

    fireEvent.paste(boxes()[0]!, { clipboardData: { getData: () => ' 123 456 ' } });
    expect(boxes().map((b) => (b as HTMLInputElement).value)).toEqual(['1', '2', '3', '4', '5', '6']);
    expect(verify).toBeEnabled();

    fireEvent.click(verify);
    expect(await screen.findByText('Verified Succesfully - forward to code page')).toBeInTheDocument();
    await waitFor(() => expect(location()).toBe('/auth/reset'));
    expect(fetch.mock.calls[0]![0]).toBe('/api/auth/verify-reset-code');
    expect(bodyOf(fetch)).toEqual({ email: 'mona@example.com', code: '123456' });
  });

  it("falls back to 'Something went wrong!' and shows the server's message when given", async () => {
    mockFetch(() => ({ status: 400, body: { message: 'The code is wrong or has expired' } }));
    renderApp('/auth/verification');
    await screen.findByText('mona@example.com');
    fireEvent.paste(boxes()[0]!, { clipboardData: { getData: () => '000000' } });
    fireEvent.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('The code is wrong or has expired')).toBeInTheDocument();
  });

  it('puts the focus in the first box on arrival and reads Arabic-Indic and Persian digits as 0–9', async () => {
    const user = userEvent.setup();
    const fetch = mockFetch(() => ({ status: 200, body: { message: 'ok' } }));
    renderApp('/auth/verification');
    await screen.findByText('mona@example.com');
    await waitFor(() => expect(boxes()[0]).toHaveFocus());
    await user.keyboard('١٢٣');
    expect(boxes()[2]).toHaveValue('3');
    fireEvent.paste(boxes()[3]!, { clipboardData: { getData: () => '۴۵۶' } });
    expect(boxes().map((b) => (b as HTMLInputElement).value)).toEqual(['1', '2', '3', '4', '5', '6']);
    fireEvent.click(screen.getByRole('button', { name: 'Verify' }));
    await waitFor(() => expect(fetch).toHaveBeenCalled());
    expect(bodyOf(fetch)).toEqual({ email: 'mona@example.com', code: '123456' });
  });

  it("offers 'Back to log in' and 'Change e-mail' (the forgot screen, e-mail kept)", async () => {
    const user = userEvent.setup();
    const { location } = renderApp('/auth/verification');
    expect(await screen.findByRole('link', { name: 'Back to log in' })).toHaveAttribute('href', '/auth/login');
    await user.click(screen.getByRole('link', { name: 'Change e-mail' }));
    await waitFor(() => expect(location()).toBe('/auth/forgotPassword'));
    expect(await screen.findByLabelText('Email')).toHaveValue('mona@example.com');
  });

  it("lets 'Resend code' be used after a visible 30 s wait, mails a new code and waits again", async () => {
    jest.useFakeTimers();
    try {
      const fetch = mockFetch(() => ({ status: 200, body: { message: 'sent' } }));
      renderApp('/auth/verification');
      const resend = await screen.findByRole('button', { name: 'Resend code in 30 s' });
      expect(resend).toBeDisabled();
      for (let s = 0; s < 29; s++) act(() => void jest.advanceTimersByTime(1000));
      expect(resend).toHaveTextContent('Resend code in 1 s');
      act(() => void jest.advanceTimersByTime(1000));
      expect(resend).toHaveTextContent(/^Resend code$/);
      expect(resend).toBeEnabled();
      fireEvent.click(resend);
      expect(await screen.findByText('Please check your mail for the reset code.')).toBeInTheDocument();
      expect(fetch.mock.calls[0]![0]).toBe('/api/auth/forget-password');
      expect(bodyOf(fetch)).toEqual({ email: 'mona@example.com' });
      expect(screen.getByRole('button', { name: 'Resend code in 30 s' })).toBeDisabled();
    } finally {
      jest.useRealTimers();
    }
  });

  it('sends the user back to forgot password when no e-mail was kept', async () => {
    window.localStorage.clear();
    const { location } = renderApp('/auth/verification');
    await waitFor(() => expect(location()).toBe('/auth/forgotPassword'));
  });
});

describe('reset password', () => {
  beforeEach(() => {
    window.localStorage.setItem('forgotPasswordEmail', 'mona@example.com');
    window.sessionStorage.setItem('resetCode', '123456');
  });

  it('applies the same three live rules, then resets, forgets the e-mail, moves to /auth/success and on to log in', async () => {
    const user = userEvent.setup();
    const fetch = mockFetch(() => ({ status: 200, body: { message: 'ok' } }));
    const { location } = renderApp('/auth/reset');
    const password = await screen.findByLabelText('New password');
    const submit = screen.getByRole('button', { name: 'Reset password' });

    await user.type(password, 'newpass1');
    expect(screen.getByText('At least 1 uppercase and 1 lowercase letter').closest('li')).toHaveAttribute('data-ok', 'false');
    expect(submit).toBeDisabled();
    await user.type(password, 'N');
    expect(submit).toBeEnabled();
    await user.type(screen.getByLabelText('Confirm password'), 'newpass1N');
    await user.click(submit);

    expect(await screen.findByText('Password reset successfully - forwarding to sign in')).toBeInTheDocument();
    // The success screen, checked at the moment it shows: it forwards by itself 3 s later (a slow
    // machine must not see it gone before the check).
    await waitFor(() => {
      expect(location()).toBe('/auth/success');
      expect(screen.getByRole('link', { name: 'Back to log in' })).toHaveAttribute('href', '/auth/login');
      // As the toast says: the success screen forwards to log in, the e-mail filled in.
      expect(screen.getByText('Taking you to log in…')).toBeInTheDocument();
    });
    expect(bodyOf(fetch)).toEqual({ email: 'mona@example.com', code: '123456', password: 'newpass1N', confirm: 'newpass1N' });
    expect(window.localStorage.getItem('forgotPasswordEmail')).toBeNull();
    await waitFor(() => expect(location()).toBe('/auth/login'), { timeout: 5000 });
    expect(await screen.findByLabelText('Email or phone number')).toHaveValue('mona@example.com');
  });

  it('checks the confirmation live and offers Back to log in', async () => {
    const user = userEvent.setup();
    renderApp('/auth/reset');
    await user.type(await screen.findByLabelText('New password'), 'Newpass12');
    await user.type(screen.getByLabelText('Confirm password'), 'Newpass13');
    expect(await screen.findByText('Confirm password must match the password')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Confirm password'), '{Backspace}2');
    await waitFor(() => expect(screen.queryByText('Confirm password must match the password')).not.toBeInTheDocument());
    expect(screen.getByRole('link', { name: 'Back to log in' })).toHaveAttribute('href', '/auth/login');
  });

  it("falls back to 'Something went wrong!'", async () => {
    const user = userEvent.setup();
    mockFetch(() => ({ status: 500 }));
    renderApp('/auth/reset');
    await user.type(await screen.findByLabelText('New password'), 'Newpass12');
    await user.type(screen.getByLabelText('Confirm password'), 'Newpass12');
    await user.click(screen.getByRole('button', { name: 'Reset password' }));
    expect(await screen.findByText('Something went wrong!')).toBeInTheDocument();
    expect(window.localStorage.getItem('forgotPasswordEmail')).toBe('mona@example.com');
  });
});
