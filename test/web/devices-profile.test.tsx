/**
 * Issue 41 on /profile: "My devices" — this browser marked, another removed (confirmed), and a
 * removal refused by the teacher's period (429 devices.removalTooSoon) said with its date.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { deviceHandle } from '@/lib/device-id';
import { mockFetch, renderApp, storeSession, studentUser } from './helpers';

const DAY = 86_400_000;
const ago = (ms: number) => new Date(Date.now() - ms).toISOString();
const me = { firstName: 'Mona', lastName: 'Hassan', email: 'mona@example.com', mobileNumber: '+201012345678', schooleYear: 'Second year' };
const other = { id: 'h-other-00000000000000', name: 'iOS phone · Safari', kind: 'phone', os: 'iOS', browser: 'Safari', firstSeenAt: ago(50 * DAY), lastSeenAt: ago(3 * DAY) };

async function open({ nextRemovalAt = null as string | null, onDelete = (): { status: number; body?: unknown } => ({ status: 200, body: { data: { removed: true } } }), language = 'en' } = {}) {
  storeSession(studentUser);
  if (language === 'ar') window.localStorage.setItem('language', 'ar');
  const mine = { id: await deviceHandle(), name: 'Windows computer · Chrome', kind: 'computer', os: 'Windows', browser: 'Chrome', firstSeenAt: ago(10 * DAY), lastSeenAt: ago(60_000) };
  let devices = [mine, other];
  const fetch = mockFetch((url, init) => {
    if (url === '/api/user/profile') return { status: 200, body: { data: me } };
    if (url === '/api/user/devices') return { status: 200, body: { data: { devices, limit: 2, removalDays: 30, nextRemovalAt } } };
    if (url === `/api/user/devices/${other.id}` && init.method === 'DELETE') {
      const answer = onDelete();
      if (answer.status === 200) devices = [mine];
      return answer;
    }
    return { status: 404, body: { message: `unexpected ${url}` } };
  });
  renderApp('/profile');
  return { fetch, mine };
}

describe('/profile: my devices', () => {
  it('lists my devices with this one marked, and removes another once confirmed', async () => {
    const { fetch } = await open();
    const card = await screen.findByTestId('my-devices');
    expect(within(card).getByRole('heading', { name: 'My devices' })).toBeInTheDocument();
    expect(await within(card).findByText('Your account may be used on at most 2 devices. You can remove a device once every 30 days.')).toBeInTheDocument();
    const rows = await within(card).findAllByTestId('device');
    expect(rows).toHaveLength(2);
    await waitFor(() => expect(rows[0]).toHaveTextContent('This device'));
    expect(rows[0]).toHaveTextContent('Windows computer · Chrome');
    expect(rows[0]).toHaveTextContent('Last used 1 minute ago');
    expect(rows[1]).not.toHaveTextContent('This device');
    expect(rows[1]).toHaveTextContent('Last used 3 days ago');
    // This device has no remove button (removing it would sign this browser out).
    expect(within(rows[0]!).queryByRole('button')).toBeNull();

    await userEvent.click(within(rows[1]!).getByRole('button', { name: 'Remove iOS phone · Safari' }));
    expect(await screen.findByText('Remove "iOS phone · Safari" from your devices?')).toBeInTheDocument();
    await userEvent.click(document.querySelector<HTMLButtonElement>('.swal2-confirm')!);
    await waitFor(() => expect(within(card).getAllByTestId('device')).toHaveLength(1));
    expect(fetch.mock.calls.filter(([u, i]) => u === `/api/user/devices/${other.id}` && (i as RequestInit).method === 'DELETE')).toHaveLength(1);
  });

  it('in Arabic, says when the next removal is possible and offers none before', async () => {
    const next = new Date(Date.now() + 20 * DAY).toISOString();
    await open({ nextRemovalAt: next, language: 'ar' });
    const card = await screen.findByTestId('my-devices');
    expect(within(card).getByRole('heading', { name: 'أجهزتي' })).toBeInTheDocument();
    await waitFor(() => expect(within(card).getAllByTestId('device')[0]).toHaveTextContent('هذا الجهاز'));
    expect(within(card).getAllByTestId('device')[1]).toHaveTextContent('هاتف iOS · Safari');
    expect(within(card).queryByRole('button', { name: /حذف/ })).toBeNull();
    const day = new Intl.DateTimeFormat('ar-EG', { dateStyle: 'long', timeStyle: 'short' }).format(Date.parse(next));
    expect(within(card).getByTestId('next-removal')).toHaveTextContent(`يمكنك حذف جهاز آخر يوم ${day}.`);
  });

  it('a removal refused as too soon (429) says from when', async () => {
    const next = new Date(Date.now() + 5 * DAY).toISOString();
    await open({ onDelete: () => ({ status: 429, body: { code: 'devices.removalTooSoon', message: 'Too soon', nextRemovalAt: next } }) });
    const card = await screen.findByTestId('my-devices');
    const rows = await within(card).findAllByTestId('device');
    await userEvent.click(within(rows[1]!).getByRole('button', { name: 'Remove iOS phone · Safari' }));
    await userEvent.click(await waitFor(() => document.querySelector<HTMLButtonElement>('.swal2-confirm')!));
    const day = new Intl.DateTimeFormat('en-GB', { dateStyle: 'long', timeStyle: 'short' }).format(Date.parse(next));
    expect(await within(card).findByTestId('next-removal')).toHaveTextContent(`You can remove another device on ${day}.`);
    expect(within(card).getAllByTestId('device')).toHaveLength(2);
  });
});
