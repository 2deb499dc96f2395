import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { pageWindow } from '@/features/users/lib/page-window';
import { SEARCH_DEBOUNCE_MS } from '@/features/users/lib/use-debounced';
import { adminUser, bodyOf, mockFetch, renderApp, storeSession } from './helpers';
import { course, lecture } from './catalogue-fixtures';
import { type UserRowFixture, userRow } from './users-fixtures';

type Answer = { status: number; body?: unknown };
type Handler = (url: string, init: RequestInit) => Answer | undefined;

const row = userRow;
const people = Array.from({ length: 14 }, (_, i) => row({ id: `u${i + 1}`, firstName: `Student${i + 1}`, email: `s${i + 1}@example.com` }));

/** The server's paging: newest first is its order; here the list as given, searched by name/e-mail/phone. */
function pageOf(url: string, list: UserRowFixture[]): Answer {
  const q = new URL(url, 'http://x').searchParams;
  const search = (q.get('search') ?? '').toLowerCase();
  const page = Number(q.get('page') ?? 1);
  const found = list.filter((u) => !search || `${u.firstName} ${u.lastName} ${u.email} ${u.mobileNumber}`.toLowerCase().includes(search));
  return { status: 200, body: { data: found.slice((page - 1) * 6, page * 6), page, limit: 6, total: found.length, pages: Math.ceil(found.length / 6) } };
}

function users(handler: Handler = () => undefined, list = people, language?: 'ar') {
  storeSession(adminUser);
  if (language) window.localStorage.setItem('language', language);
  const fetch = mockFetch((url, init) => handler(url, init) ?? (url.startsWith('/api/admin/allusers') ? pageOf(url, list) : { status: 404, body: { message: `unexpected ${url}` } }));
  return { fetch, ...renderApp('/dashboard/users') };
}
const listCalls = (fetch: jest.Mock) => fetch.mock.calls.map(([u]) => String(u)).filter((u) => u.startsWith('/api/admin/allusers'));
const callsTo = (fetch: jest.Mock, url: string, method: string) => fetch.mock.calls.map(([u, init], i) => [u, (init as RequestInit).method, i] as const).filter(([u, m]) => u === url && m === method);
const names = () => screen.getAllByTestId('user-row').map((r) => within(r).getAllByRole('cell')[0]!.textContent);
const swalTitle = () => document.querySelector('.swal2-title')?.textContent;
const swalButton = (kind: 'confirm' | 'cancel') => document.querySelector<HTMLButtonElement>(`.swal2-${kind}`)!;

describe('pageWindow (spec 9: up to 3 page numbers)', () => {
  it('centres the current page and slides at the ends', () => {
    expect(pageWindow(1, 0)).toEqual([]);
    expect(pageWindow(1, 1)).toEqual([1]);
    expect(pageWindow(1, 2)).toEqual([1, 2]);
    expect(pageWindow(1, 10)).toEqual([1, 2, 3]);
    expect(pageWindow(5, 10)).toEqual([4, 5, 6]);
    expect(pageWindow(10, 10)).toEqual([8, 9, 10]);
    expect(pageWindow(12, 10)).toEqual([8, 9, 10]);
  });
});

