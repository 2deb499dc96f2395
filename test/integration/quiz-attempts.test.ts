/**
 * Issue 39 on the stand-ins: every attempt of a quiz counts for the teacher (first and best score per
 * student, each attempt on demand, the item analysis over every attempt), the student reads their
 * own attempts, an untimed quiz keeps the answers given through a reload, and a lecture tells the
 * student which videos have a quiz and whether it is passed.
 */
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { api, ddb, makeUser, platform, type TestUser, uniq } from '../support/platform';
import { makeWorld, saveLecture, type World } from './catalogue-fixtures';

jest.setTimeout(60_000);

const QUESTIONS = [
  { text: 'Powerhouse of the cell?', type: 'MULTIPLE_CHOICE', options: [{ text: 'Nucleus' }, { text: 'Mitochondria' }, { text: 'Ribosome' }], correctAnswerText: 'Mitochondria' },
  { text: 'DNA is a double helix', type: 'TRUE_FALSE', options: [], correctAnswerText: 'True' },
];
interface Quiz {
  id: string;
  questions: { id: string; correctAnswerText: string }[];
}

let w: World;
let admin: TestUser;
beforeAll(async () => {
  w = await makeWorld();
  admin = w.admin;
});

async function createQuiz(settings: object = {}): Promise<Quiz> {
  const form = new FormData();
  form.append('quizData', JSON.stringify({ title: uniq('Attempts quiz '), description: 'Cells', questions: QUESTIONS, settings }));
  const r = await api('POST', '/api/Quiz/quiz', { token: admin.token, form });
  if (r.status !== 201) throw new Error(`create quiz: ${r.status} ${JSON.stringify(r.body)}`);
  return r.body.data as Quiz;
}
const answers = (quiz: Quiz, texts: string[]) => quiz.questions.map((q, i) => ({ questionId: q.id, answerText: texts[i]! }));
const submit = (user: TestUser, quiz: Quiz, texts: string[]) => api('POST', `/api/Quizz/submit/${quiz.id}`, { token: user.token, json: { answers: answers(quiz, texts) } });
const results = (quiz: Quiz) => api('GET', `/api/Quiz/students-results/${quiz.id}`, { token: admin.token });

