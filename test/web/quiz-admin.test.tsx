import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { adminUser, mockFetch, renderApp, storeSession } from './helpers';
import { fileOf } from './catalogue-fixtures';

const settings = { revealAnswers: false, timeLimitMinutes: null, maxAttempts: null, shuffle: false };
const summary = (over: Record<string, unknown> = {}) => ({
  id: 'q1',
  title: 'Cell Division',
  description: 'Mitosis and meiosis',
  imageUrl: null,
  createdAt: '2026-11-20T09:30:00.000Z',
  questionCount: 3,
  settings,
  contentId: null,
  ...over,
});
const whole = (over: Record<string, unknown> = {}) => ({
  ...summary(),
  videoCount: 2,
  questions: [
    { id: 'qa', text: 'Mitosis makes two cells', imageUrl: null, type: 'TRUE_FALSE', options: [{ id: 'o1', text: 'True' }, { id: 'o2', text: 'False' }], correctAnswerText: 'True' },
    { id: 'qb', text: 'Where is DNA?', imageUrl: null, type: 'MULTIPLE_CHOICE', options: ['Nucleus', 'Wall', 'Membrane', 'Vacuole'].map((text, i) => ({ id: `m${i}`, text })), correctAnswerText: 'Nucleus' },
  ],
  ...over,
});

type Handler = (url: string, init: RequestInit) => { status: number; body?: unknown } | undefined;
function admin(path: string, handler: Handler = () => undefined, list = [summary(), summary({ id: 'q2', title: 'الوراثة', questionCount: 1 })]) {
  storeSession(adminUser);
  const fetch = mockFetch((url, init) => handler(url, init) ?? (url === '/api/Quiz/AllQuizz' ? { status: 200, body: { data: list } } : { status: 200, body: { data: [] } }));
  return { fetch, ...renderApp(path) };
}
const callsTo = (fetch: jest.Mock, url: string, method = 'GET') => fetch.mock.calls.filter(([u, init]) => u === url && ((init as RequestInit).method ?? 'GET') === method);
const swalTitle = () => document.querySelector('.swal2-title')?.textContent;
const swalText = () => document.querySelector('.swal2-html-container')?.textContent;

describe('Manage All Quizzes', () => {
  it('lists the cards, searches titles case-insensitively and says when nothing matches', async () => {
    admin('/dashboard/quizzes');
    expect(await screen.findByRole('heading', { name: 'Manage All Quizzes' })).toBeInTheDocument();
    expect(await screen.findAllByTestId('quiz-card')).toHaveLength(2);
    const card = screen.getAllByTestId('quiz-card')[0]!;
    expect(within(card).getByText('3 questions')).toBeInTheDocument();
    expect(within(card).getByText(/^Created /)).toBeInTheDocument();
    expect(within(card).getByRole('link', { name: 'View Details' })).toHaveAttribute('href', '/dashboard/quizzes/q1');
    await userEvent.type(screen.getByPlaceholderText('Search quizzes by title...'), 'CELL');
    expect(screen.getAllByTestId('quiz-card')).toHaveLength(1);
    await userEvent.clear(screen.getByPlaceholderText('Search quizzes by title...'));
    await userEvent.type(screen.getByPlaceholderText('Search quizzes by title...'), 'xyz');
    expect(screen.getByText('No quizzes match "xyz".')).toBeInTheDocument();
  });

  it.each([
    ['en', '40 questions · 10 per attempt'],
    ['ar', '40 سؤالًا · 10 أسئلة في كل محاولة'],
  ])('a card of a drawn quiz says how many questions each attempt draws (%s)', async (language, text) => {
    window.localStorage.setItem('language', language);
    admin('/dashboard/quizzes', undefined, [summary({ questionCount: 40, settings: { ...settings, drawCount: 10 } })]);
    expect(await screen.findByTestId('quiz-card')).toHaveTextContent(text);
  });

  it('shows the empty text', async () => {
    admin('/dashboard/quizzes', undefined, []);
    expect(await screen.findByText('No quizzes found. Create your first quiz!')).toBeInTheDocument();
  });

  it("a failed list reads 'Error: ' + the server's message", async () => {
    admin('/dashboard/quizzes', (url) => (url === '/api/Quiz/AllQuizz' ? { status: 500, body: { message: 'Table unavailable' } } : undefined));
    expect(await screen.findByText('Error: Table unavailable')).toBeInTheDocument();
  });

  it('the delete confirm says how many videos use the quiz; Deleted! after', async () => {
    const { fetch } = admin('/dashboard/quizzes', (url, init) =>
      url === '/api/Quizz/q1' ? { status: 200, body: { data: whole() } } : url === '/api/Quiz/q1' && init.method === 'DELETE' ? { status: 200, body: { id: 'q1', message: 'Deleted!', videosUnlocked: 2 } } : undefined,
    );
    await userEvent.click(await screen.findByRole('button', { name: 'Delete Cell Division' }));
    await waitFor(() => expect(swalTitle()).toBe('Are you sure?'));
    expect(swalText()).toContain('2 videos use this quiz');
    await userEvent.click(document.querySelector<HTMLButtonElement>('.swal2-confirm')!);
    await waitFor(() => expect(swalTitle()).toBe('Deleted!'));
    expect(callsTo(fetch, '/api/Quiz/q1', 'DELETE')).toHaveLength(1);
    // The list refetches (tag Quiz).
    await waitFor(() => expect(callsTo(fetch, '/api/Quiz/AllQuizz').length).toBeGreaterThan(1));
  });
});

