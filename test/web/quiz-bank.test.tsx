/** Issue 42 in the quiz editor: a question's tags, the questions drawn per attempt, and copying from the question bank. */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { adminUser, mockFetch, renderApp, storeSession } from './helpers';

const bankQuestion = (over: Record<string, unknown>) => ({
  quizId: 'other',
  quizTitle: 'Meiosis',
  questionId: 'bq1',
  text: 'Meiosis halves the chromosomes',
  type: 'TRUE_FALSE',
  options: [{ text: 'True' }, { text: 'False' }],
  correctAnswerText: 'True',
  tags: ['الانقسام الميوزي'],
  imageUrl: '/media/images/bq1.png',
  ...over,
});
const FIRST = [
  bankQuestion({}),
  bankQuestion({ questionId: 'bq2', text: 'Which phase pairs the homologues?', type: 'MULTIPLE_CHOICE', options: ['Prophase I', 'Anaphase II'].map((text) => ({ text })), correctAnswerText: 'Prophase I', imageUrl: null }),
];
const SECOND = [bankQuestion({ quizId: 'older', quizTitle: 'Genetics', questionId: 'bq3', text: 'Genes sit on chromosomes', tags: ['الوراثة'], imageUrl: null })];

type Handler = (url: string, init: RequestInit) => { status: number; body?: unknown } | undefined;
function bank(url: string): { status: number; body: unknown } | undefined {
  if (!url.startsWith('/api/admin/question-bank')) return undefined;
  const query = new URL(url, 'http://x').searchParams;
  const tags = ['الانقسام الميوزي', 'الوراثة'];
  if (query.get('cursor') === 'older') return { status: 200, body: { data: SECOND, tags, next: null } };
  const data = FIRST.filter((q) => !query.get('tag') || q.tags.includes(query.get('tag')!));
  return { status: 200, body: { data, tags, next: query.get('tag') ? null : 'older' } };
}
async function openCreate(handler: Handler = () => undefined) {
  storeSession(adminUser);
  const fetch = mockFetch((url, init) => handler(url, init) ?? bank(url) ?? (url === '/api/Quiz/AllQuizz' ? { status: 200, body: { data: [] } } : { status: 200, body: { data: [] } }));
  renderApp('/dashboard/quizzes');
  await userEvent.click(await screen.findByRole('button', { name: /Create New Quiz/ }));
  await screen.findByRole('heading', { name: 'Create New Quiz' });
  return fetch;
}
const saved = (fetch: jest.Mock) => fetch.mock.calls.filter(([u, init]) => u === '/api/Quiz/quiz' && (init as RequestInit).method === 'POST');
const created = (url: string, init: RequestInit) => (url === '/api/Quiz/quiz' && init.method === 'POST' ? { status: 201, body: { message: 'Created!', data: { id: 'new' } } } : undefined);
const swalTitle = () => document.querySelector('.swal2-title')?.textContent;

async function fillTrueFalse(editor: HTMLElement, text: string) {
  await userEvent.type(within(editor).getByLabelText('Question text'), text);
  await userEvent.selectOptions(within(editor).getByLabelText('Question type'), 'TRUE_FALSE');
}

