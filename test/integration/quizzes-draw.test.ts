/**
 * Issue 42's drawn questions on the stand-ins: each attempt draws settings.drawCount of the quiz's
 * questions over their tags, keeps them through a reload, is scored on them only, and the teacher's
 * analysis counts each question over the attempts that drew it; the question bank lists every
 * question for the teacher only, and a question copied from it keeps an image of its own.
 */
import { HeadObjectCommand } from '@aws-sdk/client-s3';
import { api, makeUser, platform, s3, type TestUser, uniq } from '../support/platform';
import { image, makeWorld } from './catalogue-fixtures';

jest.setTimeout(90_000);

interface Question {
  id: string;
  text: string;
  correctAnswerText: string;
  options: { text: string }[];
  tags: string[];
  imageUrl: string | null;
}
interface Quiz {
  id: string;
  questions: Question[];
}
const tf = (text: string, tags: string[]) => ({ text, type: 'TRUE_FALSE', options: [], correctAnswerText: 'True', tags });
/**
 * 18 questions: 9 tagged A, 6 tagged B, 3 untagged; a draw of 6 takes 3, 2 and 1 of them, one of
 * C(9,3)·C(6,2)·C(3,1) = 84·15·3 = 3,780 sets, each as likely. Three attempts draw the same set with
 * probability (1/3,780)² ≈ 7·10⁻⁸: the test below asks for at least two different sets.
 */
const TAG_A = uniq('الانقسام الميوزي ');
const TAG_B = uniq('Genetics ');
const BIG = [...Array.from({ length: 9 }, (_, i) => tf(`A${i}`, [TAG_A])), ...Array.from({ length: 6 }, (_, i) => tf(`B${i}`, [TAG_B])), ...Array.from({ length: 3 }, (_, i) => tf(`U${i}`, []))];

let admin: TestUser;
beforeAll(async () => {
  admin = (await makeWorld()).admin;
});

async function createQuiz(questions: object[], settings: object = {}, files: Record<string, Blob> = {}): Promise<Quiz> {
  const form = new FormData();
  form.append('quizData', JSON.stringify({ title: uniq('Drawn quiz '), description: 'Cells', questions, settings }));
  for (const [k, v] of Object.entries(files)) form.append(k, v, 'picture.png');
  const r = await api('POST', '/api/Quiz/quiz', { token: admin.token, form });
  if (r.status !== 201) throw new Error(`create quiz: ${r.status} ${JSON.stringify(r.body)}`);
  return r.body.data as Quiz;
}
const open = (u: TestUser, quiz: Quiz) => api('GET', `/api/Quizz/${quiz.id}`, { token: u.token });
const drawnIds = async (u: TestUser, quiz: Quiz) => ((await open(u, quiz)).body.data.questions as { id: string }[]).map((q) => q.id);
const submit = (u: TestUser, quiz: Quiz, answers: object[]) => api('POST', `/api/Quizz/submit/${quiz.id}`, { token: u.token, json: { answers } });
const tagOf = (quiz: Quiz, id: string) => quiz.questions.find((q) => q.id === id)!.tags[0] ?? '';