describe('/dashboard/users', () => {
  it('lists the users with name, e-mail, phone, school year and status; a name links to the student page; an admin row has no actions', async () => {
    users(undefined, [row(), row({ id: 'u2', firstName: 'Omar', block: true, schooleYear: 'Third year' }), row({ id: 'a1', firstName: 'Ahmed', role: 'ADMIN', schooleYear: undefined })]);
    expect(await screen.findByRole('heading', { name: 'Users' })).toBeInTheDocument();
    const rows = await screen.findAllByTestId('user-row');
    expect(rows).toHaveLength(3);
    const [mona, omar, admin] = rows.map((r) => within(r));
    expect(mona!.getByRole('link', { name: 'Open the page of Mona Hassan' })).toHaveAttribute('href', '/dashboard/users/u1');
    expect(mona!.getByText('mona@example.com')).toBeInTheDocument();
    expect(mona!.getByText('01012345678')).toBeInTheDocument();
    expect(mona!.getByText('Second year')).toBeInTheDocument();
    expect(mona!.getByText('Active')).toBeInTheDocument();
    expect(mona!.getByRole('button', { name: 'Block Mona Hassan' })).toBeInTheDocument();
    expect(omar!.getByText('Blocked')).toBeInTheDocument();
    expect(omar!.getByRole('button', { name: 'Unblock Omar Hassan' })).toHaveAttribute('aria-pressed', 'true');
    expect(admin!.getByText('Admin')).toBeInTheDocument();
    expect(admin!.queryByRole('button')).toBeNull();
    expect(screen.getByTestId('users-count')).toHaveTextContent('3 users');
    expect(screen.queryByRole('navigation', { name: 'Pages' })).toBeNull();
  });

  it('a click on a row opens the student page', async () => {
    const { location } = users((url) => (url === '/api/admin/users/u1' ? { status: 200, body: { data: { user: row(), lectures: [], results: [], wallet: { balance: 0, entries: [] } } } } : undefined));
    const rows = await screen.findAllByTestId('user-row');
    await userEvent.click(within(rows[0]!).getByText('Second year'));
    await waitFor(() => expect(location()).toBe('/dashboard/users/u1'));
  });

  it('pages of 6 with previous, a window of up to 3 page numbers, and next', async () => {
    const { fetch } = users();
    await screen.findAllByTestId('user-row');
    expect(names()).toHaveLength(6);
    expect(names()[0]).toBe('Student1 Hassan');
    const pager = within(screen.getByRole('navigation', { name: 'Pages' }));
    expect(pager.getAllByRole('button', { name: /^Page / }).map((b) => b.textContent)).toEqual(['1', '2', '3']);
    expect(pager.getByRole('button', { name: 'Page 1' })).toHaveAttribute('aria-current', 'page');
    expect(pager.getByRole('button', { name: /Previous/ })).toBeDisabled();
    await userEvent.click(pager.getByRole('button', { name: 'Page 3' }));
    await waitFor(() => expect(names()[0]).toBe('Student13 Hassan'));
    expect(names()).toHaveLength(2);
    expect(listCalls(fetch).at(-1)).toBe('/api/admin/allusers?page=3');
    expect(screen.getByRole('button', { name: /Next/ })).toBeDisabled();
    await userEvent.click(screen.getByRole('button', { name: /Previous/ }));
    await waitFor(() => expect(names()[0]).toBe('Student7 Hassan'));
    expect(screen.getByRole('button', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page');
  });

  it('searches once the typing pauses (debounced), from the first page, with the text sent as typed', async () => {
    const { fetch } = users(undefined, [...people, row({ id: 'x', firstName: 'منى', lastName: 'علي', email: 'mona.ali@example.com', mobileNumber: '+201099999999' })]);
    await screen.findAllByTestId('user-row');
    await userEvent.click(screen.getByRole('button', { name: 'Page 2' }));
    await waitFor(() => expect(listCalls(fetch).at(-1)).toBe('/api/admin/allusers?page=2'));
    const before = listCalls(fetch).length;
    await userEvent.type(screen.getByLabelText('Search users'), '0109');
    // Nothing asked while typing; one call once it settles.
    expect(listCalls(fetch)).toHaveLength(before);
    await waitFor(() => expect(listCalls(fetch)).toHaveLength(before + 1), { timeout: SEARCH_DEBOUNCE_MS * 4 });
    expect(listCalls(fetch).at(-1)).toBe('/api/admin/allusers?search=0109&page=1');
    await waitFor(() => expect(names()).toEqual(['منى علي']));
    await new Promise((r) => setTimeout(r, SEARCH_DEBOUNCE_MS + 100));
    expect(listCalls(fetch)).toHaveLength(before + 1);

    await userEvent.clear(screen.getByLabelText('Search users'));
    await userEvent.type(screen.getByLabelText('Search users'), 'nobody');
    expect(await screen.findByText('No user matches “nobody”', undefined, { timeout: SEARCH_DEBOUNCE_MS * 4 })).toBeInTheDocument();
  });

  it('a search without a word of 2 characters is not sent: the field says why and the list stays', async () => {
    const { fetch } = users();
    await screen.findAllByTestId('user-row');
    const before = listCalls(fetch).length;
    for (const text of ['m', '01', 'a b']) {
      await userEvent.clear(screen.getByLabelText('Search users'));
      await userEvent.type(screen.getByLabelText('Search users'), text);
      expect(await screen.findByText('Type at least 2 letters or digits to search', undefined, { timeout: SEARCH_DEBOUNCE_MS * 4 })).toBeInTheDocument();
    }
    expect(listCalls(fetch).filter((u) => u.includes('search='))).toEqual([]);
    expect(listCalls(fetch).length).toBeLessThanOrEqual(before + 1);
    expect(names()).toHaveLength(6);
    await userEvent.type(screen.getByLabelText('Search users'), 'c');
    await waitFor(() => expect(listCalls(fetch).at(-1)).toBe('/api/admin/allusers?search=a+bc&page=1'), { timeout: SEARCH_DEBOUNCE_MS * 4 });
    expect(screen.queryByText('Type at least 2 letters or digits to search')).toBeNull();
  });

  it('a total the server only bounds from below is said as "at least", and the pager reaches the pages found', async () => {
    const { fetch } = users((url) => {
      if (!url.includes('search=')) return undefined;
      const page = Number(new URL(url, 'http://x').searchParams.get('page'));
      // As the server answers a common name at a big school: the matches read so far, one page past the current.
      const total = 6 * page + 1;
      return { status: 200, body: { data: people.slice(0, 6), page, limit: 6, total, pages: page + 1, totalIsLowerBound: true } };
    });
    await screen.findAllByTestId('user-row');
    await userEvent.type(screen.getByLabelText('Search users'), 'mohamed');
    await waitFor(() => expect(screen.getByTestId('users-count')).toHaveTextContent('At least 7 users: type more of the name to narrow the search'), { timeout: SEARCH_DEBOUNCE_MS * 4 });
    const pager = within(screen.getByRole('navigation', { name: 'Pages' }));
    expect(pager.getAllByRole('button', { name: /^Page / }).map((b) => b.textContent)).toEqual(['1', '2']);
    await userEvent.click(pager.getByRole('button', { name: /Next/ }));
    await waitFor(() => expect(listCalls(fetch).at(-1)).toBe('/api/admin/allusers?search=mohamed&page=2'));
    await waitFor(() => expect(screen.getByTestId('users-count')).toHaveTextContent('At least 13 users'));
    expect(within(screen.getByRole('navigation', { name: 'Pages' })).getAllByRole('button', { name: /^Page / }).map((b) => b.textContent)).toEqual(['1', '2', '3']);
  });

  it("block toggles (the list refetches), unblock too; a failure says 'Failed to block user'", async () => {
    const list = [row()];
    let fail = false;
    const { fetch } = users((url, init) => {
      if (url === '/api/user/blockUser/u1' && init.method === 'PATCH') {
        if (fail) return { status: 500 };
        list[0] = { ...list[0]!, block: !list[0]!.block };
        return { status: 200, body: { message: 'ok', data: { id: 'u1', block: list[0]!.block } } };
      }
      return undefined;
    }, list);
    await userEvent.click(await screen.findByRole('button', { name: 'Block Mona Hassan' }));
    await waitFor(() => expect(swalTitle()).toBe('Mona Hassan is blocked'));
    expect(await screen.findByText('Blocked')).toBeInTheDocument();
    await userEvent.click(await screen.findByRole('button', { name: 'Unblock Mona Hassan' }));
    await waitFor(() => expect(swalTitle()).toBe('Mona Hassan is unblocked'));
    expect(await screen.findByText('Active')).toBeInTheDocument();
    expect(callsTo(fetch, '/api/user/blockUser/u1', 'PATCH')).toHaveLength(2);
    fail = true;
    await userEvent.click(await screen.findByRole('button', { name: 'Block Mona Hassan' }));
    await waitFor(() => expect(swalTitle()).toBe('Failed to block user'));
  });

  it("an admin account's refusal (403 user.adminProtected) is said", async () => {
    users((url) => (url === '/api/user/blockUser/u1' ? { status: 403, body: { code: 'user.adminProtected', message: 'An admin account cannot be blocked or deleted' } } : undefined), [row()]);
    await userEvent.click(await screen.findByRole('button', { name: 'Block Mona Hassan' }));
    await waitFor(() => expect(swalTitle()).toBe('An admin account cannot be blocked or deleted here'));
  });

  it("delete asks 'Are you sure?' first; 'User Deleted Successfully' and the row goes; a failure says 'Failed to delete user'", async () => {
    let list = [row(), row({ id: 'u2', firstName: 'Omar' })];
    let fail = true;
    const { fetch } = users(
      (url, init) => {
        if (url.startsWith('/api/admin/allusers')) return pageOf(url, list);
        if (url === '/api/user/deleteUser/u1' && init.method === 'DELETE') {
          if (fail) return { status: 500 };
          list = list.filter((u) => u.id !== 'u1');
          return { status: 200, body: { id: 'u1', message: 'Deleted' } };
        }
        return undefined;
      },
      list,
    );
    await userEvent.click(await screen.findByRole('button', { name: 'Delete Mona Hassan' }));
    await waitFor(() => expect(swalTitle()).toBe('Are you sure?'));
    expect(document.querySelector('.swal2-html-container')).toHaveTextContent("You won't be able to revert this!");
    await userEvent.click(swalButton('cancel'));
    await waitFor(() => expect(swalTitle()).toBeUndefined());
    expect(callsTo(fetch, '/api/user/deleteUser/u1', 'DELETE')).toHaveLength(0);

    await userEvent.click(screen.getByRole('button', { name: 'Delete Mona Hassan' }));
    await waitFor(() => expect(swalTitle()).toBe('Are you sure?'));
    await userEvent.click(swalButton('confirm'));
    await waitFor(() => expect(swalTitle()).toBe('Failed to delete user'));
    expect(screen.getAllByTestId('user-row')).toHaveLength(2);

    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Delete Mona Hassan' }));
    await waitFor(() => expect(swalTitle()).toBe('Are you sure?'));
    await userEvent.click(swalButton('confirm'));
    await waitFor(() => expect(swalTitle()).toBe('User Deleted Successfully'));
    await waitFor(() => expect(names()).toEqual(['Omar Hassan']));
  });

  it('in Arabic: headings, columns and actions, the spec texts as written', async () => {
    users(undefined, [row()], 'ar');
    expect(await screen.findByRole('heading', { name: 'المستخدمون' })).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'حظر Mona Hassan' })).toBeInTheDocument();
    expect(screen.getByRole('columnheader', { name: 'البريد الإلكتروني' })).toBeInTheDocument();
    expect(screen.getByLabelText('البحث عن مستخدم')).toBeInTheDocument();
    expect(screen.getByText('الصف الثاني الثانوي')).toBeInTheDocument();
  });
});

