/**
 * Issue 43 on /profile: "Invite a parent" — the code (XXXX-XXXX) and when it expires, a WhatsApp
 * share link with the sign-up link carrying the code in the student's language, and a copy button.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { mockFetch, renderApp, storeSession, studentUser } from './helpers';

const me = { firstName: 'Mona', lastName: 'Hassan', email: 'mona@example.com', mobileNumber: '+201012345678', schooleYear: 'Second year' };
const invite = { code: 'ABCD2345', expiresAt: '2026-12-14T16:00:00.000Z' };
type Answer = { status: number; body?: unknown };

function open(onInvite: () => Answer = () => ({ status: 201, body: { data: invite } }), language?: 'ar') {
  storeSession(studentUser);
  if (language) window.localStorage.setItem('language', language);
  const fetch = mockFetch((url, init) => {
    if (url === '/api/user/profile') return { status: 200, body: { data: me } };
    if (url === '/api/user/devices') return { status: 200, body: { data: { devices: [], limit: 2, removalDays: 30, nextRemovalAt: null } } };
    if (url === '/api/user/parent-invite' && init.method === 'POST') return onInvite();
    return { status: 404, body: { message: `unexpected ${url}` } };
  });
  renderApp('/profile');
  return fetch;
}
const SIGN_UP = 'http://localhost/auth/registeration?parent=ABCD2345';

describe('/profile: invite a parent', () => {
  it('makes a code on request and shows it as XXXX-XXXX with its expiry, a WhatsApp link and a copy button', async () => {
    const user = userEvent.setup();
    const fetch = open();
    const card = await screen.findByTestId('parent-invite');
    expect(within(card).getByRole('heading', { name: 'Invite a parent' })).toBeInTheDocument();
    expect(fetch.mock.calls.some(([u]) => u === '/api/user/parent-invite')).toBe(false);

    await user.click(within(card).getByRole('button', { name: 'Get an invite code' }));
    expect(await within(card).findByTestId('parent-code')).toHaveTextContent('ABCD-2345');
    expect(card).toHaveTextContent(/Valid until 14 Dec 2026.*, for one sign-up\./);

    const message = `Follow my lessons on Bioscope: sign up as my parent with this link (code ABCD-2345): ${SIGN_UP}`;
    const whatsApp = within(card).getByRole('link', { name: 'Send on WhatsApp' });
    expect(whatsApp).toHaveAttribute('href', `https://wa.me/?text=${encodeURIComponent(message)}`);
    expect(whatsApp).toHaveAttribute('target', '_blank');
    expect(whatsApp).toHaveAttribute('rel', expect.stringContaining('noopener'));

    await user.click(within(card).getByRole('button', { name: 'Copy the link' }));
    await expect(navigator.clipboard.readText()).resolves.toBe(SIGN_UP);
    expect(await screen.findByText('Link copied')).toBeInTheDocument();
  });

  it('writes the WhatsApp message in Arabic for an Arabic student', async () => {
    const user = userEvent.setup();
    open(undefined, 'ar');
    const card = await screen.findByTestId('parent-invite');
    expect(within(card).getByRole('heading', { name: 'دعوة ولي الأمر' })).toBeInTheDocument();
    await user.click(within(card).getByRole('button', { name: 'احصل على كود دعوة' }));
    expect(await within(card).findByTestId('parent-code')).toHaveTextContent('ABCD-2345');
    const href = within(card).getByRole('link', { name: 'أرسله على واتساب' }).getAttribute('href')!;
    expect(decodeURIComponent(href.replace('https://wa.me/?text=', ''))).toBe(`تابع دروسي على Bioscope: سجّل كولي أمري بهذا الرابط (الكود ABCD-2345): ${SIGN_UP}`);
  });

  it('asks a new code on request (the new one replaces the old)', async () => {
    const user = userEvent.setup();
    let n = 0;
    const fetch = open(() => ({ status: 201, body: { data: n++ ? { code: 'WXYZ6789', expiresAt: invite.expiresAt } : invite } }));
    const card = await screen.findByTestId('parent-invite');
    await user.click(within(card).getByRole('button', { name: 'Get an invite code' }));
    expect(await within(card).findByTestId('parent-code')).toHaveTextContent('ABCD-2345');
    await user.click(within(card).getByRole('button', { name: 'Get a new code' }));
    await waitFor(() => expect(within(card).getByTestId('parent-code')).toHaveTextContent('WXYZ-6789'));
    expect(fetch.mock.calls.filter(([u]) => u === '/api/user/parent-invite')).toHaveLength(2);
  });

  it.each([
    ['en', 'Four parents are linked already; ask the teacher to unlink one first.'],
    ['ar', 'لديك أربعة أولياء أمور مرتبطين؛ اطلب من المدرس فك ارتباط أحدهم أولًا.'],
  ] as const)('(%s) says 409 parent.tooMany in the card', async (language, text) => {
    const user = userEvent.setup();
    open(() => ({ status: 409, body: { message: 'Too many parents', code: 'parent.tooMany' } }), language === 'ar' ? 'ar' : undefined);
    const card = await screen.findByTestId('parent-invite');
    await user.click(within(card).getByRole('button', { name: language === 'ar' ? 'احصل على كود دعوة' : 'Get an invite code' }));
    expect(await within(card).findByRole('alert')).toHaveTextContent(text);
    expect(within(card).queryByTestId('parent-code')).toBeNull();
  });
});