describe('a drawn attempt', () => {
  it('draws drawCount questions over the tags, keeps them through a reload, scores on them only; three attempts give different sets', async () => {
    const quiz = await createQuiz(BIG, { drawCount: 6 });
    expect(quiz.questions.map((q) => q.tags)).toEqual(BIG.map((q) => q.tags));
    const ana = await makeUser({ firstName: 'Ana' });
    const sets: string[][] = [];
    for (let attempt = 1; attempt <= 3; attempt++) {
      const first = await open(ana, quiz);
      expect(first.status).toBe(200);
      const ids = (first.body.data.questions as { id: string }[]).map((q) => q.id);
      expect(ids).toHaveLength(6);
      expect(new Set(ids).size).toBe(6);
      expect(ids.map((id) => tagOf(quiz, id)).sort()).toEqual([TAG_A, TAG_A, TAG_A, TAG_B, TAG_B, ''].sort());
      // A reload shows the same questions.
      expect(await drawnIds(ana, quiz)).toEqual(ids);
      sets.push(ids);
      // Three of the six drawn right (50 %, the pass mark of the drawn ones), and every undrawn one right too: ignored.
      const undrawn = quiz.questions.filter((q) => !ids.includes(q.id));
      const answers = [...ids.map((id, i) => ({ questionId: id, answerText: i < 3 ? 'True' : 'False' })), ...undrawn.map((q) => ({ questionId: q.id, answerText: 'True' }))];
      const r = await submit(ana, quiz, answers);
      expect(r.status).toBe(200);
      expect(r.body.data).toMatchObject({ score: 50, scoreDetails: '3/6', passed: true, attempt });
      expect((r.body.data.questions as { questionId: string }[]).map((m) => m.questionId).sort()).toEqual([...ids].sort());
    }
    expect(new Set(sets.map((s) => [...s].sort().join())).size).toBeGreaterThanOrEqual(2);

    // The teacher's analysis counts each question over the attempts that drew it.
    const results = await api('GET', `/api/Quiz/students-results/${quiz.id}`, { token: admin.token });
    expect(results.status).toBe(200);
    const answered = new Map((results.body.analytics as { questionId: string; answered: number }[]).map((a) => [a.questionId, a.answered]));
    for (const q of quiz.questions) expect(answered.get(q.id)).toBe(sets.filter((s) => s.includes(q.id)).length);
    // A student's attempts show the drawn questions only.
    const attempts = await api('GET', `/api/Quiz/students-results/${quiz.id}/${ana.id}/attempts`, { token: admin.token });
    expect((attempts.body.data as { marks: { questionId: string }[] }[]).map((a) => a.marks.map((m) => m.questionId).sort())).toEqual(sets.map((s) => [...s].sort()));
  });

  it('keeps the saved answers of the drawn questions through a reload and drops those of the others; a timed attempt too', async () => {
    for (const settings of [{ drawCount: 6 }, { drawCount: 6, timeLimitMinutes: 10 }]) {
      const quiz = await createQuiz(BIG, settings);
      const bob = await makeUser({ firstName: 'Bob' });
      const first = await open(bob, quiz);
      const ids = (first.body.data.questions as { id: string }[]).map((q) => q.id);
      expect(first.body.data.attempt).toMatchObject({ number: 1, answers: [] });
      const other = quiz.questions.find((q) => !ids.includes(q.id))!;
      const saved = await api('PUT', `/api/Quizz/answers/${quiz.id}`, { token: bob.token, json: { answers: [{ questionId: ids[0], answerText: 'True' }, { questionId: other.id, answerText: 'True' }] } });
      expect(saved.status).toBe(200);
      expect(saved.body.data.answers).toEqual([{ questionId: ids[0], answerText: 'True' }]);
      const again = await open(bob, quiz);
      expect((again.body.data.questions as { id: string }[]).map((q) => q.id)).toEqual(ids);
      expect(again.body.data.attempt).toMatchObject({ number: 1, deadline: first.body.data.attempt.deadline, answers: [{ questionId: ids[0], answerText: 'True' }] });
      // The student never receives an undrawn question.
      expect(JSON.stringify(again.body)).not.toContain(other.id);
    }
  });

  it('refuses a submit before the quiz is opened (its questions are drawn then), and a drawCount above the questions (400, its rule)', async () => {
    const quiz = await createQuiz(BIG, { drawCount: 6 });
    const cleo = await makeUser({ firstName: 'Cleo' });
    const early = await submit(cleo, quiz, [{ questionId: quiz.questions[0]!.id, answerText: 'True' }]);
    expect(early.status).toBe(409);
    expect(early.body.code).toBe('quiz.noOpenAttempt');

    const form = new FormData();
    form.append('quizData', JSON.stringify({ title: 'Too many', description: '', questions: BIG.slice(0, 3), settings: { drawCount: 4 } }));
    const r = await api('POST', '/api/Quiz/quiz', { token: admin.token, form });
    expect(r.status).toBe(400);
    expect(r.body.errors).toEqual([expect.objectContaining({ path: 'body.quizData.settings.drawCount', code: 'quiz.drawCount', params: { max: 3 } })]);
  });
});