describe("a question's tags", () => {
  it('adds a tag on Enter or a comma, suggests the bank’s tags, removes a chip, and sends them trimmed', async () => {
    const fetch = await openCreate(created);
    await userEvent.type(screen.getByLabelText('Quiz title'), 'Cells');
    await userEvent.type(screen.getByLabelText('Description'), 'Division');
    const editor = screen.getByTestId('question-editor');
    await fillTrueFalse(editor, 'Meiosis makes four cells');
    const tags = within(editor).getByRole('combobox', { name: 'Tags (lessons)' });
    // The bank's tags are offered.
    await waitFor(() => expect([...document.querySelectorAll(`#${CSS.escape(tags.getAttribute('list')!)} option`)].map((o) => (o as HTMLOptionElement).value)).toEqual(['الانقسام الميوزي', 'الوراثة']));
    await userEvent.type(tags, '  الانقسام الميوزي {Enter}');
    await userEvent.type(tags, 'Cells,');
    await userEvent.type(tags, 'Oops{Enter}');
    expect(within(editor).getAllByRole('listitem').map((li) => li.textContent?.replace('×', ''))).toEqual(['الانقسام الميوزي', 'Cells', 'Oops']);
    await userEvent.click(within(editor).getByRole('button', { name: 'Remove the tag Oops' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save quiz' }));
    await waitFor(() => expect(saved(fetch)).toHaveLength(1));
    const data = JSON.parse(String((saved(fetch)[0]![1].body as FormData).get('quizData')));
    expect(data.questions[0].tags).toEqual(['الانقسام الميوزي', 'Cells']);
  });
});

describe('questions per attempt', () => {
  it('refuses more than the quiz has, in words, and sends the number once it fits', async () => {
    const fetch = await openCreate(created);
    await userEvent.type(screen.getByLabelText('Quiz title'), 'Cells');
    await userEvent.type(screen.getByLabelText('Description'), 'Division');
    await fillTrueFalse(screen.getByTestId('question-editor'), 'One');
    await userEvent.click(screen.getByRole('button', { name: /Add question/ }));
    await fillTrueFalse(screen.getAllByTestId('question-editor')[1]!, 'Two');
    const draw = screen.getByLabelText('Questions per attempt (empty for all)');
    expect(screen.getByText('Each attempt draws this many of the 2 questions at random, spread over the tags.')).toBeInTheDocument();
    await userEvent.type(draw, '3');
    await userEvent.click(screen.getByRole('button', { name: 'Save quiz' }));
    expect(await screen.findByText('Questions per attempt must be from 1 to the number of questions (2)')).toBeInTheDocument();
    await waitFor(() => expect(swalTitle()).toBe('Please check the form'));
    expect(saved(fetch)).toHaveLength(0);
    await userEvent.clear(draw);
    await userEvent.type(draw, '1');
    await userEvent.click(screen.getByRole('button', { name: 'Save quiz' }));
    await waitFor(() => expect(saved(fetch)).toHaveLength(1));
    expect(JSON.parse(String((saved(fetch)[0]![1].body as FormData).get('quizData'))).settings.drawCount).toBe(1);
  });
});

describe('the question bank dialog', () => {
  it('lists the bank with tags and images, filters by tag, pages on, and copies the ticked questions in (copiedFrom sent)', async () => {
    const fetch = await openCreate(created);
    await userEvent.type(screen.getByLabelText('Quiz title'), 'Cells');
    await userEvent.type(screen.getByLabelText('Description'), 'Division');
    await fillTrueFalse(screen.getByTestId('question-editor'), 'Own question');
    await userEvent.click(screen.getByRole('button', { name: 'Copy from the question bank' }));
    const dialog = await screen.findByRole('dialog', { name: 'Question bank' });
    expect(await within(dialog).findByText('Meiosis halves the chromosomes')).toBeInTheDocument();
    expect(within(dialog).getAllByText('From \u2068Meiosis\u2069')).toHaveLength(2);
    expect(dialog.querySelector('img')).toHaveAttribute('src', expect.stringContaining('/media/images/bq1.png'));
    expect(within(dialog).getByRole('button', { name: 'Copy questions' })).toBeDisabled();
    await userEvent.click(within(dialog).getByRole('button', { name: 'More questions' }));
    expect(await within(dialog).findByText('Genes sit on chromosomes')).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('checkbox', { name: /Genes sit on chromosomes/ }));

    await userEvent.selectOptions(within(dialog).getByLabelText('Tag'), 'الانقسام الميوزي');
    await waitFor(() => expect(fetch.mock.calls.some(([u]) => new URL(String(u), 'http://x').searchParams.get('tag') === 'الانقسام الميوزي')).toBe(true));
    await userEvent.click(await within(dialog).findByRole('checkbox', { name: /Which phase pairs the homologues/ }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Copy 2 questions' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    const editors = screen.getAllByTestId('question-editor');
    expect(editors).toHaveLength(3);
    expect(within(editors[1]!).getByLabelText('Question text')).toHaveValue('Genes sit on chromosomes');
    expect(within(editors[2]!).getByLabelText('Question text')).toHaveValue('Which phase pairs the homologues?');
    expect(within(editors[2]!).getByRole('radio', { name: 'Answer 1 is correct' })).toBeChecked();
    await userEvent.click(screen.getByRole('button', { name: 'Save quiz' }));
    await waitFor(() => expect(saved(fetch)).toHaveLength(1));
    const data = JSON.parse(String((saved(fetch)[0]![1].body as FormData).get('quizData')));
    expect(data.questions.slice(1)).toEqual([
      { text: 'Genes sit on chromosomes', type: 'TRUE_FALSE', options: [{ text: 'True' }, { text: 'False' }], correctAnswerText: 'True', tags: ['الوراثة'], copiedFrom: { quizId: 'older', questionId: 'bq3' } },
      { text: 'Which phase pairs the homologues?', type: 'MULTIPLE_CHOICE', options: [{ text: 'Prophase I' }, { text: 'Anaphase II' }], correctAnswerText: 'Prophase I', tags: ['الانقسام الميوزي'], copiedFrom: { quizId: 'other', questionId: 'bq2' } },
    ]);
  });
});
