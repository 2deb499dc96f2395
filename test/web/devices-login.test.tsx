/**
 * Issue 41, the web's part of a sign-in: this browser's device id goes with every sign-in (the
 * password's body, the Google start's query), and a sign-in refused for one device too many
 * (403 auth.deviceLimit) explains itself in the user's language, removes a device (confirmed) and
 * signs in again with the password still in the form.
 */
import { createHash } from 'node:crypto';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { deviceHandle, deviceId } from '@/lib/device-id';
import { bodyOf, mockFetch, renderApp, studentUser, validToken } from './helpers';

const DAY = 86_400_000;
const ago = (ms: number) => new Date(Date.now() - ms).toISOString();
const devices = [
  { id: 'h-phone-000000000000000', name: 'Android phone · Chrome', kind: 'phone', os: 'Android', browser: 'Chrome', firstSeenAt: ago(40 * DAY), lastSeenAt: ago(2 * 3_600_000) },
  { id: 'h-laptop-00000000000000', name: 'Windows computer · Edge', kind: 'computer', os: 'Windows', browser: 'Edge', firstSeenAt: ago(30 * DAY), lastSeenAt: ago(20 * DAY) },
];
const refusal = (nextRemovalAt: string | null) => ({ status: 403, body: { code: 'auth.deviceLimit', message: 'This account is used on 2 devices already', devices, limit: 2, nextRemovalAt, removalToken: 'rt-1' } });
const contactInfo = { status: 200, body: { data: { location: '', phone: '+20 100 000 0000', email: 'teacher@example.com', chatUrl: 'https://wa.me/201000000000', social: [] } } };
const signedIn = { status: 200, body: { message: 'ok', data: { ...studentUser, token: validToken() } } };

async function signIn(language: 'en' | 'ar' = 'en') {
  const [identifier, password, logIn] = language === 'ar' ? ['أدخل بريدك الإلكتروني أو رقم هاتفك', 'كلمة المرور', 'تسجيل الدخول'] : ['Enter your Email or phone Number', 'Password', 'Log in'];
  await userEvent.type(await screen.findByPlaceholderText(identifier), 'mona@example.com');
  await userEvent.type(screen.getByPlaceholderText(password), 'Secret123');
  await userEvent.click(screen.getByRole('button', { name: logIn }));
}
const calls = (fn: jest.Mock, path: string) => fn.mock.calls.flatMap(([u, init], i) => (u === path && (init as RequestInit).method === 'POST' ? [i] : []));

describe('the device id', () => {
  it('is 128 random bits in base64url, kept in localStorage, and its handle is the server’s (SHA-256, base64url, 22 characters)', async () => {
    const id = deviceId();
    expect(id).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(deviceId()).toBe(id);
    expect(window.localStorage.getItem('deviceId')).toBe(id);
    expect(await deviceHandle(id)).toBe(createHash('sha256').update(id).digest('base64url').slice(0, 22));
  });

  it('goes with every sign-in and with the Google start', async () => {
    const fetch = mockFetch(() => signedIn);
    renderApp('/auth');
    expect(await screen.findByRole('link', { name: /Google/ })).toHaveAttribute('href', `/api/auth/google?deviceId=${deviceId()}`);
    await signIn();
    await waitFor(() => expect(calls(fetch, '/api/auth/login')).toHaveLength(1));
    expect(bodyOf(fetch, calls(fetch, '/api/auth/login')[0])).toEqual({ identifier: 'mona@example.com', password: 'Secret123', deviceId: deviceId() });
  });
});

