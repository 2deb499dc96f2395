/**
 * A course's school year on the teacher's course form: whose bell its new lectures ring (docs/notifications.md).
 * Sent when chosen; left out when not said.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { adminUser, mockFetch, renderApp, storeSession } from './helpers';
import { course } from './catalogue-fixtures';

function admin(handler: (url: string, init: RequestInit) => { status: number; body?: unknown }) {
  storeSession(adminUser);
  const fetch = mockFetch((url, init) => (url === '/api/cours/all' ? { status: 200, body: { data: [course()] } } : handler(url, init)));
  return { fetch, ...renderApp('/dashboard') };
}
const formOf = (fetch: jest.Mock, url: string) => fetch.mock.calls.filter(([u]) => u === url).map(([, init]) => (init as RequestInit).body as FormData);

describe("a course's school year", () => {
  it('is not said by default (nothing sent), and sent when chosen', async () => {
    let made = 0;
    // Each course made is a course of its own (the list keeps both).
    const { fetch } = admin((url) => (url === '/api/cours/create-course' ? { status: 201, body: course({ id: `c${9 + made++}`, name: 'Third' }) } : { status: 200, body: { data: [] } }));
    await userEvent.click(await screen.findByRole('button', { name: /Add course/ }));
    let dialog = screen.getByRole('dialog', { name: 'Add course' });
    const year = within(dialog).getByLabelText('School year (its new lectures notify its students)');
    expect(year).toHaveValue('');
    await userEvent.type(within(dialog).getByLabelText('Course name'), 'الصف الثالث الثانوي');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(formOf(fetch, '/api/cours/create-course')).toHaveLength(1));
    expect(formOf(fetch, '/api/cours/create-course')[0]!.get('schooleYear')).toBeNull();

    await userEvent.click(await screen.findByRole('button', { name: /Add course/ }));
    dialog = screen.getByRole('dialog', { name: 'Add course' });
    await userEvent.type(within(dialog).getByLabelText('Course name'), 'الصف الثالث الثانوي');
    await userEvent.selectOptions(within(dialog).getByLabelText('School year (its new lectures notify its students)'), 'Third year');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(formOf(fetch, '/api/cours/create-course')).toHaveLength(2));
    expect(formOf(fetch, '/api/cours/create-course')[1]!.get('schooleYear')).toBe('Third year');
  });
});

describe('a course with no school year on the dashboard', () => {
  it('says under its name that its new lectures notify no one; a course with one says nothing', async () => {
    storeSession(adminUser);
    mockFetch((url) => (url === '/api/cours/all' ? { status: 200, body: { data: [course(), course({ id: 'c2', name: 'الصف الثاني الثانوي', schooleYear: 'Second year' })] } } : { status: 200, body: { data: [] } }));
    renderApp('/dashboard');
    const [without, withYear] = await screen.findAllByTestId('grade-card');
    expect(within(without!).getByTestId('grade-card-note')).toHaveTextContent('No school year: its new lectures notify no one. Edit to set it.');
    expect(within(withYear!).queryByTestId('grade-card-note')).toBeNull();
  });

  it('in Arabic', async () => {
    storeSession(adminUser);
    window.localStorage.setItem('language', 'ar');
    mockFetch((url) => (url === '/api/cours/all' ? { status: 200, body: { data: [course()] } } : { status: 200, body: { data: [] } }));
    renderApp('/dashboard');
    expect(await screen.findByTestId('grade-card-note')).toHaveTextContent('بلا صف دراسي: لن يُبلَّغ أحد بمحاضراته الجديدة. عدّله لتحديده.');
  });
});
