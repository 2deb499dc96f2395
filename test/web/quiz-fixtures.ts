/** Quiz data as the API answers it (shared/schemas/responses.ts), for the web tests. */
export const settings = (over: Record<string, unknown> = {}) => ({ revealAnswers: false, timeLimitMinutes: null, maxAttempts: null, shuffle: false, ...over });

export const quizView = (over: Record<string, unknown> = {}) => ({
  id: 'q1',
  title: 'اختبار الخلية',
  description: 'Cell division',
  imageUrl: null,
  createdAt: '2026-01-01T00:00:00.000Z',
  questionCount: 2,
  settings: settings(),
  questions: [
    { id: 'qa', text: 'How many chromosomes?', imageUrl: '/media/images/q-a.png', type: 'MULTIPLE_CHOICE', options: [{ id: 'o1', text: '23' }, { id: 'o2', text: '46' }, { id: 'o3', text: '92' }, { id: 'o4', text: '12' }] },
    { id: 'qb', text: 'Mitosis makes two cells', imageUrl: null, type: 'TRUE_FALSE', options: [{ id: 't', text: 'True' }, { id: 'f', text: 'False' }] },
  ],
  attempt: null,
  attemptsUsed: 0,
  attemptsLeft: null,
  passed: false,
  ...over,
});

export const quizSummary = (over: Record<string, unknown> = {}) => ({
  id: 'q1',
  title: 'Cell quiz',
  description: 'Ten questions',
  imageUrl: null,
  createdAt: '2026-01-01T00:00:00.000Z',
  questionCount: 3,
  settings: settings(),
  contentId: null,
  ...over,
});

export const result = (over: Record<string, unknown> = {}) => ({
  score: 50,
  scoreDetails: '1/2',
  passed: true,
  attempt: 1,
  attemptsLeft: null,
  closedAtDeadline: false,
  questions: [
    { questionId: 'qa', answerText: '46', correct: true },
    { questionId: 'qb', answerText: 'False', correct: false },
  ],
  ...over,
});
