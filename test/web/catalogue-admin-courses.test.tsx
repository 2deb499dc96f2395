import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { adminUser, mockFetch, renderApp, storeSession } from './helpers';
import { course, fileOf } from './catalogue-fixtures';

function admin(handler: (url: string, init: RequestInit) => { status: number; body?: unknown } = () => ({ status: 200, body: { data: [] } })) {
  storeSession(adminUser);
  const fetch = mockFetch((url, init) => (url === '/api/cours/all' ? { status: 200, body: { data: [course()] } } : handler(url, init)));
  const app = renderApp('/dashboard');
  return { fetch, ...app };
}

async function openAddModal() {
  await userEvent.click(await screen.findByRole('button', { name: /Add course/ }));
  return screen.getByRole('dialog', { name: 'Add course' });
}

const createCalls = (fetch: jest.Mock) => fetch.mock.calls.filter(([url]) => url === '/api/cours/create-course');

describe('admin courses: add-course validation', () => {
  it('requires a name and sends nothing without one', async () => {
    const { fetch } = admin();
    const dialog = await openAddModal();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(within(dialog).getByText('This field is required')).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Course name')).toHaveAttribute('aria-invalid', 'true');
    expect(createCalls(fetch)).toHaveLength(0);
  });

  it("refuses an image of 1 MB or more with 'maximum size for image is 1MB'", async () => {
    const { fetch } = admin();
    const dialog = await openAddModal();
    await userEvent.type(within(dialog).getByLabelText('Course name'), 'الصف الثالث الثانوي');
    await userEvent.upload(within(dialog).getByLabelText('Image (under 1 MB)'), fileOf('big.png', 'image/png', 1_000_000));
    expect(within(dialog).getByText('maximum size for image is 1MB')).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(createCalls(fetch)).toHaveLength(0);

    await userEvent.upload(within(dialog).getByLabelText('Image (under 1 MB)'), fileOf('ok.png', 'image/png', 999_999));
    expect(within(dialog).queryByText('maximum size for image is 1MB')).not.toBeInTheDocument();
  });

  it('has both tracks checked by default and sends a multipart course; the new card is appended', async () => {
    const created = course({ id: 'c9', name: 'الصف الثالث الثانوي' });
    const { fetch } = admin((url) => (url === '/api/cours/create-course' ? { status: 201, body: created } : { status: 200, body: { data: [] } }));
    const dialog = await openAddModal();
    expect(within(dialog).getByRole('checkbox', { name: 'ثانوي عام' })).toBeChecked();
    expect(within(dialog).getByRole('checkbox', { name: 'ثانوي لغات' })).toBeChecked();
    await userEvent.type(within(dialog).getByLabelText('Course name'), '  الصف الثالث الثانوي ');
    const image = fileOf('grade.png', 'image/png', 2048);
    await userEvent.upload(within(dialog).getByLabelText('Image (under 1 MB)'), image);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(createCalls(fetch)).toHaveLength(1));
    const form = createCalls(fetch)[0]![1].body as FormData;
    expect(form.get('name')).toBe('الصف الثالث الثانوي');
    expect(JSON.parse(String(form.get('courseFor')))).toEqual(['ثانوي عام', 'ثانوي لغات']);
    expect((form.get('image') as File).name).toBe('grade.png');
    expect(await screen.findByText('Course Added Succesfully')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(await screen.findAllByTestId('grade-card')).toHaveLength(2);
  });

  it('needs at least one track', async () => {
    const { fetch } = admin();
    const dialog = await openAddModal();
    await userEvent.type(within(dialog).getByLabelText('Course name'), 'X');
    await userEvent.click(within(dialog).getByRole('checkbox', { name: 'ثانوي عام' }));
    await userEvent.click(within(dialog).getByRole('checkbox', { name: 'ثانوي لغات' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(within(dialog).getByText('Choose at least one track')).toBeInTheDocument();
    expect(createCalls(fetch)).toHaveLength(0);
  });

  it("deletes after 'Are you sure?' and toasts 'Course Deleted Succesfully'", async () => {
    const { fetch } = admin((url, init) =>
      url === '/api/cours/c1' && init.method === 'DELETE' ? { status: 200, body: { id: 'c1', message: 'Course Deleted Succesfully' } } : { status: 200, body: {} },
    );
    await userEvent.click(await screen.findByRole('button', { name: /Delete الصف الأول الثانوي/ }));
    expect(await screen.findByText('Are you sure?')).toBeInTheDocument();
    // sweetalert2 hides its page behind aria-hidden; its confirm button is .swal2-confirm.
    await userEvent.click(document.querySelector<HTMLButtonElement>('.swal2-confirm')!);
    expect(await screen.findByText('Course Deleted Succesfully')).toBeInTheDocument();
    expect(fetch.mock.calls.some(([url, init]) => url === '/api/cours/c1' && (init as RequestInit).method === 'DELETE')).toBe(true);
    await waitFor(() => expect(screen.queryByTestId('grade-card')).not.toBeInTheDocument());
  });

  it('the tracks of a course open /dashboard/terms with the course state', async () => {
    const { router } = admin();
    const card = await screen.findByTestId('grade-card');
    await userEvent.click(within(card).getByRole('link', { name: 'ثانوي عام' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/terms'));
    expect(router.state.location.state).toEqual({ courseId: 'c1', courseFor: 'ثانوي عام', courseName: 'الصف الأول الثانوي' });
  });
});