describe('every attempt counts for the teacher', () => {
  it('fail twice, then pass: the row says 3 attempts, first 0 %, best 100 %; each attempt on demand; the analysis counts every attempt', async () => {
    const quiz = await createQuiz();
    const [ana, bob] = await Promise.all([makeUser({ firstName: 'Ana' }), makeUser({ firstName: 'Bob' })]);
    expect((await submit(ana, quiz, ['Nucleus', 'False'])).body.data.score).toBe(0);
    expect((await submit(ana, quiz, ['Ribosome', 'True'])).body.data.score).toBe(50);
    expect((await submit(ana, quiz, ['Mitochondria', 'True'])).body.data.score).toBe(100);
    await submit(bob, quiz, ['Mitochondria', 'False']);

    const r = await results(quiz);
    expect(r.status).toBe(200);
    expect(r.body.data).toEqual([
      { userId: ana.id, studentName: 'Ana User', studentDeleted: false, score: '100%', scorePercent: 100, performance: 'Excellent', attempts: 3, firstScore: 0, bestScore: 100, passed: true, watchedBefore: null },
      { userId: bob.id, studentName: 'Bob User', studentDeleted: false, score: '50%', scorePercent: 50, performance: 'Needs Improvement', attempts: 1, firstScore: 50, bestScore: 50, passed: true, watchedBefore: null },
    ]);
    // The cards stay on each student's best attempt.
    expect(r.body.summary).toEqual({ totalStudents: 2, averageScore: 75, highestScore: 100, lowestScore: 50 });
    // Question 1 over the four attempts: Nucleus, Ribosome, Mitochondria, Mitochondria.
    expect(r.body.analytics[0]).toMatchObject({ questionId: quiz.questions[0]!.id, answered: 4, facility: 0.5, mostChosenWrong: { answerText: 'Nucleus', count: 1 } });
    // Question 2: False, True, True, False — the wrong answer chosen twice.
    expect(r.body.analytics[1]).toMatchObject({ answered: 4, facility: 0.5, mostChosenWrong: { answerText: 'False', count: 2 } });

    const each = await api('GET', `/api/Quiz/students-results/${quiz.id}/${ana.id}/attempts`, { token: admin.token });
    expect(each.status).toBe(200);
    expect(each.body.data.map((a: { number: number; score: number; passed: boolean }) => [a.number, a.score, a.passed])).toEqual([
      [1, 0, false],
      [2, 50, true],
      [3, 100, true],
    ]);
    expect(each.body.data[0]).toMatchObject({ closedAtDeadline: false, finishedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/), marks: [{ questionId: quiz.questions[0]!.id, answerText: 'Nucleus', correct: false }, { questionId: quiz.questions[1]!.id, answerText: 'False', correct: false }] });
    // A student's attempts are the teacher's to read, not another student's.
    expect((await api('GET', `/api/Quiz/students-results/${quiz.id}/${ana.id}/attempts`, { token: bob.token })).status).toBe(403);
    expect((await api('GET', `/api/Quiz/students-results/${quiz.id}/${uniq('nobody')}/attempts`, { token: admin.token })).body).toEqual({ data: [] });
  });

  it('a result stored without its attempts in the quiz index counts as one attempt, its best', async () => {
    const quiz = await createQuiz();
    const cleo = await makeUser({ firstName: 'Cleo' });
    const marks = [
      { questionId: quiz.questions[0]!.id, answerText: 'Ribosome', correct: false },
      { questionId: quiz.questions[1]!.id, answerText: 'True', correct: true },
    ];
    await ddb().send(
      new PutCommand({
        TableName: platform().tableName,
        Item: {
          PK: `USER#${cleo.id}`,
          SK: `RESULT#${quiz.id}`,
          GSI1PK: `QUIZ#${quiz.id}#RESULTS`,
          GSI1SK: cleo.id,
          userId: cleo.id,
          quizId: quiz.id,
          studentName: 'Cleo User',
          attempts: 2,
          bestScore: 50,
          best: marks,
          passed: true,
          lastScore: 50,
          open: null,
          version: 2,
          updatedAt: new Date().toISOString(),
        },
      }),
    );
    const r = await results(quiz);
    expect(r.body.data).toEqual([expect.objectContaining({ userId: cleo.id, attempts: 2, firstScore: null, bestScore: 50 })]);
    expect(r.body.analytics[0]).toMatchObject({ answered: 1, facility: 0, mostChosenWrong: { answerText: 'Ribosome', count: 1 } });
  });
});

describe("the student's own attempts", () => {
  it('lists my finished attempts of a quiz, newest last, without the answer key; none before the first', async () => {
    const quiz = await createQuiz({ revealAnswers: false });
    const student = await makeUser();
    const mine = () => api('GET', `/api/Quizz/attempts/${quiz.id}`, { token: student.token });
    expect((await mine()).body).toEqual({ data: [] });
    await submit(student, quiz, ['Nucleus', 'True']);
    await submit(student, quiz, ['Mitochondria', 'True']);
    const r = await mine();
    expect(r.status).toBe(200);
    expect(r.body.data.map((a: { number: number; score: number; passed: boolean }) => [a.number, a.score, a.passed])).toEqual([
      [1, 50, true],
      [2, 100, true],
    ]);
    expect(JSON.stringify(r.body)).not.toContain('correctAnswerText');
    expect((await api('GET', `/api/Quizz/attempts/${uniq('missing')}`, { token: student.token })).status).toBe(404);
  });
});