describe('the assign-lecture modal (spec 5)', () => {
  const courses = [course(), course({ id: 'c2', name: 'الصف الثاني الثانوي', courseFor: 'ثانوي لغات' })];
  const terms = [
    { id: 't1', name: 'الترم الأول', courseFor: 'ثانوي عام', isLocked: false },
    { id: 't2', name: 'الترم الثاني', courseFor: 'ثانوي عام', isLocked: false },
  ];
  const lectures = [lecture({ id: 'l1', price: 0, isFree: true }), lecture({ id: 'l2', name: 'الوراثة', lectureName: 'الوراثة', price: 120, isFree: false })];
  const catalogue =
    (over: Handler = () => undefined): Handler =>
    (url, init) =>
      over(url, init) ??
      (url === '/api/cours/all'
        ? { status: 200, body: { data: courses } }
        : url.startsWith('/api/cours/Term/')
          ? { status: 200, body: { data: terms } }
          : url === '/api/admin/getlecture/t1'
            ? { status: 200, body: { data: lectures } }
            : url === '/api/admin/getlecture/t2'
              ? { status: 200, body: { data: [] } }
              : undefined);
  const dialog = () => within(screen.getByRole('dialog', { name: 'Assign lecture' }));
  async function openModal(over?: Handler) {
    const r = users(catalogue(over), [row()]);
    await userEvent.click(await screen.findByRole('button', { name: 'Assign a lecture to Mona Hassan' }));
    return r;
  }

  it('each select stays disabled until the one before it is chosen; a new choice clears the ones after', async () => {
    const { fetch } = await openModal();
    const d = dialog();
    expect(d.getByText(/To Mona Hassan/)).toBeInTheDocument();
    await waitFor(() => expect(d.getByLabelText('Course')).toBeEnabled());
    expect(d.getByLabelText('Track')).toBeDisabled();
    expect(d.getByLabelText('Term')).toBeDisabled();
    expect(d.getByLabelText('Lecture')).toBeDisabled();
    await userEvent.selectOptions(d.getByLabelText('Course'), 'c1');
    expect(d.getByLabelText('Track')).toBeEnabled();
    expect([...d.getByLabelText<HTMLSelectElement>('Track').options].slice(1).map((o) => o.value)).toEqual(['ثانوي عام', 'ثانوي لغات']);
    expect(d.getByLabelText('Term')).toBeDisabled();
    await userEvent.selectOptions(d.getByLabelText('Track'), 'ثانوي عام');
    await waitFor(() => expect(d.getByLabelText('Term')).toBeEnabled());
    expect(fetch.mock.calls.some(([u]) => u === `/api/cours/Term/${encodeURIComponent('ثانوي عام')}/c1`)).toBe(true);
    await userEvent.selectOptions(d.getByLabelText('Term'), 't2');
    expect(await d.findByText('This term has no lectures')).toBeInTheDocument();
    expect(d.getByLabelText('Lecture')).toBeDisabled();
    await userEvent.selectOptions(d.getByLabelText('Term'), 't1');
    await waitFor(() => expect(d.getByLabelText('Lecture')).toBeEnabled());
    expect([...d.getByLabelText<HTMLSelectElement>('Lecture').options].slice(1).map((o) => o.textContent)).toEqual(['انقسام الخلية — free', 'الوراثة — 120 LE']);
    await userEvent.selectOptions(d.getByLabelText('Lecture'), 'l2');
    // A new course clears track, term and lecture.
    await userEvent.selectOptions(d.getByLabelText('Course'), 'c2');
    expect(d.getByLabelText('Track')).toHaveValue('');
    expect(d.getByLabelText('Term')).toBeDisabled();
    expect(d.getByLabelText('Lecture')).toBeDisabled();
    expect(d.getByLabelText('Lecture')).toHaveValue('');
  });

  it("'Please select a lecture' when none is chosen; sends {email, lectureName, lectureId}; 'Lecture assigned successfully' and the modal closes", async () => {
    const { fetch } = await openModal((url) =>
      url === '/api/admin/grant-lecture'
        ? { status: 201, body: { message: 'ok', data: { email: 'mona@example.com', lectureName: 'الوراثة', lectureId: 'l2', purchaseDate: '2026-11-24T00:00:00Z', expiryDate: '2026-12-24T00:00:00Z' } } }
        : undefined,
    );
    const d = dialog();
    await userEvent.click(d.getByRole('button', { name: 'Assign' }));
    expect(d.getByText('Please select a lecture')).toBeInTheDocument();
    expect(callsTo(fetch, '/api/admin/grant-lecture', 'POST')).toHaveLength(0);
    await waitFor(() => expect(d.getByLabelText('Course')).toBeEnabled());
    await userEvent.selectOptions(d.getByLabelText('Course'), 'c1');
    await userEvent.selectOptions(d.getByLabelText('Track'), 'ثانوي عام');
    await waitFor(() => expect(d.getByLabelText('Term')).toBeEnabled());
    await userEvent.selectOptions(d.getByLabelText('Term'), 't1');
    await waitFor(() => expect(d.getByLabelText('Lecture')).toBeEnabled());
    await userEvent.selectOptions(d.getByLabelText('Lecture'), 'l2');
    expect(d.queryByText('Please select a lecture')).toBeNull();
    await userEvent.click(d.getByRole('button', { name: 'Assign' }));
    await waitFor(() => expect(callsTo(fetch, '/api/admin/grant-lecture', 'POST')).toHaveLength(1));
    expect(bodyOf(fetch, callsTo(fetch, '/api/admin/grant-lecture', 'POST')[0]![2])).toEqual({ email: 'mona@example.com', lectureName: 'الوراثة', lectureId: 'l2' });
    await waitFor(() => expect(swalTitle()).toBe('Lecture assigned successfully'));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it("a failed grant says 'Failed to assign lecture' (or the server's reason) and keeps the modal open", async () => {
    let answer: Answer = { status: 500 };
    await openModal((url) => (url === '/api/admin/grant-lecture' ? answer : undefined));
    const d = dialog();
    await waitFor(() => expect(d.getByLabelText('Course')).toBeEnabled());
    await userEvent.selectOptions(d.getByLabelText('Course'), 'c1');
    await userEvent.selectOptions(d.getByLabelText('Track'), 'ثانوي عام');
    await waitFor(() => expect(d.getByLabelText('Term')).toBeEnabled());
    await userEvent.selectOptions(d.getByLabelText('Term'), 't1');
    await waitFor(() => expect(d.getByLabelText('Lecture')).toBeEnabled());
    await userEvent.selectOptions(d.getByLabelText('Lecture'), 'l1');
    await userEvent.click(d.getByRole('button', { name: 'Assign' }));
    await waitFor(() => expect(swalTitle()).toBe('Failed to assign lecture'));
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    answer = { status: 404, body: { code: 'lecture.notFound', message: 'Lecture not found' } };
    await act(async () => (await import('sweetalert2')).default.close());
    await userEvent.click(d.getByRole('button', { name: 'Assign' }));
    await waitFor(() => expect(swalTitle()).toBe('Lecture not found'));
  });

  it("a term's lectures that fail to load say 'Failed to load lectures'; Cancel closes", async () => {
    await openModal((url) => (url === '/api/admin/getlecture/t1' ? { status: 500 } : undefined));
    const d = dialog();
    await waitFor(() => expect(d.getByLabelText('Course')).toBeEnabled());
    await userEvent.selectOptions(d.getByLabelText('Course'), 'c1');
    await userEvent.selectOptions(d.getByLabelText('Track'), 'ثانوي عام');
    await waitFor(() => expect(d.getByLabelText('Term')).toBeEnabled());
    await userEvent.selectOptions(d.getByLabelText('Term'), 't1');
    await waitFor(() => expect(swalTitle()).toBe('Failed to load lectures'));
    expect(d.getByLabelText('Lecture')).toBeDisabled();
    await userEvent.click(d.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
