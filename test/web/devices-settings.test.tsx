/**
 * Issue 41: /dashboard/settings — the teacher's four switches, in the admin menu, filled from the
 * server, checked by the shared rules in the user's language, and saved.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { adminUser, bodyOf, mockFetch, renderApp, storeSession } from './helpers';

const stored = { deviceLimit: 2, deviceRemovalDays: 30, singleSession: true, sharingFlagThreshold: 3 };

function open(language?: 'ar') {
  storeSession(adminUser);
  if (language) window.localStorage.setItem('language', language);
  let saved = stored;
  const fetch = mockFetch((url, init) => {
    if (url === '/api/admin/settings' && init.method === 'PATCH') return (saved = { ...saved, ...JSON.parse(String(init.body)) }), { status: 200, body: { data: saved } };
    if (url === '/api/admin/settings') return { status: 200, body: { data: saved } };
    if (url === '/api/admin/messages/unread') return { status: 200, body: { data: { unread: 0 } } };
    return { status: 404, body: { message: `unexpected ${url}` } };
  });
  return { fetch, ...renderApp('/dashboard/settings') };
}
const patches = (fetch: jest.Mock) => fetch.mock.calls.flatMap(([u, init], i) => (u === '/api/admin/settings' && (init as RequestInit).method === 'PATCH' ? [i] : []));

describe('/dashboard/settings', () => {
  it('is in the admin menu, shows the stored settings and saves a change', async () => {
    const { fetch } = open();
    expect(await screen.findByRole('heading', { name: 'Settings' })).toBeInTheDocument();
    const menu = screen.getByRole('navigation', { name: 'Dashboard menu' });
    expect(within(menu).getByRole('link', { name: 'Settings' })).toHaveAttribute('aria-current', 'page');
    const limit = await screen.findByLabelText('Devices per student');
    await waitFor(() => expect(limit).toHaveValue(2));
    expect(screen.getByLabelText('Days between removals')).toHaveValue(30);
    expect(screen.getByLabelText('Flag sharing after')).toHaveValue(3);
    expect(screen.getByRole('checkbox', { name: /One signed-in session at a time/ })).toBeChecked();

    await userEvent.clear(limit);
    await userEvent.type(limit, '3');
    await userEvent.click(screen.getByRole('checkbox', { name: /One signed-in session at a time/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Save settings' }));
    await waitFor(() => expect(patches(fetch)).toHaveLength(1));
    expect(bodyOf(fetch, patches(fetch)[0])).toEqual({ deviceLimit: 3, deviceRemovalDays: 30, singleSession: false, sharingFlagThreshold: 3 });
    expect(await screen.findByText('Settings saved')).toBeInTheDocument();
  });

  it('checks the bounds in Arabic and sends nothing out of them', async () => {
    const { fetch } = open('ar');
    const limit = await screen.findByLabelText('عدد الأجهزة لكل طالب');
    await waitFor(() => expect(limit).toHaveValue(2));
    await userEvent.clear(limit);
    await userEvent.type(limit, '9');
    const days = screen.getByLabelText('عدد الأيام بين كل حذف والتالي');
    await userEvent.clear(days);
    await userEvent.click(screen.getByRole('button', { name: 'حفظ الإعدادات' }));
    expect(await screen.findByText(/عدد الأجهزة لكل طالب.*5/)).toBeInTheDocument();
    expect(screen.getByText(/عدد الأيام بين كل حذف والتالي/, { selector: '[role="alert"]' })).toBeInTheDocument();
    expect(patches(fetch)).toEqual([]);
  });
});
