/**
 * The student's bell in the top navigation (features/notifications): only for a signed-in student,
 * the unread count from the list call (asked again on focus), the list in the user's language with
 * each item leading where it belongs, an item read when followed, "Mark all read"; and the
 * notification settings on /profile.
 */
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { adminUser, bodyOf, mockFetch, renderApp, storeSession, studentUser } from './helpers';

type Answer = { status: number; body?: unknown };
const at = '2026-12-07T10:00:00.000Z';
const NOTES = [
  { id: 'n1', type: 'newLecture', createdAt: at, read: false, lectureId: 'L1', lectureName: 'Genetics', courseName: 'Second year' },
  { id: 'n2', type: 'quizResult', createdAt: at, read: false, quizId: 'Q1', title: 'Cells quiz', score: 8, total: 10, passed: true },
  { id: 'n3', type: 'paymentConfirmed', createdAt: at, read: true, orderId: 'O1', name: 'Evolution', amount: 150 },
  { id: 'kiosk-O2', type: 'kioskExpiring', createdAt: at, read: true, orderId: 'O2', lectureId: 'L2', name: 'Ecology', amount: 80, reference: '9912345', expiresAt: '2026-12-08T16:30:00.000Z' },
  { id: 'n5', type: 'walletCredited', createdAt: at, read: true, amount: 40, reason: 'adjustment' },
];

function open(path = '/', opts: { user?: typeof studentUser | typeof adminUser | null; language?: 'ar'; handler?: (url: string, init: RequestInit) => Answer | undefined; notes?: typeof NOTES } = {}) {
  const user = opts.user === undefined ? studentUser : opts.user;
  if (user) storeSession(user);
  if (opts.language) window.localStorage.setItem('language', opts.language);
  const notes = (opts.notes ?? NOTES).map((n) => ({ ...n }));
  const fetch = mockFetch(
    (url, init) =>
      opts.handler?.(url, init) ??
      (url === '/api/user/notifications'
        ? { status: 200, body: { data: notes, unread: notes.filter((n) => !n.read).length } }
        : url === '/api/user/notifications/read'
          ? { status: 200, body: { message: 'Notifications marked read', data: { unread: 'all' in bodyOf(fetch, fetch.mock.calls.length - 1) ? 0 : notes.filter((n) => !n.read).length - 1 } } }
          : url === '/api/user/messages/unread'
            ? { status: 200, body: { data: { unread: 0 } } }
            : url === '/api/wallet'
              ? { status: 200, body: { data: { balance: 0, entries: [] } } }
              : url === '/api/user/profile'
                ? { status: 200, body: { data: { firstName: 'Mona', lastName: 'Hassan', email: 'mona@example.com', schooleYear: 'Second year' } } }
                : { status: 404, body: { message: `unexpected ${url}` } }),
    { topBar: true },
  );
  return { fetch, ...renderApp(path) };
}
const calls = (fetch: jest.Mock, url: string) => fetch.mock.calls.filter(([u]) => u === url);
const bell = () => screen.findByTestId('notification-bell');
/** An accessible name holding `text` once the names' isolates (U+2068, U+2069) are left out. */
const named = (text: string) => (name: string) => name.replace(/[\u2068\u2069]/g, '').includes(text);

