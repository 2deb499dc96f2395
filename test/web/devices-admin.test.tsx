/**
 * Issue 41, the teacher's side: a student's page shows the devices, the last sign-ins and the
 * sharing signals, and resets the devices (confirmed); the users list flags a student suspected of
 * sharing and filters by it.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { adminUser, mockFetch, renderApp, storeSession } from './helpers';
import { userRow } from './users-fixtures';

type Answer = { status: number; body?: unknown };
const details = { user: userRow(), lectures: [], results: [], wallet: { balance: 0, entries: [] } };
const devicesOf = (over: Record<string, unknown> = {}) => ({
  devices: [
    { id: 'h-phone-000000000000000', name: 'Android phone · Chrome', kind: 'phone', os: 'Android', browser: 'Chrome', firstSeenAt: '2026-10-01T08:00:00.000Z', lastSeenAt: '2026-11-20T08:00:00.000Z' },
    { id: 'h-laptop-00000000000000', name: 'Windows computer · Edge', kind: 'computer', os: 'Windows', browser: 'Edge', firstSeenAt: '2026-10-02T08:00:00.000Z', lastSeenAt: '2026-11-19T08:00:00.000Z' },
  ],
  signIns: Array.from({ length: 20 }, (_, i) => ({ at: new Date(Date.UTC(2026, 10, 20, 8, 59 - i)).toISOString(), name: 'Android phone · Chrome', kind: 'phone', os: 'Android', browser: 'Chrome', ip: '196.204.12' })),
  events: [
    { at: '2026-11-20T09:00:00.000Z', kind: 'deviceRefused', name: 'iOS phone · Safari' },
    { at: '2026-11-19T09:00:00.000Z', kind: 'streamTakenOver' },
  ],
  flagged: true,
  ...over,
});

function openStudent(handler: (url: string, init: RequestInit) => Answer | undefined, language?: 'ar') {
  storeSession(adminUser);
  if (language) window.localStorage.setItem('language', language);
  const fetch = mockFetch((url, init) => handler(url, init) ?? (url === '/api/admin/users/u1' ? { status: 200, body: { data: details } } : url === '/api/admin/users/u1/video-views' ? { status: 200, body: { data: [] } } : { status: 404, body: { message: `unexpected ${url}` } }));
  return { fetch, ...renderApp('/dashboard/users/u1') };
}

describe("a student's page: devices", () => {
  it('lists the devices, the last 20 sign-ins with the address, the sharing signals and the flag', async () => {
    openStudent((url) => (url === '/api/admin/users/u1/devices' ? { status: 200, body: { data: devicesOf() } } : undefined));
    const section = await screen.findByTestId('user-devices');
    expect(screen.getByRole('heading', { name: 'Devices' })).toBeInTheDocument();
    expect(within(section).getAllByTestId('user-device').map((d) => within(d).getByText(/·/).textContent)).toEqual(['Android phone · Chrome', 'Windows computer · Edge']);
    const signIns = within(section).getAllByTestId('sign-in-row');
    expect(signIns).toHaveLength(20);
    expect(signIns[0]).toHaveTextContent('Android phone · Chrome');
    expect(signIns[0]).toHaveTextContent('196.204.12');
    const events = within(section).getAllByTestId('sharing-event-row');
    expect(events[0]).toHaveTextContent('A further device was refused: iOS phone · Safari');
    expect(events[1]).toHaveTextContent('A playing video was taken over by another device');
    expect(within(section).getByTestId('sharing-flag')).toHaveTextContent('Sharing?');
  });

  it('resets the devices once confirmed, in Arabic, and shows the list again', async () => {
    let reset = false;
    const { fetch } = openStudent((url, init) => {
      if (url === '/api/admin/users/u1/devices' && init.method === 'DELETE') return (reset = true), { status: 200, body: { data: { reset: true, removed: 2 } } };
      if (url === '/api/admin/users/u1/devices') return { status: 200, body: { data: devicesOf(reset ? { devices: [], flagged: false } : {}) } };
      return undefined;
    }, 'ar');
    const section = await screen.findByTestId('user-devices');
    expect(screen.getByRole('heading', { name: 'الأجهزة' })).toBeInTheDocument();
    expect(within(section).getAllByTestId('user-device')[0]).toHaveTextContent('هاتف Android · Chrome');
    await userEvent.click(within(section).getByRole('button', { name: 'إعادة ضبط الأجهزة' }));
    expect(await screen.findByText('إعادة ضبط أجهزة هذا الطالب؟')).toBeInTheDocument();
    await userEvent.click(document.querySelector<HTMLButtonElement>('.swal2-confirm')!);
    expect(await within(section).findByText('لا توجد أجهزة بعد.')).toBeInTheDocument();
    expect(fetch.mock.calls.filter(([u, i]) => u === '/api/admin/users/u1/devices' && (i as RequestInit).method === 'DELETE')).toHaveLength(1);
  });
});

describe('the users list: sharing suspected', () => {
  it('flags a student and filters the list by it (flagged=true)', async () => {
    storeSession(adminUser);
    const page = (rows: unknown[]) => ({ status: 200, body: { data: rows, total: rows.length, pages: 1, page: 1 } });
    const fetch = mockFetch((url) => {
      if (url === '/api/admin/allusers?page=1') return page([userRow({ flagged: true }), userRow({ id: 'u2', firstName: 'Omar', flagged: false })]);
      if (url === '/api/admin/allusers?page=1&flagged=true') return page([userRow({ flagged: true })]);
      return { status: 404, body: { message: `unexpected ${url}` } };
    });
    renderApp('/dashboard/users');
    const rows = await screen.findAllByTestId('user-row');
    expect(rows).toHaveLength(2);
    expect(within(rows[0]!).getByTestId('sharing-flag')).toHaveTextContent('Sharing?');
    expect(within(rows[1]!).queryByTestId('sharing-flag')).toBeNull();

    await userEvent.click(screen.getByRole('checkbox', { name: 'Sharing suspected' }));
    await waitFor(() => expect(screen.getAllByTestId('user-row')).toHaveLength(1));
    expect(fetch.mock.calls.map(([u]) => u)).toContain('/api/admin/allusers?page=1&flagged=true');
  });
});
