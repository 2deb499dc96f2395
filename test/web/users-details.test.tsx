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
  wallet: { balance: 0, entries: [] },
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

describe("/dashboard/users/{id}: the student's video views (issue 16)", () => {
  const rows = (views: number) => [
    { lectureId: 'l1', lectureName: 'انقسام الخلية', videoId: 'v1', videoName: 'Video one', views, viewLimit: 3 },
    { lectureId: 'l1', lectureName: 'انقسام الخلية', videoId: 'v2', videoName: 'Video two', views: 1, viewLimit: 3 },
    { lectureId: 'l2', lectureName: 'الوراثة', videoId: 'v9', videoName: 'Genes', views: 5, viewLimit: null },
  ];

  it('lists the views per lecture against its limit; a reset asks first, resets that lecture, says so and reloads the counts', async () => {
    let views = 3;
    const { fetch } = open((url, init) => {
      if (url === '/api/admin/users/u1/video-views') return { status: 200, body: { data: rows(views) } };
      if (url === '/api/admin/users/u1/video-views?lectureId=l1' && init.method === 'DELETE') {
        views = 0;
        return { status: 200, body: { message: 'Views reset', reset: 2 } };
      }
      return undefined;
    });
    const lectures = await screen.findAllByTestId('views-lecture');
    expect(lectures).toHaveLength(2);
    expect(within(lectures[0]!).getByText('Limit: 3 views per video')).toBeInTheDocument();
    expect(within(lectures[0]!).getAllByTestId('views-row').map((r) => r.textContent)).toEqual([expect.stringContaining('3 / 3'), expect.stringContaining('1 / 3')]);
    expect(within(lectures[1]!).getByText('No view limit')).toBeInTheDocument();
    expect(within(lectures[1]!).getByTestId('views-row')).toHaveTextContent('5');

    await userEvent.click(within(lectures[0]!).getByRole('button', { name: 'Reset views' }));
    await waitFor(() => expect(swalTitle()).toBe('Reset the views?'));
    await userEvent.click(document.querySelector<HTMLButtonElement>('.swal2-confirm')!);
    await waitFor(() => expect(swalTitle()).toBe('Views of انقسام الخلية reset'));
    expect(fetch.mock.calls.filter(([url, i]) => String(url).includes('video-views?') && i?.method === 'DELETE')).toHaveLength(1);
    await waitFor(() => expect(within(screen.getAllByTestId('views-lecture')[0]!).getAllByTestId('views-row')[0]).toHaveTextContent('0 / 3'));
  });

  it('a cancelled confirm resets nothing', async () => {
    const { fetch } = open((url) => (url === '/api/admin/users/u1/video-views' ? { status: 200, body: { data: rows(2) } } : undefined));
    const [first] = await screen.findAllByTestId('views-lecture');
    await userEvent.click(within(first!).getByRole('button', { name: 'Reset views' }));
    await waitFor(() => expect(swalTitle()).toBe('Reset the views?'));
    await userEvent.click(document.querySelector<HTMLButtonElement>('.swal2-cancel')!);
    await waitFor(() => expect(document.querySelector('.swal2-container')).toBeNull());
    expect(fetch.mock.calls.some(([, i]) => i?.method === 'DELETE')).toBe(false);
  });
});
