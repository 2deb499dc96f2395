import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { adminUser, mockFetch, renderApp, storeSession } from './helpers';

const msg = (over: Record<string, unknown> = {}) => ({
  id: '01M2',
  subject: 'سؤال',
  message: 'When is the next lecture?',
  user: { id: 'u1', firstName: 'Mona', lastName: 'Hassan', email: 'mona@example.com' },
  createdAt: '2026-11-20T10:00:00.000Z',
  read: false,
  replies: [] as { text: string; createdAt: string }[],
  ...over,
});
type Reply = { status: number; body?: unknown } | undefined;

function inbox(list: ReturnType<typeof msg>[], handler: (url: string, init: RequestInit) => Reply = () => undefined, language?: 'ar') {
  storeSession(adminUser);
  if (language) window.localStorage.setItem('language', language);
  let current = list;
  let unread = list.filter((m) => !m.read).length;
  const fetch = mockFetch((url, init) => {
    const own = handler(url, init);
    if (own) return own;
    if (url === '/api/admin/contect') return { status: 200, body: { data: current, unread: current.filter((m) => !m.read).length } };
    if (url === '/api/admin/messages/unread') return { status: 200, body: { data: { unread } } };
    if (url === '/api/admin/messages/read') {
      unread = 0;
      return { status: 200, body: { message: 'read', data: { unread: 0 } } };
    }
    if (url.startsWith('/api/admin/delete_us/')) {
      const id = url.split('/').pop();
      current = current.filter((m) => m.id !== id);
      return { status: 200, body: { id, message: 'Deleted Succesfully' } };
    }
    return { status: 404, body: { message: `unexpected ${url}` } };
  });
  return { fetch, ...renderApp('/dashboard/messages') };
}
const callsTo = (fetch: jest.Mock, url: string, method = 'GET') => fetch.mock.calls.filter(([u, init]) => u === url && ((init as RequestInit).method ?? 'GET') === method);
const swalTitle = () => document.querySelector('.swal2-title')?.textContent;
const swalButton = (kind: 'confirm' | 'cancel') => document.querySelector<HTMLButtonElement>(`.swal2-${kind}`)!;

describe('/dashboard/messages', () => {
  it('lists the messages newest first with sender, subject, message and date; unread ones marked', async () => {
    inbox([msg(), msg({ id: '01M1', subject: 'Old one', message: 'hi', read: true, user: { id: 'u2', firstName: 'Omar', lastName: 'Ali' } })]);
    const items = await screen.findAllByTestId('inbox-item');
    expect(items).toHaveLength(2);
    expect(within(items[0]!).getByText('Mona Hassan')).toBeInTheDocument();
    expect(within(items[0]!).getByText('سؤال')).toBeInTheDocument();
    expect(within(items[0]!).getByText('When is the next lecture?')).toBeInTheDocument();
    expect(within(items[0]!).getByText('New')).toBeInTheDocument();
    expect(items[0]).toHaveClass('is-unread');
    expect(within(items[0]!).getByRole('time')).toHaveAttribute('dateTime', '2026-11-20T10:00:00.000Z');
    expect(within(items[1]!).getByText('Omar Ali')).toBeInTheDocument();
    expect(within(items[1]!).queryByText('New')).toBeNull();
  });

  it('marks the inbox read once the list has loaded, and the menu badge drops', async () => {
    const { fetch } = inbox([msg(), msg({ id: '01M3' })]);
    const nav = await screen.findByRole('navigation', { name: 'Dashboard menu' });
    await screen.findAllByTestId('inbox-item');
    await waitFor(() => expect(callsTo(fetch, '/api/admin/messages/read', 'POST')).toHaveLength(1));
    await waitFor(() => expect(within(nav).queryByTestId('unread-badge')).toBeNull());
    // The marks stay as they were loaded until the next load.
    expect(screen.getAllByText('New')).toHaveLength(2);
  });

  it('does not mark read when nothing is unread', async () => {
    const { fetch } = inbox([msg({ read: true })]);
    await screen.findAllByTestId('inbox-item');
    await new Promise((r) => setTimeout(r, 50));
    expect(callsTo(fetch, '/api/admin/messages/read', 'POST')).toHaveLength(0);
  });

  it("deletes after the confirm, says 'Deleted Succesfully' and reloads the list", async () => {
    const { fetch } = inbox([msg({ read: true }), msg({ id: '01M1', subject: 'Other', read: true })]);
    const items = await screen.findAllByTestId('inbox-item');
    await userEvent.click(within(items[0]!).getByRole('button', { name: 'Delete message' }));
    await waitFor(() => expect(swalTitle()).toBe('Are you sure?'));
    swalButton('confirm').click();
    await waitFor(() => expect(swalTitle()).toBe('Deleted Succesfully'));
    expect(callsTo(fetch, '/api/admin/delete_us/01M2', 'DELETE')).toHaveLength(1);
    await waitFor(() => expect(screen.getAllByTestId('inbox-item')).toHaveLength(1));
    expect(callsTo(fetch, '/api/admin/contect').length).toBeGreaterThanOrEqual(2);
  });

  it('cancelling the confirm deletes nothing; a failure shows the error or Somthing went wrong', async () => {
    const { fetch } = inbox([msg({ read: true })], (url) => (url.startsWith('/api/admin/delete_us/') ? { status: 500 } : undefined));
    const [item] = await screen.findAllByTestId('inbox-item');
    await userEvent.click(within(item!).getByRole('button', { name: 'Delete message' }));
    await waitFor(() => expect(swalTitle()).toBe('Are you sure?'));
    swalButton('cancel').click();
    await waitFor(() => expect(document.querySelector('.swal2-popup')).toBeNull());
    expect(callsTo(fetch, '/api/admin/delete_us/01M2', 'DELETE')).toHaveLength(0);
    await userEvent.click(within(item!).getByRole('button', { name: 'Delete message' }));
    await waitFor(() => expect(swalTitle()).toBe('Are you sure?'));
    swalButton('confirm').click();
    await waitFor(() => expect(swalTitle()).toBe('Somthing went wrong'));
  });

  it('shows the menu badge with the unread count, and says when there are no messages (Arabic)', async () => {
    inbox([], (url) => (url === '/api/admin/messages/unread' ? { status: 200, body: { data: { unread: 3 } } } : undefined), 'ar');
    expect(await screen.findByText('لا توجد رسائل بعد')).toBeInTheDocument();
    const badge = await screen.findByTestId('unread-badge');
    expect(badge).toHaveTextContent('3');
    expect(badge).toHaveAttribute('aria-label', '3 رسائل غير مقروءة');
    expect(document.documentElement.dir).toBe('rtl');
  });
});