describe('the question bank', () => {
  it('lists every question with its tags and image for the teacher, by tag and text, a page at a time; a student gets 403', async () => {
    const tag = uniq('Bank tag ');
    const source = await createQuiz([tf('Meiosis halves the chromosomes', [tag]), tf('Mitosis keeps them', [])], {}, { 'questionImages[0]': image() });
    const student = await makeUser();
    expect((await api('GET', '/api/admin/question-bank', { token: student.token })).status).toBe(403);

    const byTag = await api('GET', `/api/admin/question-bank?tag=${encodeURIComponent(tag)}`, { token: admin.token });
    expect(byTag.status).toBe(200);
    expect(byTag.body.data).toEqual([
      { quizId: source.id, quizTitle: expect.stringMatching(/^Drawn quiz /), questionId: source.questions[0]!.id, text: 'Meiosis halves the chromosomes', type: 'TRUE_FALSE', options: [{ text: 'True' }, { text: 'False' }], correctAnswerText: 'True', tags: [tag], imageUrl: source.questions[0]!.imageUrl },
    ]);
    expect(byTag.body.tags).toContain(tag);
    expect(byTag.body.next).toBeNull();
    const byText = await api('GET', `/api/admin/question-bank?q=${encodeURIComponent('MITOSIS keeps')}`, { token: admin.token });
    expect((byText.body.data as { questionId: string }[]).map((q) => q.questionId)).toContain(source.questions[1]!.id);
    expect((byText.body.data as { questionId: string }[]).map((q) => q.questionId)).not.toContain(source.questions[0]!.id);
  });

  it('pages by quizzes: ten quizzes a page, then the rest, `next` null at the end', async () => {
    const tag = uniq('Paged ');
    const made: string[] = [];
    for (let i = 0; i < 11; i++) made.push((await createQuiz([tf(`Paged question ${i}`, [tag])])).id);
    const first = await api('GET', `/api/admin/question-bank?tag=${encodeURIComponent(tag)}`, { token: admin.token });
    // Newest quiz first: the last ten made, then the first one.
    expect((first.body.data as { quizId: string }[]).map((q) => q.quizId)).toEqual(made.slice(1).reverse());
    expect(first.body.next).toBe(made[1]);
    const second = await api('GET', `/api/admin/question-bank?tag=${encodeURIComponent(tag)}&cursor=${first.body.next}`, { token: admin.token });
    expect((second.body.data as { quizId: string }[]).map((q) => q.quizId)).toEqual([made[0]]);
    expect(second.body.next).toBeNull();
  });

  it('copies a question in with an image of its own: deleting the source quiz leaves the copy whole', async () => {
    const source = await createQuiz([tf('Has a picture', ['Copied'])], {}, { 'questionImages[0]': image() });
    const from = source.questions[0]!;
    const copy = await createQuiz([{ ...tf(from.text, from.tags), copiedFrom: { quizId: source.id, questionId: from.id } }]);
    const copied = copy.questions[0]!;
    expect(copied).toMatchObject({ text: 'Has a picture', tags: ['Copied'], imageUrl: expect.stringMatching(/^\/media\/images\/.+\.png$/) });
    expect(copied.imageUrl).not.toBe(from.imageUrl);
    expect((await api('DELETE', `/api/Quiz/${source.id}`, { token: admin.token })).status).toBe(200);
    const exists = (url: string) => s3().send(new HeadObjectCommand({ Bucket: platform().bucket, Key: url.replace(/^\/media\//, '') })).then(() => true, () => false);
    expect(await exists(from.imageUrl!)).toBe(false);
    expect(await exists(copied.imageUrl!)).toBe(true);
    // The source is gone: copying from it again is a clear 400.
    const form = new FormData();
    form.append('quizData', JSON.stringify({ title: 'Late copy', description: '', questions: [{ ...tf('x', []), copiedFrom: { quizId: source.id, questionId: from.id } }] }));
    const late = await api('POST', '/api/Quiz/quiz', { token: admin.token, form });
    expect(late.status).toBe(400);
    expect(late.body.code).toBe('quiz.copySource');
  });
});
