/**
 * Issue 43, the teacher's users list: a parent's row says "Parent" and offers no lecture to assign;
 * "Parents only" lists the parents (parents=true), the sharing flag and the order then do not apply.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { adminUser, mockFetch, renderApp, storeSession } from './helpers';
import { userRow } from './users-fixtures';

const page = (rows: unknown[]) => ({ status: 200, body: { data: rows, total: rows.length, pages: 1, page: 1 } });
const parent = userRow({ id: 'p1', firstName: 'Hoda', lastName: 'Saleh', role: 'PARENT', schooleYear: undefined });
const student = userRow({ id: 'u2', firstName: 'Omar' });

function usersList(language?: 'ar') {
  storeSession(adminUser);
  if (language) window.localStorage.setItem('language', language);
  return mockFetch((url) => {
    if (url === '/api/admin/allusers?page=1') return page([parent, student]);
    if (url === '/api/admin/allusers?page=1&parents=true') return page([parent]);
    return { status: 404, body: { message: `unexpected ${url}` } };
  });
}

describe('the users list: parents', () => {
  it("labels a parent's row and offers it no lecture; 'Parents only' asks for parents=true and greys the other two filters", async () => {
    const fetch = usersList();
    renderApp('/dashboard/users');
    const [parentRow, studentRow] = await screen.findAllByTestId('user-row');
    expect(within(parentRow!).getByText('Parent')).toBeInTheDocument();
    expect(within(parentRow!).queryByRole('button', { name: 'Assign a lecture to Hoda Saleh' })).toBeNull();
    expect(within(parentRow!).getByRole('button', { name: 'Block Hoda Saleh' })).toBeInTheDocument();
    expect(within(studentRow!).getByText('Active')).toBeInTheDocument();
    expect(within(studentRow!).getByRole('button', { name: 'Assign a lecture to Omar Hassan' })).toBeInTheDocument();

    await userEvent.click(screen.getByRole('checkbox', { name: 'Parents only' }));
    await waitFor(() => expect(screen.getAllByTestId('user-row')).toHaveLength(1));
    expect(fetch.mock.calls.map(([u]) => u)).toContain('/api/admin/allusers?page=1&parents=true');
    expect(screen.getByRole('checkbox', { name: 'Sharing suspected' })).toBeDisabled();
    expect(screen.getByRole('checkbox', { name: 'Latest active first' })).toBeDisabled();
  });

  it('in Arabic: ولي أمر, and أولياء الأمور فقط', async () => {
    usersList('ar');
    renderApp('/dashboard/users');
    const [parentRow] = await screen.findAllByTestId('user-row');
    expect(within(parentRow!).getByText('ولي أمر')).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: 'أولياء الأمور فقط' })).not.toBeChecked();
  });
});
