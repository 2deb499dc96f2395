import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ADMIN_SHELL_CALLS, adminUser, deferredFetch, mockFetch, renderApp, storeSession } from './helpers';
import { quizSummary } from './quiz-fixtures';

const previewState = { courseId: 'c1', courseFor: 'ثانوي عام', courseName: 'الصف الأول الثانوي', termId: 't1', termName: 'الترم الأول', contentId: 's1', sectionType: 'Quiz' };
const openPreview = () => renderApp({ pathname: '/dashboard/preview', state: previewState });
const calls = (fn: jest.Mock, method: string, url: string) => fn.mock.calls.filter(([u, init]) => u === url && ((init as RequestInit).method ?? 'GET') === method);

describe('/dashboard/preview: Assign Quiz', () => {
  beforeEach(() => storeSession(adminUser));

  it("lists the quizzes as 'title (N questions)', warns with nothing selected, assigns, and the section's list reloads", async () => {
    let assigned = false;
    const fetch = mockFetch((url, init) => {
      if (url === '/api/Quiz/quizzes/s1') return { status: 200, body: { data: assigned ? [quizSummary({ id: 'q2', title: 'Genetics', contentId: 's1' })] : [] } };
      if (url === '/api/Quiz/AllQuizz') return { status: 200, body: { data: [quizSummary(), quizSummary({ id: 'q2', title: 'Genetics', questionCount: 1 })] } };
      if (url === '/api/Quiz/associate-quiz/s1/q2' && init.method === 'POST') {
        assigned = true;
        return { status: 200, body: { message: 'Quiz assigned' } };
      }
      return { status: 404, body: { message: 'nope' } };
    });
    openPreview();
    expect(await screen.findByText('No quizzes are assigned to this section yet.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Assign a quiz' }));
    const dialog = await screen.findByRole('dialog', { name: 'Assign Quiz' });
    const select = await within(dialog).findByLabelText('Select Quiz to Assign');
    expect(within(select).getAllByRole('option').map((o) => o.textContent?.replace(/[\u2068\u2069]/g, ''))).toEqual(['Choose a quiz', 'Cell quiz (3 questions)', 'Genetics (1 question)']);

    await userEvent.click(within(dialog).getByRole('button', { name: 'Assign Quiz' }));
    expect(within(dialog).getByText('Please select a quiz to assign')).toBeInTheDocument();
    expect(calls(fetch, 'POST', '/api/Quiz/associate-quiz/s1/q2')).toHaveLength(0);

    await userEvent.selectOptions(select, 'q2');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Assign Quiz' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Assign Quiz' })).not.toBeInTheDocument());
    expect(calls(fetch, 'POST', '/api/Quiz/associate-quiz/s1/q2')).toHaveLength(1);
    expect(await screen.findByRole('heading', { name: 'Genetics' })).toBeInTheDocument();
    expect(calls(fetch, 'GET', '/api/Quiz/quizzes/s1').length).toBeGreaterThanOrEqual(2);
  });

  it('shows the loading note while the quizzes load; with none, the spec text and the button disabled; Cancel closes', async () => {
    const { fn, release } = deferredFetch();
    openPreview();
    // The section's (empty) list first.
    await waitFor(() => expect(calls(fn, 'GET', '/api/Quiz/quizzes/s1')).toHaveLength(1));
    release({ status: 200, body: { data: [] } });
    await userEvent.click(await screen.findByRole('button', { name: 'Assign a quiz' }));
    const dialog = await screen.findByRole('dialog', { name: 'Assign Quiz' });
    expect(within(dialog).getByText('Loading quizzes...')).toBeInTheDocument();
    release({ status: 200, body: { data: [] } });
    expect(await within(dialog).findByText('No quizzes available. Please create a quiz first in the Manage Quizzes section.')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Assign Quiz' })).toBeDisabled();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it("an assign failure shows the server's text, else 'Something went wrong'", async () => {
    let failures = 0;
    mockFetch((url) => {
      if (url === '/api/Quiz/quizzes/s1') return { status: 200, body: { data: [] } };
      if (url === '/api/Quiz/AllQuizz') return { status: 200, body: { data: [quizSummary()] } };
      if (ADMIN_SHELL_CALLS[url]) return ADMIN_SHELL_CALLS[url];
      return failures++ === 0 ? { status: 400, body: { message: 'Quizzes can only be assigned to a Quiz section', code: 'quiz.sectionType' } } : { status: 500 };
    });
    openPreview();
    await userEvent.click(await screen.findByRole('button', { name: 'Assign a quiz' }));
    const dialog = await screen.findByRole('dialog', { name: 'Assign Quiz' });
    await userEvent.selectOptions(await within(dialog).findByLabelText('Select Quiz to Assign'), 'q1');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Assign Quiz' }));
    expect(await screen.findByText('Quizzes can only be assigned to a Quiz section')).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Assign Quiz' }));
    expect(await screen.findByText('Something went wrong')).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Assign Quiz' })).toBeInTheDocument();
  });

  it('unassigns a quiz and the list reloads', async () => {
    let assigned = true;
    const fetch = mockFetch((url, init) => {
      if (url === '/api/Quiz/quizzes/s1') return { status: 200, body: { data: assigned ? [quizSummary({ contentId: 's1' })] : [] } };
      if (url === '/api/Quiz/unassign-from-content/q1' && init.method === 'DELETE') {
        assigned = false;
        return { status: 200, body: { message: 'Quiz unassigned' } };
      }
      return { status: 200, body: { data: [] } };
    });
    openPreview();
    await userEvent.click(await screen.findByRole('button', { name: 'Unassign Cell quiz' }));
    expect(await screen.findByText('No quizzes are assigned to this section yet.')).toBeInTheDocument();
    expect(calls(fetch, 'DELETE', '/api/Quiz/unassign-from-content/q1')).toHaveLength(1);
    expect(screen.queryByRole('heading', { name: 'Cell quiz' })).not.toBeInTheDocument();
  });
});