describe('quiz form', () => {
  async function openCreate(handler?: Handler) {
    const app = admin('/dashboard/quizzes', handler);
    await userEvent.click(await screen.findByRole('button', { name: /Create New Quiz/ }));
    await screen.findByRole('heading', { name: 'Create New Quiz' });
    return app;
  }

  it("warns 'Missing Title' / 'Please enter a quiz title', then the question problems, and sends nothing", async () => {
    const { fetch } = await openCreate();
    await userEvent.click(screen.getByRole('button', { name: 'Save quiz' }));
    await waitFor(() => expect(swalTitle()).toBe('Missing Title'));
    expect(swalText()).toBe('Please enter a quiz title');
    expect(screen.getAllByText('Please enter a quiz title').length).toBeGreaterThan(0);
    await userEvent.type(screen.getByLabelText('Quiz title'), 'Genetics');
    await userEvent.click(screen.getByRole('button', { name: 'Save quiz' }));
    await waitFor(() => expect(swalTitle()).toBe('Incomplete Questions'));
    await userEvent.type(screen.getByLabelText('Question text'), 'Pick one');
    await userEvent.click(screen.getByRole('button', { name: 'Save quiz' }));
    await waitFor(() => expect(swalTitle()).toBe('Incomplete Answers'));
    expect(swalText()).toBe('Please fill in all answer options for mcq questions');
    await userEvent.click(screen.getByRole('button', { name: 'Remove question 1' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save quiz' }));
    await waitFor(() => expect(swalTitle()).toBe('No Questions'));
    expect(swalText()).toBe('Please add at least one question');
    expect(callsTo(fetch, '/api/Quiz/quiz', 'POST')).toHaveLength(0);
  });

  it('switches TRUE_FALSE to True/False (answer 0 correct, disabled) and back to four empty answers', async () => {
    await openCreate();
    const q = screen.getByTestId('question-editor');
    expect(within(q).getAllByRole('textbox', { name: /^Answer \d$/ })).toHaveLength(4);
    await userEvent.type(within(q).getByLabelText('Answer 1'), 'kept?');
    await userEvent.click(within(q).getByRole('radio', { name: 'Answer 2 is correct' }));
    await userEvent.selectOptions(screen.getByLabelText('Question type'), 'TRUE_FALSE');
    const tf = within(q).getAllByRole('textbox', { name: /^Answer \d$/ });
    expect(tf.map((i) => (i as HTMLInputElement).value)).toEqual(['True', 'False']);
    tf.forEach((i) => expect(i).toBeDisabled());
    expect(within(q).getByRole('radio', { name: 'Answer 1 is correct' })).toBeChecked();
    await userEvent.selectOptions(screen.getByLabelText('Question type'), 'MULTIPLE_CHOICE');
    const mc = within(q).getAllByRole('textbox', { name: /^Answer \d$/ });
    expect(mc.map((i) => (i as HTMLInputElement).value)).toEqual(['', '', '', '']);
    mc.forEach((i) => expect(i).toBeEnabled());
    expect(within(q).getByRole('radio', { name: 'Answer 1 is correct' })).toBeChecked();
  });

  it('sends the multipart body: quizData JSON, quizImage, questionImages keyed by index; Created!', async () => {
    const { fetch } = await openCreate((url, init) => (url === '/api/Quiz/quiz' && init.method === 'POST' ? { status: 201, body: { message: 'Created!', data: whole({ id: 'q9' }) } } : undefined));
    await userEvent.type(screen.getByLabelText('Quiz title'), '  Genetics ');
    await userEvent.type(screen.getByLabelText('Description'), 'Mendel');
    await userEvent.upload(screen.getByLabelText('Quiz image (optional, under 1 MB)'), fileOf('quiz.png', 'image/png', 2048));
    const first = screen.getByTestId('question-editor');
    await userEvent.type(within(first).getByLabelText('Question text'), 'Is DNA a helix?');
    await userEvent.selectOptions(screen.getAllByLabelText('Question type')[0]!, 'TRUE_FALSE');
    await userEvent.click(screen.getByRole('button', { name: /Add question/ }));
    const second = screen.getAllByTestId('question-editor')[1]!;
    await userEvent.type(within(second).getByLabelText('Question text'), 'Which base pairs with A?');
    for (const [i, text] of ['G', 'T', 'C', 'U'].entries()) await userEvent.type(within(second).getByLabelText(`Answer ${i + 1}`), text);
    await userEvent.click(within(second).getByRole('radio', { name: 'Answer 2 is correct' }));
    await userEvent.upload(screen.getAllByLabelText('Question image (optional, under 1 MB)')[1]!, fileOf('q2.png', 'image/png', 1024));
    // Move the second question up: its image key follows its new index.
    await userEvent.click(within(second).getByRole('button', { name: 'Move question 2 up' }));
    await userEvent.click(screen.getByRole('checkbox', { name: /Shuffle/ }));
    await userEvent.type(screen.getByLabelText('Time limit (minutes, empty for none)'), '15');
    await userEvent.click(screen.getByRole('button', { name: 'Save quiz' }));

    await waitFor(() => expect(callsTo(fetch, '/api/Quiz/quiz', 'POST')).toHaveLength(1));
    const form = callsTo(fetch, '/api/Quiz/quiz', 'POST')[0]![1].body as FormData;
    expect([...form.keys()].sort()).toEqual(['questionImages[0]', 'quizData', 'quizImage']);
    expect((form.get('quizImage') as File).name).toBe('quiz.png');
    expect((form.get('questionImages[0]') as File).name).toBe('q2.png');
    expect(JSON.parse(String(form.get('quizData')))).toEqual({
      title: 'Genetics',
      description: 'Mendel',
      settings: { revealAnswers: false, timeLimitMinutes: 15, maxAttempts: null, shuffle: true, drawCount: null },
      questions: [
        { text: 'Which base pairs with A?', type: 'MULTIPLE_CHOICE', options: [{ text: 'G' }, { text: 'T' }, { text: 'C' }, { text: 'U' }], correctAnswerText: 'T', tags: [] },
        { text: 'Is DNA a helix?', type: 'TRUE_FALSE', options: [{ text: 'True' }, { text: 'False' }], correctAnswerText: 'True', tags: [] },
      ],
    });
    await waitFor(() => expect(swalTitle()).toBe('Created!'));
    expect(await screen.findByRole('heading', { name: 'Manage All Quizzes' })).toBeInTheDocument();
  });

  it('edits a saved quiz: ids in quizData, an image keyed by the question id; removing a saved question calls DELETE', async () => {
    const { fetch } = admin('/dashboard/quizzes?quiz=q1', (url, init) =>
      url === '/api/Quizz/q1'
        ? { status: 200, body: { data: whole() } }
        : url === '/api/Quizz/questions/q1/qa' && init.method === 'DELETE'
          ? { status: 200, body: { id: 'qa', message: 'Question Deleted!' } }
          : url === '/api/Quiz/q1' && init.method === 'PATCH'
            ? { status: 200, body: { message: 'Updated!', data: whole() } }
            : undefined,
    );
    await screen.findByRole('heading', { name: 'Edit Quiz' });
    expect(await screen.findByDisplayValue('Cell Division')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Remove question 1' }));
    await waitFor(() => expect(swalTitle()).toBe('Are you sure?'));
    await userEvent.click(document.querySelector<HTMLButtonElement>('.swal2-confirm')!);
    await waitFor(() => expect(swalTitle()).toBe('Question Deleted!'));
    expect(callsTo(fetch, '/api/Quizz/questions/q1/qa', 'DELETE')).toHaveLength(1);
    const left = screen.getAllByTestId('question-editor');
    expect(left).toHaveLength(1);
    await userEvent.upload(screen.getByLabelText('Question image (optional, under 1 MB)'), fileOf('dna.png', 'image/png', 1024));
    await userEvent.click(screen.getByRole('button', { name: 'Save quiz' }));
    await waitFor(() => expect(callsTo(fetch, '/api/Quiz/q1', 'PATCH')).toHaveLength(1));
    const form = callsTo(fetch, '/api/Quiz/q1', 'PATCH')[0]![1].body as FormData;
    expect((form.get('questionImages[qb]') as File).name).toBe('dna.png');
    expect(JSON.parse(String(form.get('quizData'))).questions).toEqual([
      { id: 'qb', text: 'Where is DNA?', type: 'MULTIPLE_CHOICE', options: ['Nucleus', 'Wall', 'Membrane', 'Vacuole'].map((text) => ({ text })), correctAnswerText: 'Nucleus', tags: [] },
    ]);
    await waitFor(() => expect(swalTitle()).toBe('Updated!'));
  });

  it("a failed question delete says 'Failed to delete question. Please try again.' and keeps it", async () => {
    admin('/dashboard/quizzes?quiz=q1', (url, init) =>
      url === '/api/Quizz/q1' ? { status: 200, body: { data: whole() } } : url.startsWith('/api/Quizz/questions/') && init.method === 'DELETE' ? { status: 500, body: { message: 'x' } } : undefined,
    );
    await screen.findByDisplayValue('Cell Division');
    await userEvent.click(screen.getByRole('button', { name: 'Remove question 2' }));
    await waitFor(() => expect(swalTitle()).toBe('Are you sure?'));
    await userEvent.click(document.querySelector<HTMLButtonElement>('.swal2-confirm')!);
    await waitFor(() => expect(swalTitle()).toBe('Failed to delete question. Please try again.'));
    expect(screen.getAllByTestId('question-editor')).toHaveLength(2);
  });

  it("a failed save shows 'Error: ' + the message on the page", async () => {
    await openCreate((url) => (url === '/api/Quiz/quiz' ? { status: 400, body: { message: 'Question 1: bad', code: 'validation' } } : undefined));
    await userEvent.type(screen.getByLabelText('Quiz title'), 'T');
    await userEvent.type(screen.getByLabelText('Question text'), 'Q');
    await userEvent.selectOptions(screen.getByLabelText('Question type'), 'TRUE_FALSE');
    await userEvent.click(screen.getByRole('button', { name: 'Save quiz' }));
    expect(await screen.findByText('Error: Question 1: bad')).toBeInTheDocument();
  });
});

describe('quiz results', () => {
  const results = {
    data: [
      { userId: 'u1', studentName: 'منى حسن', studentDeleted: false, score: '80%', scorePercent: 80, performance: 'Excellent', attempts: 2, firstScore: 40, bestScore: 80, passed: true, watchedBefore: { videoId: 'v1', percent: 45 } },
      { userId: 'u2', studentName: 'Omar, Ali', studentDeleted: true, score: '33%', scorePercent: 33.3, performance: 'Needs Improvement', attempts: 1, firstScore: null, bestScore: 33.3, passed: false, watchedBefore: null },
    ],
    summary: { totalStudents: 2, averageScore: 56.65, highestScore: 80, lowestScore: 33.3 },
    analytics: [{ questionId: 'qa', text: 'Mitosis makes two cells', type: 'TRUE_FALSE', answered: 2, facility: 0.5, discrimination: 1, mostChosenWrong: { answerText: 'False', count: 1 } }],
  };

  it("in Arabic a True/False question's most chosen wrong answer reads خطأ, as the quiz shows it", async () => {
    window.localStorage.setItem('language', 'ar');
    admin('/dashboard/quizzes/q1', (url) => (url === '/api/Quiz/students-results/q1' ? { status: 200, body: results } : undefined));
    const item = await screen.findByTestId('question-analytics');
    expect(within(item).getByText('خطأ (1)')).toBeInTheDocument();
  });

  it("in Arabic the column 'Watched before' reads شاهد قبل الاختبار: the gating video's percent at the latest submit, or —", async () => {
    window.localStorage.setItem('language', 'ar');
    admin('/dashboard/quizzes/q1', (url) => (url === '/api/Quiz/students-results/q1' ? { status: 200, body: results } : undefined));
    const header = await screen.findByRole('columnheader', { name: 'شاهد قبل الاختبار' });
    expect(header).toBeInTheDocument();
    expect(screen.getAllByTestId('result-watched').map((c) => c.textContent)).toEqual(['45%', '—']);
  });

  it('shows the cards (average rounded), the table with bands, the analytics and downloads a CSV with a BOM', async () => {
    admin('/dashboard/quizzes/q1', (url) => (url === '/api/Quiz/students-results/q1' ? { status: 200, body: results } : undefined));
    const cards = await screen.findAllByTestId('summary-card');
    expect(cards.map((c) => c.textContent)).toEqual(['Total Students2', 'Average Score57%', 'Highest Score80%', 'Lowest Score33%']);
    const rows = within(screen.getByRole('table')).getAllByRole('row');
    expect(rows.map((r) => [...r.querySelectorAll('th, td')].map((c) => c.textContent))).toEqual([
      ['#', 'Student Name', 'Score', 'Performance', 'Attempts', 'First attempt', 'Watched before', 'Show attempts'],
      ['1', 'منى حسن', '80%', 'Excellent', '2', '40%', '45%', 'Show attempts'],
      ['2', 'Omar, Ali Deleted account', '33%', 'Needs Improvement', '1', '—', '—', 'Show attempts'],
    ]);
    const item = screen.getByTestId('question-analytics');
    expect(within(item).getByRole('meter')).toHaveAttribute('aria-valuenow', '50');
    expect(within(item).getByText('1.00')).toBeInTheDocument();
    expect(within(item).getByText('False (1)')).toBeInTheDocument();

    let blob: Blob | undefined;
    URL.createObjectURL = jest.fn((b: Blob) => ((blob = b), 'blob:x'));
    URL.revokeObjectURL = jest.fn();
    const click = jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    await userEvent.click(screen.getByRole('button', { name: 'Download CSV' }));
    expect(click).toHaveBeenCalled();
    // jsdom's Blob has no arrayBuffer(); FileReader reads the bytes (the BOM included).
    const bytes = await new Promise<Uint8Array>((resolve) => {
      const reader = new FileReader();
      reader.onload = () => resolve(new Uint8Array(reader.result as ArrayBuffer));
      reader.readAsArrayBuffer(blob!);
    });
    expect(blob!.type).toBe('text/csv;charset=utf-8');
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(new TextDecoder().decode(bytes.slice(3))).toBe(
      '#,Student Name,Score,Performance,Attempts,Passed,First attempt,Watched before\r\n1,منى حسن,80%,Excellent,2,Yes,40%,45%\r\n2,"Omar, Ali",33%,Needs Improvement,1,No,,\r\n',
    );
    click.mockRestore();
  });

  it("a row opens to the student's every attempt: when, the score, each answer right or wrong", async () => {
    const attempts = [
      { number: 1, startedAt: null, finishedAt: '2026-12-01T10:00:00.000Z', score: 0, passed: false, closedAtDeadline: false, marks: [{ questionId: 'qa', answerText: 'False', correct: false }] },
      { number: 2, startedAt: null, finishedAt: '2026-12-01T10:05:00.000Z', score: 100, passed: true, closedAtDeadline: false, marks: [{ questionId: 'qa', answerText: 'True', correct: true }] },
    ];
    const { fetch } = admin('/dashboard/quizzes/q1', (url) =>
      url === '/api/Quiz/students-results/q1' ? { status: 200, body: results } : url === '/api/Quiz/students-results/q1/u1/attempts' ? { status: 200, body: { data: attempts } } : undefined,
    );
    const open = await screen.findByRole('button', { name: 'Show attempts منى حسن' });
    expect(callsTo(fetch, '/api/Quiz/students-results/q1/u1/attempts')).toHaveLength(0);
    await userEvent.click(open);
    const list = await screen.findByTestId('student-attempts');
    const items = within(list).getAllByRole('listitem');
    expect(items.map((i) => i.querySelector('strong')?.textContent)).toEqual(['Attempt 1', 'Attempt 2']);
    expect(items[0]).toHaveTextContent(/0%.*1\. False ✗wrong/);
    expect(items[1]).toHaveTextContent(/100%.*1\. True ✓right/);
    expect(open).toHaveAttribute('aria-expanded', 'true');
    await userEvent.click(screen.getByRole('button', { name: 'Hide attempts منى حسن' }));
    expect(screen.queryByTestId('student-attempts')).toBeNull();
  });

  it("0% with no results and 'No students have taken this quiz yet.'", async () => {
    admin('/dashboard/quizzes/q1', (url) =>
      url === '/api/Quiz/students-results/q1' ? { status: 200, body: { data: [], summary: { totalStudents: 0, averageScore: 0, highestScore: 0, lowestScore: 0 }, analytics: [] } } : undefined,
    );
    expect(await screen.findByText('No students have taken this quiz yet.')).toBeInTheDocument();
    expect(screen.getAllByTestId('summary-card').map((c) => c.textContent)).toEqual(['Total Students0', 'Average Score0%', 'Highest Score0%', 'Lowest Score0%']);
  });

  it("a failure reads 'Error loading quiz results: ...' and Try Again reloads", async () => {
    let fail = true;
    admin('/dashboard/quizzes/q1', (url) => (url === '/api/Quiz/students-results/q1' ? (fail ? { status: 500, body: { message: 'Boom' } } : { status: 200, body: results }) : undefined));
    expect(await screen.findByText('Error loading quiz results: Boom')).toBeInTheDocument();
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByText('منى حسن')).toBeInTheDocument();
  });
});