describe('a sign-in refused for one device too many', () => {
  it('says so in Arabic with the devices, removes the one chosen (confirmed) and signs in again with the password still in the form', async () => {
    window.localStorage.setItem('language', 'ar');
    let refused = true;
    const fetch = mockFetch((url) => {
      if (url === '/api/auth/login') return refused ? refusal(null) : signedIn;
      if (url === '/api/auth/devices/remove') return (refused = false), { status: 200, body: { message: 'removed' } };
      if (url === '/api/contact-info') return contactInfo;
      return { status: 404, body: { message: `unexpected ${url}` } };
    });
    const { location } = renderApp('/auth');
    await signIn('ar');

    const panel = await screen.findByTestId('device-limit');
    expect(within(panel).getByRole('heading', { name: 'هذا الحساب مستخدم بالفعل على جهازين' })).toBeInTheDocument();
    const rows = within(panel).getAllByTestId('refused-device');
    expect(rows.map((r) => within(r).getByText(/·/).textContent)).toEqual(['هاتف Android · Chrome', 'كمبيوتر Windows · Edge']);
    expect(rows[0]).toHaveTextContent('آخر استخدام قبل ساعتين');
    // The teacher's contact card: the chat and the phone.
    expect(await within(panel).findByRole('link', { name: 'راسل المدرس' })).toHaveAttribute('href', 'https://wa.me/201000000000');
    expect(within(panel).getByRole('link', { name: '+20 100 000 0000' })).toHaveAttribute('href', 'tel:+201000000000');
    // No error toast besides the panel.
    expect(document.querySelector('.swal2-toast')).toBeNull();

    await userEvent.click(within(rows[1]!).getByRole('button', { name: /حذف هذا الجهاز/ }));
    expect(await screen.findByText('حذف "كمبيوتر Windows · Edge"؟')).toBeInTheDocument();
    await userEvent.click(document.querySelector<HTMLButtonElement>('.swal2-confirm')!);

    await waitFor(() => expect(location()).toBe('/'));
    const [remove] = calls(fetch, '/api/auth/devices/remove');
    expect(bodyOf(fetch, remove)).toEqual({ removalToken: 'rt-1', deviceId: 'h-laptop-00000000000000' });
    const logins = calls(fetch, '/api/auth/login');
    expect(logins).toHaveLength(2);
    expect(logins[1]).toBeGreaterThan(remove!);
    expect(bodyOf(fetch, logins[1])).toEqual({ identifier: 'mona@example.com', password: 'Secret123', deviceId: deviceId() });
  });

  it('cancelled, removes nothing', async () => {
    const fetch = mockFetch((url) => (url === '/api/auth/login' ? refusal(null) : url === '/api/contact-info' ? contactInfo : { status: 404 }));
    renderApp('/auth');
    await signIn();
    const panel = await screen.findByTestId('device-limit');
    await userEvent.click(within(panel).getByRole('button', { name: 'Remove this device: Android phone · Chrome' }));
    await userEvent.click(await waitFor(() => document.querySelector<HTMLButtonElement>('.swal2-cancel')!));
    await waitFor(() => expect(document.querySelector('.swal2-popup')).toBeNull());
    expect(calls(fetch, '/api/auth/devices/remove')).toEqual([]);
    expect(calls(fetch, '/api/auth/login')).toHaveLength(1);
  });

  it('while a removal is not allowed yet, offers none and says from when; the teacher is the other way', async () => {
    const next = new Date(Date.now() + 12 * DAY).toISOString();
    mockFetch((url) => (url === '/api/auth/login' ? refusal(next) : url === '/api/contact-info' ? { status: 200, body: { data: { location: '', phone: '', email: '', chatUrl: '', social: [] } } } : { status: 404 }));
    renderApp('/auth');
    await signIn();
    const panel = await screen.findByTestId('device-limit');
    expect(within(panel).getByRole('heading', { name: 'This account is already used on 2 devices' })).toBeInTheDocument();
    expect(within(panel).queryByRole('button', { name: /Remove/ })).toBeNull();
    const day = new Intl.DateTimeFormat('en-GB', { dateStyle: 'long', timeStyle: 'short' }).format(Date.parse(next));
    expect(within(panel).getByTestId('removal-date')).toHaveTextContent(`You removed a device recently. You can remove another on ${day}.`);
    expect(await within(panel).findByText('Ask your teacher in class to reset your devices.')).toBeInTheDocument();
  });
});

describe('a Google sign-in refused for one device too many', () => {
  it('comes back with the token only: lists the devices by it, removes one and offers the Google sign-in again', async () => {
    const fetch = mockFetch((url) => {
      if (url === '/api/auth/devices?removalToken=rt-g') return { status: 200, body: { data: { devices, limit: 2, nextRemovalAt: null } } };
      if (url === '/api/auth/devices/remove') return { status: 200, body: { data: { removed: true } } };
      if (url === '/api/contact-info') return contactInfo;
      return { status: 404, body: { message: `unexpected ${url}` } };
    });
    renderApp('/auth/login?google=failed&reason=device_limit&removalToken=rt-g');
    const panel = await screen.findByTestId('device-limit');
    expect(within(panel).getByRole('heading', { name: 'This account is already used on 2 devices' })).toBeInTheDocument();
    // Not the generic "sign-in failed" toast.
    expect(screen.queryByText('something went wrong , try again!')).toBeNull();
    await userEvent.click(within(panel).getByRole('button', { name: 'Remove this device: Android phone · Chrome' }));
    await userEvent.click(await waitFor(() => document.querySelector<HTMLButtonElement>('.swal2-confirm')!));
    const removed = await screen.findByTestId('device-removed');
    expect(removed).toHaveTextContent('The device was removed. Sign in with Google again:');
    expect(within(removed).getByRole('link', { name: /Google/ })).toHaveAttribute('href', `/api/auth/google?deviceId=${deviceId()}`);
    expect(bodyOf(fetch, calls(fetch, '/api/auth/devices/remove')[0])).toEqual({ removalToken: 'rt-g', deviceId: 'h-phone-000000000000000' });
  });
});
