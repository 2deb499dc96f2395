import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { bodyOf, mockFetch, renderApp } from './helpers';

const rule = (text: string) => screen.getByText(text).closest('li')!;

describe('sign-up screen', () => {
  it('ticks the three password rules live and keeps submit disabled until all hold', async () => {
    const user = userEvent.setup();
    renderApp('/auth/registeration');
    const password = await screen.findByLabelText('Password');
    const submit = screen.getByRole('button', { name: 'Sign Up' });

    expect(submit).toBeDisabled();
    expect(rule('At least 8 characters')).toHaveAttribute('data-ok', 'false');

    await user.type(password, 'abcdefgh');
    expect(rule('At least 8 characters')).toHaveAttribute('data-ok', 'true');
    expect(rule('At least 1 number')).toHaveAttribute('data-ok', 'false');
    expect(submit).toBeDisabled();

    await user.type(password, '1');
    expect(rule('At least 1 number')).toHaveAttribute('data-ok', 'true');
    expect(rule('At least 1 uppercase and 1 lowercase letter')).toHaveAttribute('data-ok', 'false');
    expect(submit).toBeDisabled();

    await user.type(password, 'X');
    expect(rule('At least 1 uppercase and 1 lowercase letter')).toHaveAttribute('data-ok', 'true');
    expect(submit).toBeEnabled();
  });

  it('links back to /auth/ for log in', async () => {
    renderApp('/auth/registeration');
    expect(await screen.findByRole('link', { name: 'Log in' })).toHaveAttribute('href', '/auth/');
  });

  it('refuses a mobile number that is not Egyptian (country eg only)', async () => {
    const user = userEvent.setup();
    const fetch = mockFetch(() => ({ status: 201, body: {} }));
    renderApp('/auth/registeration');
    const mobile = await screen.findByLabelText('Mobile number');
    expect(screen.getByText('+20')).toBeInTheDocument();
    expect(screen.queryByRole('combobox', { name: /country/i })).not.toBeInTheDocument();

    await user.type(mobile, '0791234567');
    await user.tab();
    expect(await screen.findByText('Mobile number must be an Egyptian mobile number (01xxxxxxxxx)')).toBeInTheDocument();
    expect(mobile).toHaveAttribute('aria-invalid', 'true');

    await user.clear(mobile);
    await user.type(mobile, '01012345678');
    expect(screen.queryByText('Mobile number must be an Egyptian mobile number (01xxxxxxxxx)')).not.toBeInTheDocument();
    expect(fetch).not.toHaveBeenCalled();
  });

  it('posts the sign-up body, toasts the activation message and goes to log in', async () => {
    const user = userEvent.setup();
    const fetch = mockFetch(() => ({ status: 201, body: { message: 'created' } }));
    const { location } = renderApp('/auth/registeration');

    await user.type(await screen.findByLabelText('First name'), 'Mona');
    await user.type(screen.getByLabelText('Last name'), 'Hassan');
    await user.type(screen.getByLabelText('Email'), 'Mona@Example.com');
    await user.type(screen.getByLabelText('Password'), 'Secret123');
    await user.type(screen.getByLabelText('Confirm password'), 'Secret123');
    await user.type(screen.getByLabelText('Mobile number'), '010 1234 5678');
    await user.selectOptions(screen.getByLabelText('School year'), 'Second year');
    await user.click(screen.getByRole('button', { name: 'Sign Up' }));

    expect(await screen.findByText('Signed up successfully, take a look at your mail for activation.')).toBeInTheDocument();
    await waitFor(() => expect(location()).toBe('/auth/login'));
    expect(fetch.mock.calls[0]![0]).toBe('/api/auth/signup');
    expect(bodyOf(fetch)).toEqual({
      firstName: 'Mona',
      lastName: 'Hassan',
      email: 'mona@example.com',
      password: 'Secret123',
      confirm: 'Secret123',
      mobileNumber: '+201012345678',
      schooleYear: 'Second year',
      locale: 'en',
    });
  });

  it('shows field messages from the shared schema instead of posting an incomplete form', async () => {
    const user = userEvent.setup();
    const fetch = mockFetch(() => ({ status: 201, body: {} }));
    renderApp('/auth/registeration');
    await user.type(await screen.findByLabelText('Password'), 'Secret123');
    await user.type(screen.getByLabelText('Confirm password'), 'Secret124');
    await user.click(screen.getByRole('button', { name: 'Sign Up' }));
    expect(await screen.findByText('First name is required')).toBeInTheDocument();
    expect(screen.getByText('Mobile number must be an Egyptian mobile number (01xxxxxxxxx)')).toBeInTheDocument();
    expect(fetch).not.toHaveBeenCalled();
  });

  it("falls back to 'Something went wrong, try again!' and shows the server's message when there is one", async () => {
    const user = userEvent.setup();
    let answer: { status: number; body?: unknown } = { status: 500 };
    mockFetch(() => answer);
    renderApp('/auth/registeration');
    await user.type(await screen.findByLabelText('First name'), 'Mona');
    await user.type(screen.getByLabelText('Last name'), 'Hassan');
    await user.type(screen.getByLabelText('Email'), 'mona@example.com');
    await user.type(screen.getByLabelText('Password'), 'Secret123');
    await user.type(screen.getByLabelText('Confirm password'), 'Secret123');
    await user.type(screen.getByLabelText('Mobile number'), '01012345678');
    await user.selectOptions(screen.getByLabelText('School year'), 'First year');
    await user.click(screen.getByRole('button', { name: 'Sign Up' }));
    expect(await screen.findByText('Something went wrong, try again!')).toBeInTheDocument();

    answer = { status: 409, body: { message: 'This e-mail is already registered' } };
    await user.click(screen.getByRole('button', { name: 'Sign Up' }));
    expect(await screen.findByText('This e-mail is already registered')).toBeInTheDocument();
  });

  const fillAll = async (user: ReturnType<typeof userEvent.setup>, mobile = '01012345678') => {
    await user.type(await screen.findByLabelText('First name'), 'Mona');
    await user.type(screen.getByLabelText('Last name'), 'Hassan');
    await user.type(screen.getByLabelText('Email'), 'mona@example.com');
    await user.type(screen.getByLabelText('Password'), 'Secret123');
    await user.type(screen.getByLabelText('Confirm password'), 'Secret123');
    await user.type(screen.getByLabelText('Mobile number'), mobile);
    await user.selectOptions(screen.getByLabelText('School year'), 'First year');
  };

  it.each([
    ['auth.emailInUse', 'Email', 'An account with this e-mail already exists'],
    ['auth.phoneInUse', 'Mobile number', 'An account with this mobile number already exists'],
  ])('marks %s on its field (not only in the toast), focuses it, and clears it once the field is changed', async (code, label, text) => {
    const user = userEvent.setup();
    mockFetch(() => ({ status: 409, body: { message: text, code } }));
    renderApp('/auth/registeration');
    await fillAll(user);
    await user.click(screen.getByRole('button', { name: 'Sign Up' }));
    const field = screen.getByLabelText(label);
    await waitFor(() => expect(field).toHaveAttribute('aria-invalid', 'true'));
    expect(field).toHaveFocus();
    expect(field).toHaveAccessibleDescription(expect.stringContaining(text));
    await user.clear(field);
    await user.type(field, label === 'Email' ? 'mona2@example.com' : '01112345678');
    await waitFor(() => expect(field).not.toHaveAttribute('aria-invalid', 'true'));
  });

  it('clears a field message as soon as the field is fixed, without another submit', async () => {
    const user = userEvent.setup();
    mockFetch(() => ({ status: 201, body: {} }));
    renderApp('/auth/registeration');
    await user.click(await screen.findByRole('button', { name: 'Sign Up' }));
    await user.type(screen.getByLabelText('Password'), 'Secret123');
    await user.click(screen.getByRole('button', { name: 'Sign Up' }));
    expect(await screen.findByText('First name is required')).toBeInTheDocument();
    await user.type(screen.getByLabelText('First name'), 'M');
    expect(screen.queryByText('First name is required')).not.toBeInTheDocument();
    expect(screen.getByText('Last name is required')).toBeInTheDocument();
  });

  it('checks the password confirmation live: a mismatch shows as it is typed and goes once they agree', async () => {
    const user = userEvent.setup();
    renderApp('/auth/registeration');
    await user.type(await screen.findByLabelText('Password'), 'Secret123');
    const confirm = screen.getByLabelText('Confirm password');
    await user.type(confirm, 'Secret');
    // Not yet as long as the password: no message while it is still being typed.
    expect(screen.queryByText('Confirm password must match the password')).not.toBeInTheDocument();
    await user.type(confirm, '124');
    expect(await screen.findByText('Confirm password must match the password')).toBeInTheDocument();
    await user.type(confirm, '{Backspace}3');
    await waitFor(() => expect(screen.queryByText('Confirm password must match the password')).not.toBeInTheDocument());
    // Changing the password re-checks the confirmation.
    await user.type(screen.getByLabelText('Password'), '4');
    expect(await screen.findByText('Confirm password must match the password')).toBeInTheDocument();
  });

  it('accepts a mobile number in Arabic-Indic digits and sends it as +20…', async () => {
    const user = userEvent.setup();
    const fetch = mockFetch(() => ({ status: 201, body: { message: 'created' } }));
    renderApp('/auth/registeration');
    await fillAll(user, '٠١٠١٢٣٤٥٦٧٨');
    expect(screen.queryByText('Mobile number must be an Egyptian mobile number (01xxxxxxxxx)')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Sign Up' }));
    await waitFor(() => expect(fetch).toHaveBeenCalled());
    expect(bodyOf(fetch).mobileNumber).toBe('+201012345678');
  });
});
