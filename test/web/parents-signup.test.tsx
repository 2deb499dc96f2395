/**
 * Issue 43: a parent signs up on the sign-up page — reached with ?parent=CODE or by the visible
 * "I am a parent" switch — with names, e-mail, phone, password and the code (no school year), as
 * role PARENT; a refused code is said on the code field in the user's language.
 */
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { bodyOf, mockFetch, renderApp } from './helpers';

type User = ReturnType<typeof userEvent.setup>;
const EN = { first: 'First name', last: 'Last name', email: 'Email', password: 'Password', confirm: 'Confirm password', mobile: 'Mobile number', code: 'Invite code', submit: 'Sign Up' };
const AR = { first: 'الاسم الأول', last: 'اسم العائلة', email: 'البريد الإلكتروني', password: 'كلمة المرور', confirm: 'تأكيد كلمة المرور', mobile: 'رقم الموبايل', code: 'كود الدعوة', submit: 'إنشاء حساب' };

async function fill(user: User, l = EN) {
  await user.type(await screen.findByLabelText(l.first), 'Hoda');
  await user.type(screen.getByLabelText(l.last), 'Hassan');
  await user.type(screen.getByLabelText(l.email), 'Hoda@Example.com');
  await user.type(screen.getByLabelText(l.password), 'Secret123');
  await user.type(screen.getByLabelText(l.confirm), 'Secret123');
  await user.type(screen.getByLabelText(l.mobile), '01112345678');
}

describe('sign-up: a parent', () => {
  it('opens as a parent with ?parent=CODE: the code filled in, no school year, and posts role PARENT with parentCode', async () => {
    const user = userEvent.setup();
    const fetch = mockFetch(() => ({ status: 200, body: { message: 'created' } }));
    const { location } = renderApp('/auth/registeration?parent=abcd2345');
    expect(await screen.findByRole('heading', { name: 'Sign up as a parent' })).toBeInTheDocument();
    expect(screen.getByRole('switch', { name: 'I am a parent' })).toBeChecked();
    expect(screen.getByLabelText('Invite code')).toHaveValue('ABCD-2345');
    expect(screen.queryByLabelText('School year')).toBeNull();

    await fill(user);
    await user.click(screen.getByRole('button', { name: 'Sign Up' }));
    await waitFor(() => expect(location()).toBe('/auth/login'));
    expect(await screen.findByText('Signed up successfully, take a look at your mail for activation.')).toBeInTheDocument();
    expect(fetch.mock.calls[0]![0]).toBe('/api/auth/signup');
    expect(bodyOf(fetch)).toEqual({
      firstName: 'Hoda',
      lastName: 'Hassan',
      email: 'hoda@example.com',
      password: 'Secret123',
      confirm: 'Secret123',
      mobileNumber: '+201112345678',
      locale: 'en',
      role: 'PARENT',
      parentCode: 'ABCD2345',
    });
  });

  it('turns the student sign-up into a parent one with the switch (and back), and reads a code typed any way', async () => {
    const user = userEvent.setup();
    const fetch = mockFetch(() => ({ status: 200, body: { message: 'created' } }));
    renderApp('/auth/registeration');
    const toggle = await screen.findByRole('switch', { name: 'I am a parent' });
    expect(toggle).not.toBeChecked();
    expect(screen.getByLabelText('School year')).toBeInTheDocument();
    expect(screen.queryByLabelText('Invite code')).toBeNull();

    await user.click(toggle);
    expect(await screen.findByRole('heading', { name: 'Sign up as a parent' })).toBeInTheDocument();
    expect(screen.queryByLabelText('School year')).toBeNull();
    await user.click(screen.getByRole('switch', { name: 'I am a parent' }));
    expect(await screen.findByLabelText('School year')).toBeInTheDocument();
    expect(screen.queryByLabelText('Invite code')).toBeNull();
    await user.click(screen.getByRole('switch', { name: 'I am a parent' }));
    await fill(user);
    await user.type(screen.getByLabelText('Invite code'), 'wxyz-٦٧٨٩');
    await user.click(screen.getByRole('button', { name: 'Sign Up' }));
    await waitFor(() => expect(fetch).toHaveBeenCalledTimes(1));
    expect(bodyOf(fetch)).toMatchObject({ role: 'PARENT', parentCode: 'WXYZ6789' });
    expect(bodyOf(fetch)).not.toHaveProperty('schooleYear');
  });

  it('asks for a code that can be one before posting', async () => {
    const user = userEvent.setup();
    const fetch = mockFetch(() => ({ status: 200, body: {} }));
    renderApp('/auth/registeration?parent=');
    await fill(user);
    await user.click(await screen.findByRole('button', { name: 'Sign Up' }));
    const code = screen.getByLabelText('Invite code');
    await waitFor(() => expect(code).toHaveAttribute('aria-invalid', 'true'));
    expect(fetch).not.toHaveBeenCalled();
  });

  it.each([
    ['en', 400, 'parent.codeInvalid', EN, 'This code is wrong, expired or already used. Ask your child for a new one.'],
    ['ar', 400, 'parent.codeInvalid', AR, 'هذا الكود غير صحيح أو انتهت صلاحيته أو استُخدم من قبل. اطلب من ابنك كودًا جديدًا.'],
    ['en', 409, 'parent.tooMany', EN, 'This child has four parents linked already.'],
    ['ar', 409, 'parent.tooMany', AR, 'هذا الابن مرتبط بأربعة أولياء أمور بالفعل.'],
  ] as const)('(%s) says %i %s on the code field', async (language, status, code, l, text) => {
    const user = userEvent.setup();
    if (language === 'ar') window.localStorage.setItem('language', 'ar');
    const fetch = mockFetch(() => ({ status, body: { message: 'Refused', code } }));
    const { location } = renderApp('/auth/registeration?parent=ABCD2345');
    await fill(user, l);
    await user.click(screen.getByRole('button', { name: l.submit }));
    const codeField = screen.getByLabelText(l.code);
    await waitFor(() => expect(codeField).toHaveAttribute('aria-invalid', 'true'));
    expect(codeField).toHaveAccessibleDescription(expect.stringContaining(text));
    expect(bodyOf(fetch)).toMatchObject({ locale: language });
    expect(location()).toBe('/auth/registeration');
  });
});
