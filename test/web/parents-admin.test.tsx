/**
 * Issue 43 on the teacher's student page (/dashboard/users/{id}): the student's parents, and
 * unlinking one behind a confirm.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { adminUser, mockFetch, renderApp, storeSession } from './helpers';
import { userRow } from './users-fixtures';

const details = { user: userRow(), lectures: [], results: [], wallet: { balance: 0, entries: [] } };
const hoda = { id: 'p1', firstName: 'Hoda', lastName: 'Hassan', email: 'hoda@example.com', mobileNumber: '+201112345678', linkedAt: '2026-11-02T10:00:00.000Z' };
const samir = { id: 'p2', firstName: 'Samir', lastName: 'Hassan', email: 'samir@example.com', mobileNumber: '+201212345678', linkedAt: '2026-11-05T10:00:00.000Z' };
type Answer = { status: number; body?: unknown };

function open({ parents = [hoda, samir], onDelete = (): Answer => ({ status: 200, body: { message: 'Parent unlinked' } }), language = undefined as 'ar' | undefined } = {}) {
  storeSession(adminUser);
  if (language) window.localStorage.setItem('language', language);
  const fetch = mockFetch((url, init) => {
    if (url === '/api/admin/users/u1') return { status: 200, body: { data: details } };
    if (url === '/api/admin/users/u1/parents') return { status: 200, body: { data: parents } };
    if (url === '/api/admin/users/u1/parents/p1' && init.method === 'DELETE') return onDelete();
    return { status: 404, body: { message: `unexpected ${url}` } };
  });
  renderApp('/dashboard/users/u1');
  return fetch;
}
const confirmButton = () => document.querySelector<HTMLButtonElement>('.swal2-confirm')!;
const swalTitle = () => document.querySelector('.swal2-title')?.textContent;

describe("the teacher's student page: parents", () => {
  it("lists the student's parents with e-mail, phone and when they were linked", async () => {
    open();
    const section = await screen.findByTestId('user-parents');
    expect(within(screen.getByRole('region', { name: 'Parents' })).getByTestId('user-parents')).toBe(section);
    const rows = await within(section).findAllByTestId('parent-row');
    expect(rows).toHaveLength(2);
    expect(rows[0]).toHaveTextContent('Hoda Hassan');
    expect(rows[0]).toHaveTextContent('hoda@example.com');
    expect(rows[0]).toHaveTextContent('01112345678');
    expect(rows[0]).toHaveTextContent('Linked 2 Nov 2026');
  });

  it('unlinks a parent once confirmed, and not when cancelled', async () => {
    const user = userEvent.setup();
    const fetch = open();
    const section = await screen.findByTestId('user-parents');
    const deletes = () => fetch.mock.calls.filter(([u, i]) => u === '/api/admin/users/u1/parents/p1' && (i as RequestInit).method === 'DELETE');

    await user.click(await within(section).findByRole('button', { name: 'Unlink Hoda Hassan' }));
    await waitFor(() => expect(swalTitle()).toBe("Unlink Hoda Hassan from this student? They will no longer see the student's report."));
    await user.click(document.querySelector<HTMLButtonElement>('.swal2-cancel')!);
    await waitFor(() => expect(document.querySelector('.swal2-container')).toBeNull());
    expect(deletes()).toHaveLength(0);

    await user.click(within(section).getByRole('button', { name: 'Unlink Hoda Hassan' }));
    await waitFor(() => expect(swalTitle()).toContain('Hoda Hassan'));
    await user.click(confirmButton());
    await waitFor(() => expect(within(section).getAllByTestId('parent-row')).toHaveLength(1));
    expect(deletes()).toHaveLength(1);
    expect(within(section).getByTestId('parent-row')).toHaveTextContent('Samir Hassan');
    expect(await screen.findByText('Parent unlinked')).toBeInTheDocument();
  });

  it('keeps the parent and says so when the unlink fails (in Arabic)', async () => {
    const user = userEvent.setup();
    open({ language: 'ar', onDelete: () => ({ status: 404, body: { message: 'Not linked', code: 'notFound' } }) });
    const section = await screen.findByTestId('user-parents');
    await user.click(await within(section).findByRole('button', { name: 'فك ارتباط Hoda Hassan' }));
    await waitFor(() => expect(swalTitle()).toContain('Hoda Hassan'));
    await user.click(confirmButton());
    expect(await screen.findByText('تعذر فك ارتباط ولي الأمر.')).toBeInTheDocument();
    expect(within(section).getAllByTestId('parent-row')).toHaveLength(2);
  });

  it('says when no parent is linked', async () => {
    open({ parents: [] });
    const section = await screen.findByTestId('user-parents');
    expect(await within(section).findByText('No parent is linked.')).toBeInTheDocument();
  });
});