describe('an untimed quiz keeps the answers given', () => {
  it('saves them on the server as given, gives them back on a reload, and does so for every attempt', async () => {
    const quiz = await createQuiz({ maxAttempts: 3 });
    const student = await makeUser();
    const open = async () => (await api('GET', `/api/Quizz/${quiz.id}`, { token: student.token })).body.data;
    expect(await open()).toMatchObject({ attempt: null, attemptsUsed: 0, attemptsLeft: 3 });

    const saved = await api('PUT', `/api/Quizz/answers/${quiz.id}`, { token: student.token, json: { answers: answers(quiz, ['Ribosome']).slice(0, 1) } });
    expect(saved.status).toBe(200);
    expect(saved.body.data).toMatchObject({ number: 1, deadline: null, answers: [{ questionId: quiz.questions[0]!.id, answerText: 'Ribosome' }] });
    // A reload: the answer is back, no deadline, and an attempt in progress is not a used one.
    expect(await open()).toMatchObject({ attempt: { number: 1, deadline: null, answers: [{ questionId: quiz.questions[0]!.id, answerText: 'Ribosome' }] }, attemptsUsed: 0, attemptsLeft: 3 });

    expect((await submit(student, quiz, ['Ribosome', 'False'])).body.data).toMatchObject({ attempt: 1, score: 0, attemptsLeft: 2 });
    expect(await open()).toMatchObject({ attempt: null, attemptsUsed: 1, attemptsLeft: 2 });

    // The second attempt keeps its answers too, and the submit scores what it sends.
    await api('PUT', `/api/Quizz/answers/${quiz.id}`, { token: student.token, json: { answers: answers(quiz, ['Mitochondria', 'True']) } });
    // The answers are keyed by question (their order in the answer is not the quiz's: two ids made in one millisecond).
    const byQuestion = (xs: { questionId: string }[]) => [...xs].sort((a, b) => a.questionId.localeCompare(b.questionId));
    const second = (await open()).attempt;
    expect(second.number).toBe(2);
    expect(byQuestion(second.answers)).toEqual(byQuestion(answers(quiz, ['Mitochondria', 'True'])));
    expect((await submit(student, quiz, ['Mitochondria', 'True'])).body.data).toMatchObject({ attempt: 2, score: 100, passed: true });
    expect((await api('GET', `/api/Quizz/status/check/${quiz.id}`, { token: student.token })).body.data).toEqual({ passed: true, score: 100, attempts: 2 });
  });

  it('saves nothing once every attempt is used (409)', async () => {
    const quiz = await createQuiz({ maxAttempts: 1 });
    const student = await makeUser();
    await submit(student, quiz, ['Nucleus', 'False']);
    const r = await api('PUT', `/api/Quizz/answers/${quiz.id}`, { token: student.token, json: { answers: answers(quiz, ['Mitochondria']).slice(0, 1) } });
    expect([r.status, r.body.code]).toEqual([409, 'quiz.noAttemptsLeft']);
  });
});

describe("a lecture's videos say which have a quiz, and whether this student passed it", () => {
  it('marks each quiz video passed or not, the last video too, and updates after a pass', async () => {
    const [first, last] = await Promise.all([createQuiz(), createQuiz()]);
    const lecture = await saveLecture(w, { price: '0', isFree: 'true' }, 3);
    const [v1, , v3] = lecture.videos.sort((a, b) => a.order - b.order);
    for (const [v, q] of [[v1!, first], [v3!, last]] as const) expect((await api('PATCH', `/api/AWS/lectures/video/${v.id}`, { token: admin.token, json: { quizId: q.id } })).status).toBe(200);
    const student = await makeUser();
    const open = async () =>
      ((await api('GET', `/api/cours/lectureaaa/${lecture.id}`, { token: student.token })).body.data.videos as { order: number; quizId: string | null; quizPassed?: boolean }[]).map((v) => [v.order, v.quizId, v.quizPassed]);

    expect(await open()).toEqual([
      [1, first.id, false],
      [2, null, undefined],
      [3, last.id, false],
    ]);
    await submit(student, first, ['Mitochondria', 'True']);
    await submit(student, last, ['Mitochondria', 'True']);
    expect(await open()).toEqual([
      [1, first.id, true],
      [2, null, undefined],
      [3, last.id, true],
    ]);
  });
});
