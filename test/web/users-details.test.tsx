import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { adminUser, mockFetch, renderApp, storeSession } from './helpers';
import { purchased } from './commerce-fixtures';
import { userRow } from './users-fixtures';

type Answer = { status: number; body?: unknown };
type Handler = (url: string, init: RequestInit) => Answer | undefined;

const details = (over: Record<string, unknown> = {}) => ({
  user: userRow({ lastSignInAt: '2026-11-20T08:30:00.000Z' }),
  lectures: [
    purchased({ id: 'l1', lectureName: 'انقسام الخلية', name: 'انقسام الخلية', source: 'payment', pricePaid: 120, expired: false }),
    purchased({ id: 'l2', lectureName: 'الوراثة', name: 'الوراثة', source: 'grant', pricePaid: 0, expired: true }),
  ],
  results: [
    { quizId: 'q1', title: 'Cell quiz', bestScore: 80, lastScore: 60, passed: true, attempts: 2, updatedAt: '2026-11-10T09:00:00.000Z' },
    { quizId: 'q2', title: 'اختبار الوراثة', bestScore: 30, lastScore: 30, passed: false, attempts: 1, updatedAt: '2026-11-11T09:00:00.000Z' },
  ],
  ...over,
});

function open(handler: Handler = () => undefined, body = details(), language?: 'ar') {
  storeSession(adminUser);
  if (language) window.localStorage.setItem('language', language);
  const fetch = mockFetch((url, init) => handler(url, init) ?? (url === '/api/admin/users/u1' ? { status: 200, body: { data: body } } : { status: 404, body: { message: `unexpected ${url}` } }));
  return { fetch, ...renderApp('/dashboard/users/u1') };
}
const swalTitle = () => document.querySelector('.swal2-title')?.textContent;

describe('/dashboard/users/{id}', () => {
  it("shows the student's profile, status, joined and last sign-in, the lectures owned and the quiz results", async () => {
    open();
    expect(await screen.findByRole('heading', { name: 'Mona Hassan' })).toBeInTheDocument();
    expect(screen.getByText('mona@example.com')).toBeInTheDocument();
    expect(screen.getByText('01012345678')).toBeInTheDocument();
    expect(screen.getByText('Second year')).toBeInTheDocument();
    expect(screen.getByTestId('user-status')).toHaveTextContent('Active');
    expect(screen.getByText('1 Nov 2026')).toBeInTheDocument();
    expect(screen.getByText(/20 Nov 2026/)).toBeInTheDocument();
    const owned = screen.getAllByTestId('owned-row').map((r) => within(r));
    expect(owned).toHaveLength(2);
    expect(owned[0]!.getByText('انقسام الخلية')).toBeInTheDocument();
    expect(owned[0]!.getByText('Bought')).toBeInTheDocument();
    expect(owned[0]!.getByText('120 LE')).toBeInTheDocument();
    expect(owned[0]!.getByText('Current')).toBeInTheDocument();
    expect(owned[1]!.getByText('Granted')).toBeInTheDocument();
    expect(owned[1]!.getByText('Expired')).toBeInTheDocument();
    const results = screen.getAllByTestId('result-row').map((r) => within(r));
    expect(results[0]!.getByText('Cell quiz')).toBeInTheDocument();
    expect(results[0]!.getByText('80%')).toBeInTheDocument();
    expect(results[0]!.getByText('Passed')).toBeInTheDocument();
    expect(results[0]!.getByText('2')).toBeInTheDocument();
    expect(results[1]!.getByText('Not passed')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to users' })).toHaveAttribute('href', '/dashboard/users');
  });

  it('says when there are no lectures, no results and no sign-in yet; a blocked student shows Unblock', async () => {
    open(undefined, details({ user: userRow({ block: true }), lectures: [], results: [] }));
    expect(await screen.findByText('No lectures yet')).toBeInTheDocument();
    expect(screen.getByText('No quizzes taken yet')).toBeInTheDocument();
    expect(screen.getByText('Not yet')).toBeInTheDocument();
    expect(screen.getByTestId('user-status')).toHaveTextContent('Blocked');
    expect(screen.getByRole('button', { name: 'Unblock Mona Hassan' })).toBeInTheDocument();
  });

  it('an admin account shows no block or delete', async () => {
    open(undefined, details({ user: userRow({ role: 'ADMIN' }), lectures: [], results: [] }));
    expect(await screen.findByTestId('user-status')).toHaveTextContent('Admin');
    expect(screen.queryByRole('button', { name: /Block|Delete/ })).toBeNull();
  });

  it('blocks from here (the page refetches); deletes after the confirm and goes back to the users', async () => {
    let blocked = false;
    const { location } = open((url, init) => {
      if (url === '/api/admin/users/u1') return { status: 200, body: { data: details({ user: userRow({ block: blocked }) }) } };
      if (url === '/api/user/blockUser/u1' && init.method === 'PATCH') {
        blocked = !blocked;
        return { status: 200, body: { message: 'ok', data: { id: 'u1', block: blocked } } };
      }
      if (url === '/api/user/deleteUser/u1' && init.method === 'DELETE') return { status: 200, body: { id: 'u1', message: 'Deleted' } };
      if (url.startsWith('/api/admin/allusers')) return { status: 200, body: { data: [], page: 1, limit: 6, total: 0, pages: 0 } };
      return undefined;
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Block Mona Hassan' }));
    await waitFor(() => expect(screen.getByTestId('user-status')).toHaveTextContent('Blocked'));
    await userEvent.click(screen.getByRole('button', { name: 'Delete Mona Hassan' }));
    await waitFor(() => expect(swalTitle()).toBe('Are you sure?'));
    await userEvent.click(document.querySelector<HTMLButtonElement>('.swal2-confirm')!);
    await waitFor(() => expect(location()).toBe('/dashboard/users'));
    await waitFor(() => expect(swalTitle()).toBe('User Deleted Successfully'));
  });

  it('opens the assign-lecture modal for this student', async () => {
    open((url) => (url === '/api/cours/all' ? { status: 200, body: { data: [] } } : undefined));
    await userEvent.click(await screen.findByRole('button', { name: 'Assign a lecture to Mona Hassan' }));
    expect(screen.getByRole('dialog', { name: 'Assign lecture' })).toHaveTextContent('mona@example.com');
  });

  it('an unknown id says so (404 user.notFound); in Arabic', async () => {
    open((url) => (url === '/api/admin/users/u1' ? { status: 404, body: { code: 'user.notFound', message: 'User not found' } } : undefined), details(), 'ar');
    expect(await screen.findByText('لا يوجد مستخدم بهذا المعرف')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'العودة إلى المستخدمين' })).toBeInTheDocument();
  });
});