describe('the bell', () => {
  it('is not shown to a visitor or to the teacher', async () => {
    const visitor = open('/', { user: null });
    await screen.findByRole('heading', { name: 'الصفوف الدراسية' });
    expect(screen.queryByTestId('notification-bell')).not.toBeInTheDocument();
    expect(calls(visitor.fetch, '/api/user/notifications')).toEqual([]);
    visitor.unmount();
    window.localStorage.clear();
    const teacher = open('/', { user: adminUser });
    await screen.findByRole('heading', { name: 'الصفوف الدراسية' });
    expect(screen.queryByTestId('notification-bell')).not.toBeInTheDocument();
    expect(calls(teacher.fetch, '/api/user/notifications')).toEqual([]);
  });

  it("shows a student's unread count from the list, and asks again when the window regains focus", async () => {
    const { fetch } = open();
    expect(await screen.findByTestId('notifications-badge')).toHaveTextContent('2');
    expect(await bell()).toHaveAccessibleName('2 unread notifications');
    const before = calls(fetch, '/api/user/notifications').length;
    await act(async () => void window.dispatchEvent(new Event('focus')));
    await waitFor(() => expect(calls(fetch, '/api/user/notifications').length).toBe(before + 1));
  });

  it('opens the list in English, each item leading where it belongs', async () => {
    open();
    await userEvent.click(await bell());
    const panel = await screen.findByRole('dialog', { name: 'Notifications' });
    const link = (text: string) => within(panel).getByRole('link', { name: named(text) });
    expect(link('New lecture in Second year: Genetics')).toHaveAttribute('href', '/lec/L1');
    expect(link('Cells quiz: 8/10 — passed')).toHaveAttribute('href', '/quiz?id=Q1');
    expect(link('Payment confirmed: Evolution (150 LE)')).toHaveAttribute('href', '/profile/lecPay');
    expect(link('Kiosk reference 9912345 for Ecology (80 LE) expires')).toHaveAttribute('href', '/pay');
    expect(link('40 LE added to your wallet by the teacher')).toHaveAttribute('href', '/profile/wallet');
    expect(within(panel).getAllByRole('img', { name: 'Unread' })).toHaveLength(2);
  });

  it('following an unread item marks it read and goes there; the count follows', async () => {
    const { fetch, location } = open();
    await userEvent.click(await bell());
    await userEvent.click(await screen.findByRole('link', { name: named('New lecture in Second year: Genetics') }));
    await waitFor(() => expect(location()).toBe('/lec/L1'));
    const reads = calls(fetch, '/api/user/notifications/read');
    expect(reads.map(([, init]) => JSON.parse(String((init as RequestInit).body)))).toEqual([{ ids: ['n1'] }]);
    await waitFor(() => expect(screen.getByTestId('notifications-badge')).toHaveTextContent('1'));
    expect(screen.queryByRole('dialog', { name: 'Notifications' })).not.toBeInTheDocument();
  });

  it('"Mark all read" sends {all: true}, the badge goes and the button is off', async () => {
    const { fetch } = open();
    await userEvent.click(await bell());
    const panel = await screen.findByRole('dialog', { name: 'Notifications' });
    await userEvent.click(within(panel).getByRole('button', { name: 'Mark all read' }));
    await waitFor(() => expect(screen.queryByTestId('notifications-badge')).not.toBeInTheDocument());
    expect(calls(fetch, '/api/user/notifications/read').map(([, init]) => JSON.parse(String((init as RequestInit).body)))).toEqual([{ all: true }]);
    expect(within(panel).getByRole('button', { name: 'Mark all read' })).toBeDisabled();
    expect(within(panel).queryAllByRole('img', { name: 'Unread' })).toEqual([]);
  });

  it('says so when there is nothing, and closes with Escape', async () => {
    open('/', { notes: [] });
    await userEvent.click(await bell());
    expect(await screen.findByText(/Nothing new yet/)).toBeInTheDocument();
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('dialog', { name: 'Notifications' })).not.toBeInTheDocument();
  });

  it('in Arabic: the list and its texts', async () => {
    open('/', { language: 'ar' });
    await waitFor(async () => expect(await bell()).toHaveAccessibleName('إشعاران غير مقروءين'));
    await userEvent.click(await bell());
    const panel = await screen.findByRole('dialog', { name: 'الإشعارات' });
    expect(within(panel).getByRole('button', { name: 'تعليم الكل كمقروء' })).toBeInTheDocument();
    expect(within(panel).getByRole('link', { name: named('محاضرة جديدة في Second year: Genetics') })).toHaveAttribute('href', '/lec/L1');
    expect(within(panel).getByRole('link', { name: named('أضاف المدرس 40 ج.م إلى محفظتك') })).toBeInTheDocument();
    expect(document.documentElement.dir).toBe('rtl');
  });
});

describe('notification settings on /profile', () => {
  it('shows e-mail on and WhatsApp off, and saves a switch turned', async () => {
    let saved = { email: true, whatsapp: false };
    const { fetch } = open('/profile', {
      handler: (url, init) => {
        if (url !== '/api/user/notification-settings') return undefined;
        if (init.method === 'PATCH') saved = { ...saved, ...(JSON.parse(String(init.body)) as object) };
        return { status: 200, body: { data: saved } };
      },
    });
    const card = await screen.findByTestId('notification-settings');
    const email = await within(card).findByRole('checkbox', { name: 'E-mail (payment receipts)' });
    const whatsapp = within(card).getByRole('checkbox', { name: /WhatsApp/ });
    expect(email).toBeChecked();
    expect(whatsapp).not.toBeChecked();
    await userEvent.click(whatsapp);
    await waitFor(() => expect(within(card).getByRole('checkbox', { name: /WhatsApp/ })).toBeChecked());
    const patches = fetch.mock.calls.filter(([u, init]) => u === '/api/user/notification-settings' && (init as RequestInit).method === 'PATCH');
    expect(patches.map(([, init]) => JSON.parse(String((init as RequestInit).body)))).toEqual([{ whatsapp: true }]);
  });
});
