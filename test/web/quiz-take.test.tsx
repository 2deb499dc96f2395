import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { bodyOf, deferredFetch, mockFetch, renderApp, storeSession, studentUser } from './helpers';
import { quizView, result, settings } from './quiz-fixtures';

const open = (over: { state?: unknown; search?: string } = {}) => renderApp({ pathname: '/quiz', search: over.search ?? '', state: 'state' in over ? over.state : { quizId: 'q1' } });
const calls = (fn: jest.Mock, method: string, url: string) => fn.mock.calls.filter(([u, init]) => u === url && ((init as RequestInit).method ?? 'GET') === method);

async function answer(question: number, option: string) {
  const q = (await screen.findAllByTestId('quiz-question'))[question]!;
  await userEvent.click(within(q).getByRole('radio', { name: option }));
}

describe('/quiz: taking a quiz', () => {
  beforeEach(() => storeSession(studentUser));

  it('loads (spinner), then shows one radio group per question with its picture; submit is disabled with no answers', async () => {
    const { fn, release } = deferredFetch();
    open();
    expect(await screen.findByRole('progressbar', { name: 'Loading the quiz…' })).toBeInTheDocument();
    await waitFor(() => expect(fn).toHaveBeenCalled());
    expect(fn.mock.calls[0]![0]).toBe('/api/Quizz/q1');
    release({ status: 200, body: { data: quizView() } });
    expect(await screen.findByRole('heading', { name: 'اختبار الخلية' })).toBeInTheDocument();
    const questions = screen.getAllByTestId('quiz-question');
    expect(questions).toHaveLength(2);
    expect(within(questions[0]!).getAllByRole('radio')).toHaveLength(4);
    expect(within(questions[0]!).getByRole('img', { name: 'Picture for question 1' })).toHaveAttribute('src', '/media/images/q-a.png');
    expect(within(questions[1]!).getByText('Question 2 of 2')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Submit answers' })).toBeDisabled();
    // One answer per question: choosing another replaces it.
    await answer(0, '23');
    await answer(0, '46');
    expect(within(questions[0]!).getByRole('radio', { name: '46' })).toBeChecked();
    expect(within(questions[0]!).getByRole('radio', { name: '23' })).not.toBeChecked();
    expect(screen.getByText('Answered 1 of 2')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Submit answers' })).toBeEnabled();
  });

  it("refuses a submit with unanswered questions: 'يجب الإجابة على جميع الأسئلة' with answered/total", async () => {
    const fetch = mockFetch(() => ({ status: 200, body: { data: quizView() } }));
    open();
    await answer(0, '46');
    await userEvent.click(screen.getByRole('button', { name: 'Submit answers' }));
    const warning = screen.getByText('يجب الإجابة على جميع الأسئلة', { selector: '.quiz-warning span' }).closest('.quiz-warning')!;
    expect(within(warning as HTMLElement).getByText('1 / 2')).toBeInTheDocument();
    expect(calls(fetch, 'POST', '/api/Quizz/submit/q1')).toHaveLength(0);
    // Answering the rest clears it.
    await answer(1, 'True');
    expect(document.querySelector('.quiz-warning')).toBeNull();
  });

  it('submits every answer; the result shows the score, passed, right/wrong per question (no answer key), and a retry starts afresh', async () => {
    let gets = 0;
    const fetch = mockFetch((url, init) => {
      if (url === '/api/Quizz/q1') return { status: 200, body: { data: quizView({ attemptsUsed: gets++ }) } };
      if (url === '/api/Quizz/submit/q1' && init.method === 'POST') return { status: 200, body: { message: 'Quiz submitted', data: result() } };
      if (url === '/api/Quizz/attempts/q1') return { status: 200, body: { data: [] } };
      return { status: 200, body: { data: { passed: true, score: 50, attempts: 1 } } };
    });
    open();
    await answer(0, '46');
    await answer(1, 'False');
    await userEvent.click(screen.getByRole('button', { name: 'Submit answers' }));
    const resultView = await screen.findByTestId('quiz-result');
    expect(bodyOf(fetch, fetch.mock.calls.findIndex(([u]) => u === '/api/Quizz/submit/q1'))).toEqual({
      answers: [
        { questionId: 'qa', answerText: '46' },
        { questionId: 'qb', answerText: 'False' },
      ],
    });
    expect(within(resultView).getByTestId('quiz-score')).toHaveTextContent('50%');
    expect(within(resultView).getByText('1/2')).toBeInTheDocument();
    expect(within(resultView).getByText('Passed! You reached the pass mark.')).toBeInTheDocument();
    const marks = within(resultView).getAllByTestId('quiz-mark');
    expect(marks[0]).toHaveTextContent('✓ Right');
    expect(marks[1]).toHaveTextContent('✗ Wrong');
    expect(marks[1]).toHaveTextContent('Your answer: False');
    expect(within(resultView).queryByText(/Right answer:/)).not.toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(calls(fetch, 'GET', '/api/Quizz/q1')).toHaveLength(2));
    expect(await screen.findByRole('button', { name: 'Submit answers' })).toBeDisabled();
    expect(screen.queryByTestId('quiz-result')).not.toBeInTheDocument();
    expect(screen.getAllByRole('radio').filter((r) => (r as HTMLInputElement).checked)).toHaveLength(0);
  });

  it('under the pass mark shows the warning; the right answers only when the server reveals them; attempts left when limited', async () => {
    mockFetch((url) => {
      if (url === '/api/Quizz/q1') return { status: 200, body: { data: quizView({ settings: settings({ maxAttempts: 2, revealAnswers: true }), attemptsLeft: 2 }) } };
      if (url === '/api/Quizz/submit/q1')
        return {
          status: 200,
          body: {
            message: 'Quiz submitted',
            data: result({
              score: 0,
              scoreDetails: '0/2',
              passed: false,
              attemptsLeft: 1,
              questions: [
                { questionId: 'qa', answerText: '23', correct: false, correctAnswerText: '46' },
                { questionId: 'qb', answerText: 'False', correct: false, correctAnswerText: 'True' },
              ],
            }),
          },
        };
      if (url === '/api/Quizz/attempts/q1') return { status: 200, body: { data: [] } };
      return { status: 200, body: { data: { passed: false, score: 0, attempts: 1 } } };
    });
    open();
    expect(await screen.findByText('Attempts left: 2')).toBeInTheDocument();
    await answer(0, '23');
    await answer(1, 'False');
    await userEvent.click(screen.getByRole('button', { name: 'Submit answers' }));
    const resultView = await screen.findByTestId('quiz-result');
    expect(within(resultView).getByRole('alert')).toHaveTextContent('You did not reach the pass mark (50%). Review and try again.');
    expect(within(resultView).getByText('Right answer: 46')).toBeInTheDocument();
    expect(within(resultView).getByText('Right answer: True')).toBeInTheDocument();
    expect(screen.getByText('Attempts left: 1')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });

  it("no attempts left after a submit: no retry; a 409 quiz.noAttemptsLeft is shown by its code", async () => {
    let submits = 0;
    mockFetch((url) => {
      if (url === '/api/Quizz/q1') return { status: 200, body: { data: quizView({ settings: settings({ maxAttempts: 1 }), attemptsLeft: 1 }) } };
      if (url === '/api/Quizz/submit/q1')
        return submits++ === 0
          ? { status: 409, body: { message: 'No attempts left', code: 'quiz.noAttemptsLeft' } }
          : { status: 200, body: { message: 'ok', data: result({ attemptsLeft: 0 }) } };
      return { status: 200, body: { data: {} } };
    });
    open();
    await answer(0, '46');
    await answer(1, 'True');
    await userEvent.click(screen.getByRole('button', { name: 'Submit answers' }));
    expect(await screen.findByText('You have used all your attempts at this quiz')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Send again' })).not.toBeInTheDocument();
  });

  it("a submit failure says 'حدث خطأ أثناء إرسال الإجابات' and sends again", async () => {
    let submits = 0;
    mockFetch((url) => {
      if (url === '/api/Quizz/q1') return { status: 200, body: { data: quizView() } };
      if (url === '/api/Quizz/submit/q1') return submits++ === 0 ? { status: 500, body: { message: 'Internal error', code: 'internal' } } : { status: 200, body: { message: 'ok', data: result() } };
      if (url === '/api/Quizz/attempts/q1') return { status: 200, body: { data: [] } };
      return { status: 200, body: { data: {} } };
    });
    open();
    await answer(0, '46');
    await answer(1, 'True');
    await userEvent.click(screen.getByRole('button', { name: 'Submit answers' }));
    expect(await screen.findByText('حدث خطأ أثناء إرسال الإجابات')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Send again' }));
    expect(await screen.findByTestId('quiz-result')).toBeInTheDocument();
    expect(submits).toBe(2);
  });

  it("a load failure says 'لا يمكن تحميل الاختبار' with a button home, and retries", async () => {
    let gets = 0;
    const fetch = mockFetch(() => (gets++ === 0 ? { status: 500, body: { message: 'boom' } } : { status: 200, body: { data: quizView() } }));
    const { router } = open();
    expect(await screen.findByText('لا يمكن تحميل الاختبار')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to home' })).toHaveAttribute('href', '/');
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { name: 'اختبار الخلية' })).toBeInTheDocument();
    expect(fetch).toHaveBeenCalledTimes(2);
    expect(router.state.location.pathname).toBe('/quiz');
  });

  it('without a quiz id it cannot load; ?id= alone (a reload) loads the quiz', async () => {
    const fetch = mockFetch(() => ({ status: 200, body: { data: quizView({ id: 'q9' }) } }));
    const first = open({ state: null });
    expect(await screen.findByText('لا يمكن تحميل الاختبار')).toBeInTheDocument();
    expect(fetch).not.toHaveBeenCalled();
    first.unmount();
    open({ state: null, search: '?id=q9' });
    expect(await screen.findByRole('heading', { name: 'اختبار الخلية' })).toBeInTheDocument();
    expect(fetch.mock.calls[0]![0]).toBe('/api/Quizz/q9');
  });

  it('in Arabic: the page speaks Arabic and keeps the spec texts', async () => {
    window.localStorage.setItem('language', 'ar');
    mockFetch(() => ({ status: 200, body: { data: quizView() } }));
    open();
    expect(await screen.findByRole('button', { name: 'إرسال الإجابات' })).toBeDisabled();
    expect(screen.getAllByText('السؤال 1 من 2')).toHaveLength(1);
  });
});

describe('/quiz: a timed quiz', () => {
  beforeEach(() => storeSession(studentUser));

  it("counts down from the server's deadline, restores saved answers, saves answers as given, and submits at zero", async () => {
    const deadline = new Date(Date.now() + 2500).toISOString();
    const fetch = mockFetch((url, init) => {
      if (url === '/api/Quizz/q1')
        return {
          status: 200,
          body: { data: quizView({ settings: settings({ timeLimitMinutes: 1 }), attempt: { number: 1, startedAt: new Date().toISOString(), deadline, answers: [{ questionId: 'qa', answerText: '46' }] } }) },
        };
      if (url === '/api/Quizz/answers/q1' && init.method === 'PUT') return { status: 200, body: { message: 'saved', data: { number: 1, startedAt: '', deadline, answers: [] } } };
      if (url === '/api/Quizz/submit/q1') return { status: 200, body: { message: 'ok', data: result({ closedAtDeadline: false }) } };
      if (url === '/api/Quizz/attempts/q1') return { status: 200, body: { data: [] } };
      return { status: 200, body: { data: {} } };
    });
    open();
    const countdown = await screen.findByTestId('quiz-countdown');
    expect(countdown).toHaveTextContent(/Time left0:0[0-3]/);
    // The saved answer is back.
    expect(within(screen.getAllByTestId('quiz-question')[0]!).getByRole('radio', { name: '46' })).toBeChecked();
    await answer(1, 'True');
    await waitFor(() => expect(calls(fetch, 'PUT', '/api/Quizz/answers/q1')).toHaveLength(1), { timeout: 2000 });
    const put = calls(fetch, 'PUT', '/api/Quizz/answers/q1')[0]!;
    expect(JSON.parse(String((put[1] as RequestInit).body))).toEqual({ answers: [{ questionId: 'qa', answerText: '46' }, { questionId: 'qb', answerText: 'True' }] });
    // At zero, submitted without a click.
    expect(await screen.findByTestId('quiz-result', {}, { timeout: 4000 })).toBeInTheDocument();
    expect(calls(fetch, 'POST', '/api/Quizz/submit/q1')).toHaveLength(1);
  });
});
