/**
 * Every quizzes route on the stand-ins: authoring with images, assignment, taking and scoring on the
 * server, the teacher's per-quiz rules (max attempts under parallel submits, time limit, shuffle,
 * revealing answers), results with analytics, and the video gate on the lecture response.
 */
import { GetCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { HeadObjectCommand } from '@aws-sdk/client-s3';
import { api, callsDuring, callsOnceKept, ddb, makeUser, platform, s3, type TestUser, uniq } from '../support/platform';
import { image, makeWorld, playlistOf, saveLecture, type World, writePurchase } from './catalogue-fixtures';

jest.setTimeout(60_000);

interface Q {
  id?: string;
  text: string;
  type: 'MULTIPLE_CHOICE' | 'TRUE_FALSE';
  options: { text: string }[];
  correctAnswerText: string;
}
const mc = (text: string, options: string[], correct: string): Q => ({ text, type: 'MULTIPLE_CHOICE', options: options.map((o) => ({ text: o })), correctAnswerText: correct });
const tf = (text: string, correct: 'True' | 'False'): Q => ({ text, type: 'TRUE_FALSE', options: [], correctAnswerText: correct });
const QUESTIONS = [mc('Powerhouse of the cell?', ['Nucleus', 'Mitochondria', 'Ribosome', 'Golgi'], 'Mitochondria'), tf('DNA is a double helix', 'True'), mc('Unit of heredity?', ['Gene', 'Cell'], 'Gene'), tf('Plants make no oxygen', 'False')];

function quizForm(data: object, files: Record<string, Blob> = {}): FormData {
  const f = new FormData();
  f.append('quizData', JSON.stringify({ title: uniq('Quiz '), description: 'About cells', questions: QUESTIONS, ...data }));
  for (const [k, v] of Object.entries(files)) f.append(k, v, 'picture.png');
  return f;
}

let w: World;
let admin: TestUser;
beforeAll(async () => {
  w = await makeWorld();
  admin = w.admin;
});

async function createQuiz(data: object = {}, files: Record<string, Blob> = {}) {
  const r = await api('POST', '/api/Quiz/quiz', { token: admin.token, form: quizForm(data, files) });
  if (r.status !== 201) throw new Error(`create quiz: ${r.status} ${JSON.stringify(r.body)}`);
  return r.body.data as { id: string; questions: { id: string; text: string; correctAnswerText: string; options: { id: string; text: string }[]; imageUrl: string | null }[]; imageUrl: string | null };
}
/** The right answers by question id, as the admin's view tells them. */
const rightAnswers = (quiz: Awaited<ReturnType<typeof createQuiz>>) => quiz.questions.map((q) => ({ questionId: q.id, answerText: q.correctAnswerText }));
const wrongAnswers = (quiz: Awaited<ReturnType<typeof createQuiz>>) => quiz.questions.map((q) => ({ questionId: q.id, answerText: q.options.find((o) => o.text !== q.correctAnswerText)!.text }));
const submit = (user: TestUser, quizId: string, answers: object[]) => api('POST', `/api/Quizz/submit/${quizId}`, { token: user.token, json: { answers } });
const status = (user: TestUser, quizId: string) => api('GET', `/api/Quizz/status/check/${quizId}`, { token: user.token });
const objectExists = async (url: string) => {
  const Key = decodeURIComponent(url.replace(/^\/media\//, ''));
  return s3().send(new HeadObjectCommand({ Bucket: platform().bucket, Key })).then(
    () => true,
    () => false,
  );
};

describe('authoring (admin)', () => {
  it('creates a quiz with a quiz image and question images by index; lists it with its count', async () => {
    const quiz = await createQuiz({}, { quizImage: image(), 'questionImages[1]': image(300) });
    expect(quiz.imageUrl).toMatch(/^\/media\/images\/.+\.png$/);
    expect(quiz.questions.map((q) => q.imageUrl)).toEqual([null, expect.stringMatching(/^\/media\/images\//), null, null]);
    expect(quiz.questions[1]!.options.map((o) => o.text)).toEqual(['True', 'False']);
    expect(await objectExists(quiz.imageUrl!)).toBe(true);
    const list = await api('GET', '/api/Quiz/AllQuizz', { token: admin.token });
    expect(list.status).toBe(200);
    expect(list.body.data.find((q: { id: string }) => q.id === quiz.id)).toMatchObject({ questionCount: 4, imageUrl: quiz.imageUrl, createdAt: expect.any(String), contentId: null });
    expect(list.body.data[0].questions).toBeUndefined();
  });

  it.each<[string, object, Record<string, Blob>, RegExp]>([
    ['a blank title', { title: ' ' }, {}, /Please enter a quiz title/],
    ['no questions', { questions: [] }, {}, /Please add at least one question/],
    ['a blank question', { questions: [mc(' ', ['a', 'b'], 'a')] }, {}, /Please fill in all question fields/],
    ['a blank MC option', { questions: [mc('Q', ['a', ' '], 'a')] }, {}, /Please fill in all answer options for mcq questions/],
    ['a correct answer not among the options', { questions: [mc('Q', ['a', 'b'], 'c')] }, {}, /The correct answer must be one of the question options/],
    ['a quiz image of 1 MB', {}, { quizImage: image(1_000_000) }, /maximum size for image is 1MB/],
    ['a question image that is not an image', {}, { 'questionImages[0]': new Blob(['%PDF'], { type: 'application/pdf' }) }, /must be an image/],
    ['a question image for no question', {}, { 'questionImages[9]': image() }, /names no question/],
  ])('refuses %s with a readable 400', async (_, data, files, message) => {
    const r = await api('POST', '/api/Quiz/quiz', { token: admin.token, form: quizForm(data, files) });
    expect(r.status).toBe(400);
    expect(r.body.message).toMatch(message);
  });

  it('edits: keeps existing questions by id (images by id), adds new ones (images by index), removes the rest', async () => {
    const quiz = await createQuiz({}, { 'questionImages[0]': image() });
    const [first, , third] = quiz.questions;
    const questions = [{ ...mc('Edited first', ['Nucleus', 'Mitochondria'], 'Nucleus'), id: first!.id }, tf('New one', 'False'), { ...QUESTIONS[2]!, id: third!.id }];
    const f = quizForm({ title: 'Renamed', questions, settings: { revealAnswers: true } }, { [`questionImages[${third!.id}]`]: image(), 'questionImages[1]': image() });
    const r = await api('PATCH', `/api/Quiz/${quiz.id}`, { token: admin.token, form: f });
    expect(r.status).toBe(200);
    expect(r.body.data).toMatchObject({ title: 'Renamed', questionCount: 3, settings: { revealAnswers: true, timeLimitMinutes: null, maxAttempts: null, shuffle: false } });
    const qs = r.body.data.questions;
    expect(qs.map((q: { id: string }) => q.id)).toEqual([first!.id, expect.any(String), third!.id]);
    expect(qs[0]).toMatchObject({ text: 'Edited first', correctAnswerText: 'Nucleus', imageUrl: first!.imageUrl });
    expect(qs[1].imageUrl).toMatch(/^\/media\/images\//);
    expect(qs[2].imageUrl).toMatch(/^\/media\/images\//);
    const unknown = await api('PATCH', `/api/Quiz/${quiz.id}`, { token: admin.token, form: quizForm({ questions: [{ ...tf('x', 'True'), id: 'NOTAQUESTION' }] }) });
    expect(unknown.status).toBe(400);
    expect(unknown.body.code).toBe('quiz.question');
  });

  it('deletes a question (404 for one that is not there) and keeps the last one', async () => {
    const quiz = await createQuiz({ questions: QUESTIONS.slice(0, 2) });
    const r = await api('DELETE', `/api/Quizz/questions/${quiz.id}/${quiz.questions[0]!.id}`, { token: admin.token });
    expect(r.status).toBe(200);
    expect(r.body).toEqual({ id: quiz.questions[0]!.id, message: 'Question Deleted!' });
    expect((await api('DELETE', `/api/Quizz/questions/${quiz.id}/${quiz.questions[0]!.id}`, { token: admin.token })).status).toBe(404);
    expect((await api('DELETE', `/api/Quizz/questions/${quiz.id}/${quiz.questions[1]!.id}`, { token: admin.token })).status).toBe(400);
    const admin1 = await api('GET', `/api/Quizz/${quiz.id}`, { token: admin.token });
    expect(admin1.body.data).toMatchObject({ questionCount: 1, videoCount: 0 });
  });

  it('keeps every admin route from students (403) and signed-out callers (401)', async () => {
    const quiz = await createQuiz();
    const adminRoutes: [string, string][] = [
      ['GET', '/api/Quiz/AllQuizz'],
      ['GET', `/api/Quiz/quizzes/${w.quizSectionId}`],
      ['POST', `/api/Quiz/associate-quiz/${w.quizSectionId}/${quiz.id}`],
      ['DELETE', `/api/Quiz/unassign-from-content/${quiz.id}`],
      ['DELETE', `/api/Quiz/${quiz.id}`],
      ['DELETE', `/api/v/quizzes/${quiz.id}`],
      ['DELETE', `/api/Quizz/questions/${quiz.id}/${quiz.questions[0]!.id}`],
      ['GET', `/api/Quiz/students-results/${quiz.id}`],
    ];
    for (const [method, path] of adminRoutes) {
      expect([method, path, (await api(method, path, { token: w.student.token })).status]).toEqual([method, path, 403]);
      expect([method, path, (await api(method, path)).status]).toEqual([method, path, 401]);
    }
    expect((await api('POST', '/api/Quiz/quiz', { token: w.student.token, form: quizForm({}) })).status).toBe(403);
    expect((await api('PATCH', `/api/Quiz/${quiz.id}`, { token: w.student.token, form: quizForm({}) })).status).toBe(403);
    expect((await api('GET', `/api/Quizz/${quiz.id}`)).status).toBe(401);
    expect((await api('GET', '/api/Quizz/NOSUCHQUIZ', { token: w.student.token })).status).toBe(404);
  });
});

describe('assignment to a Quiz section', () => {
  it('assigns, lists for the admin and the students, moves, unassigns; refuses a lecture section', async () => {
    const [a, b] = await Promise.all([createQuiz(), createQuiz()]);
    expect((await api('POST', `/api/Quiz/associate-quiz/${w.quizSectionId}/${a.id}`, { token: admin.token })).status).toBe(200);
    expect((await api('POST', `/api/Quiz/associate-quiz/${w.quizSectionId}/${b.id}`, { token: admin.token })).body).toEqual({ message: 'Quiz assigned successfully' });
    const listed = await api('GET', `/api/Quiz/quizzes/${w.quizSectionId}`, { token: admin.token });
    expect(listed.body.data.map((q: { id: string }) => q.id)).toEqual(expect.arrayContaining([a.id, b.id]));
    expect(listed.body.data.find((q: { id: string }) => q.id === a.id)).toMatchObject({ questionCount: 4, contentId: w.quizSectionId });
    const forStudent = await api('GET', `/api/Quizz/section/${w.quizSectionId}`, { token: w.student.token });
    expect(forStudent.status).toBe(200);
    expect(JSON.stringify(forStudent.body)).not.toMatch(/correct/i);
    expect(forStudent.body.data.map((q: { id: string }) => q.id)).toEqual(expect.arrayContaining([a.id, b.id]));

    const wrongSection = await api('POST', `/api/Quiz/associate-quiz/${w.lectureSectionId}/${a.id}`, { token: admin.token });
    expect([wrongSection.status, wrongSection.body.code]).toEqual([400, 'quiz.sectionType']);
    expect((await api('POST', `/api/Quiz/associate-quiz/NOSECTION/${a.id}`, { token: admin.token })).status).toBe(404);
    expect((await api('POST', `/api/Quiz/associate-quiz/${w.quizSectionId}/NOQUIZ`, { token: admin.token })).status).toBe(404);

    expect((await api('DELETE', `/api/Quiz/unassign-from-content/${a.id}`, { token: admin.token })).status).toBe(200);
    const after = await api('GET', `/api/Quiz/quizzes/${w.quizSectionId}`, { token: admin.token });
    expect(after.body.data.map((q: { id: string }) => q.id)).not.toContain(a.id);
    expect(after.body.data.map((q: { id: string }) => q.id)).toContain(b.id);
  });
});

describe('taking a quiz (student)', () => {
  it('scores against the quiz as it is now, even when another instance changed it a moment ago', async () => {
    const quiz = await createQuiz();
    const student = await makeUser();
    // Opening reads the quiz (and keeps it briefly for the class that opens it next).
    expect((await api('GET', `/api/Quizz/${quiz.id}`, { token: student.token })).status).toBe(200);
    // The teacher's edit lands through another Lambda instance: straight to the table, so this one's
    // copy is not dropped. The first question's right answer becomes 'Nucleus'.
    const q0 = quiz.questions[0]!;
    const { Items } = await ddb().send(
      new QueryCommand({ TableName: platform().tableName, KeyConditionExpression: 'PK = :pk AND begins_with(SK, :sk)', ExpressionAttributeValues: { ':pk': `QUIZ#${quiz.id}`, ':sk': 'QUESTION#' } }),
    );
    const item = Items!.find((i) => i.id === q0.id)!;
    const nucleus = q0.options.find((o) => o.text === 'Nucleus')!.id;
    await ddb().send(new UpdateCommand({ TableName: platform().tableName, Key: { PK: item.PK, SK: item.SK }, UpdateExpression: 'SET correctOptionId = :c', ExpressionAttributeValues: { ':c': nucleus } }));
    await ddb().send(
      new UpdateCommand({ TableName: platform().tableName, Key: { PK: `QUIZ#${quiz.id}`, SK: 'QUIZ' }, UpdateExpression: 'SET updatedAt = :at', ExpressionAttributeValues: { ':at': new Date().toISOString() } }),
    );
    const answers = rightAnswers(quiz).map((a, i) => (i === 0 ? { ...a, answerText: 'Nucleus' } : a));
    const r = await submit(student, quiz.id, answers);
    expect(r.body.data).toMatchObject({ score: 100, scoreDetails: '4/4' });
  });

  it("writes a submit with only the student's own items: a class submitting at once shares no item in its transactions", async () => {
    // In DynamoDB an item in a TransactWriteItems that is part of another ongoing one cancels it:
    // with the quiz item in every submit's transaction, a whole class would conflict on it.
    const quiz = await createQuiz();
    const student = await makeUser();
    let r!: Awaited<ReturnType<typeof submit>>;
    const mine = await callsOnceKept(
      [quiz.id, student.id],
      async () => expect((await api('GET', `/api/Quizz/${quiz.id}`, { token: student.token })).status).toBe(200),
      async () => (r = await submit(student, quiz.id, rightAnswers(quiz))),
    );
    expect(r.status).toBe(200);
    const writes = mine.filter((c) => c.op === 'TransactWriteItems');
    expect(writes).toHaveLength(1);
    const keysWritten = (writes[0]!.input.TransactItems as Record<string, { Item?: { PK: unknown }; Key?: { PK: unknown } }>[]).map((t) => JSON.stringify(Object.values(t)[0]!.Item?.PK ?? Object.values(t)[0]!.Key?.PK));
    expect(keysWritten.every((pk) => pk.includes(`USER#${student.id}`))).toBe(true);
    // The quiz's version is read instead, strongly consistent: with the student's record and result, in
    // the session gate's one BatchGet (lib/http.ts readsAlong), before the one write.
    expect(mine.map((c) => c.op)).toEqual(['BatchGetItem', 'TransactWriteItems']);
    const read = JSON.stringify(mine[0]!.input);
    for (const key of ['{"S":"PROFILE"}', `{"S":"QUIZ#${quiz.id}"}`, `RESULT#${quiz.id}`, '"ConsistentRead":true']) expect(read).toContain(key);
  });

  it('reads the result along the session only for a live session: after logout the open, the status and a submit answer 401 and write nothing', async () => {
    const quiz = await createQuiz();
    const student = await makeUser();
    expect((await submit(student, quiz.id, wrongAnswers(quiz))).status).toBe(200);
    const result = () => ddb().send(new GetCommand({ TableName: platform().tableName, Key: { PK: `USER#${student.id}`, SK: `RESULT#${quiz.id}` } }));
    const before = (await result()).Item;
    expect(before).toMatchObject({ attempts: 1 });
    expect((await api('POST', '/api/auth/logout', { token: student.token })).status).toBe(200);
    const ended = { message: 'You have logged out. Please log in again.', code: 'session.loggedOut' };
    for (const r of [await api('GET', `/api/Quizz/${quiz.id}`, { token: student.token }), await status(student, quiz.id), await submit(student, quiz.id, rightAnswers(quiz))]) {
      expect([r.status, r.body]).toEqual([401, ended]);
    }
    expect((await result()).Item).toEqual(before);
  });

  it("reads an admin's record alone: a teacher opening a quiz reads no result of theirs along it", async () => {
    const quiz = await createQuiz();
    const admin = w.admin;
    const calls = await callsDuring([admin.id], async () => expect((await api('GET', `/api/Quizz/${quiz.id}`, { token: admin.token })).status).toBe(200));
    expect(calls.map((c) => c.op)).toEqual(['GetItem']);
    expect(JSON.stringify(calls[0]!.input.Key)).toContain('PROFILE');
  });

  it('sends no correct answer in any field, and scores on the server', async () => {
    const quiz = await createQuiz();
    const got = await api('GET', `/api/Quizz/${quiz.id}`, { token: w.student.token });
    expect(got.status).toBe(200);
    const text = JSON.stringify(got.body);
    expect(text).not.toMatch(/correct/i);
    expect(got.body.data).toMatchObject({ id: quiz.id, questionCount: 4, attempt: null, attemptsUsed: 0, attemptsLeft: null, passed: false });
    expect(got.body.data.questions[0].options.map((o: { text: string }) => o.text)).toEqual(['Nucleus', 'Mitochondria', 'Ribosome', 'Golgi']);

    const failed = await submit(w.student, quiz.id, wrongAnswers(quiz).slice(0, 3));
    expect(failed.status).toBe(200);
    expect(failed.body.data).toMatchObject({ score: 0, scoreDetails: '0/4', passed: false, attempt: 1 });
    // By default right or wrong only: failing does not hand out the key.
    expect(JSON.stringify(failed.body.data.questions)).not.toMatch(/correctAnswerText/);
    expect((await status(w.student, quiz.id)).body.data).toEqual({ passed: false, score: 0, attempts: 1 });

    const half = [...rightAnswers(quiz).slice(0, 2), ...wrongAnswers(quiz).slice(2)];
    const passed = await submit(w.student, quiz.id, half);
    expect(passed.body.data).toMatchObject({ score: 50, scoreDetails: '2/4', passed: true, attempt: 2 });
    const worse = await submit(w.student, quiz.id, wrongAnswers(quiz));
    expect(worse.body.data.passed).toBe(false);
    // Passed once any attempt passed; the score is the best.
    expect((await status(w.student, quiz.id)).body.data).toEqual({ passed: true, score: 50, attempts: 3 });
  });

  it.each<[string, (q: Awaited<ReturnType<typeof createQuiz>>, other: Awaited<ReturnType<typeof createQuiz>>) => object]>([
    ['an unknown question', () => ({ answers: [{ questionId: 'NOPE', answerText: 'True' }] })],
    ["another quiz's question", (_q, other) => ({ answers: [{ questionId: other.questions[0]!.id, answerText: 'Mitochondria' }] })],
    ['an option that does not exist', (q) => ({ answers: [{ questionId: q.questions[0]!.id, answerText: 'Chloroplast' }] })],
    ['no answers', () => ({ answers: [] })],
    ['answers that are not a list', () => ({ answers: 'all of them' })],
  ])('refuses %s with 400 and stores nothing', async (_, body) => {
    const [quiz, other] = await Promise.all([createQuiz(), createQuiz()]);
    const student = await makeUser();
    const r = await api('POST', `/api/Quizz/submit/${quiz.id}`, { token: student.token, json: body(quiz, other) });
    expect(r.status).toBe(400);
    expect((await status(student, quiz.id)).body.data).toEqual({ passed: false, score: null, attempts: 0 });
  });

  it('reveals the right answers in a result only when the teacher chose it', async () => {
    const quiz = await createQuiz({ settings: { revealAnswers: true } });
    const r = await submit(w.student, quiz.id, wrongAnswers(quiz));
    expect(r.body.data.questions[0]).toEqual({ questionId: quiz.questions[0]!.id, answerText: 'Nucleus', correct: false, correctAnswerText: 'Mitochondria' });
  });

  it('shuffles question and option order per attempt and scores against the right question', async () => {
    const many = Array.from({ length: 8 }, (_, i) => mc(`Q${i}`, ['a', 'b', 'c', 'd'], 'c'));
    const quiz = await createQuiz({ questions: many, settings: { shuffle: true } });
    const student = await makeUser();
    const first = await api('GET', `/api/Quizz/${quiz.id}`, { token: student.token });
    const again = await api('GET', `/api/Quizz/${quiz.id}`, { token: student.token });
    const order = (r: typeof first) => r.body.data.questions.map((q: { id: string; options: { text: string }[] }) => `${q.id}:${q.options.map((o) => o.text).join('')}`);
    expect(order(again)).toEqual(order(first));
    expect(order(first)).not.toEqual(quiz.questions.map((q) => `${q.id}:abcd`));
    // Answer in the shown order: c is right for every question.
    const answers = first.body.data.questions.map((q: { id: string }) => ({ questionId: q.id, answerText: 'c' }));
    expect((await submit(student, quiz.id, answers)).body.data).toMatchObject({ score: 100, passed: true });
    const next = await api('GET', `/api/Quizz/${quiz.id}`, { token: student.token });
    expect(order(next)).not.toEqual(order(first));
  });

  it('holds the maximum number of attempts under parallel submits (several tabs)', async () => {
    const quiz = await createQuiz({ settings: { maxAttempts: 2 } });
    const student = await makeUser();
    const results = await Promise.all(Array.from({ length: 6 }, () => submit(student, quiz.id, wrongAnswers(quiz))));
    expect(results.map((r) => r.status).sort()).toEqual([200, 200, 409, 409, 409, 409]);
    expect(results.find((r) => r.status === 409)!.body.code).toBe('quiz.noAttemptsLeft');
    expect((await status(student, quiz.id)).body.data.attempts).toBe(2);
    const attempts = await ddb().send(
      new QueryCommand({ TableName: platform().tableName, KeyConditionExpression: 'PK = :pk AND begins_with(SK, :sk)', ExpressionAttributeValues: { ':pk': `USER#${student.id}`, ':sk': `ATTEMPT#${quiz.id}#` } }),
    );
    expect(attempts.Items!.map((i) => i.number).sort()).toEqual([1, 2]);
    expect((await api('GET', `/api/Quizz/${quiz.id}`, { token: student.token })).body.data).toMatchObject({ attemptsUsed: 2, attemptsLeft: 0 });
  });

  it('keeps every attempt of parallel submits without a limit', async () => {
    const quiz = await createQuiz();
    const student = await makeUser();
    const results = await Promise.all(Array.from({ length: 5 }, () => submit(student, quiz.id, rightAnswers(quiz))));
    expect(results.map((r) => r.status)).toEqual([200, 200, 200, 200, 200]);
    expect(results.map((r) => r.body.data.attempt).sort()).toEqual([1, 2, 3, 4, 5]);
    expect((await status(student, quiz.id)).body.data).toEqual({ passed: true, score: 100, attempts: 5 });
  });
});

describe("a quiz in a locked term (the term's lock holds by the quiz's id too)", () => {
  const lockTerm = async (termId: string, locked: boolean) => {
    const r = await api('PATCH', `/api/cours/Term/lock/${termId}`, { token: admin.token });
    expect(r.body.isLocked).toBe(locked);
  };
  const refused = { status: 403, code: 'term.locked', message: 'This term is locked' };
  const answerOf = (r: { status: number; body: { code?: string; message?: string } }) => ({ status: r.status, code: r.body.code, message: r.body.message });

  it("refuses a student the open, the saved answers and the submit of its Quiz section's quiz (403 term.locked), stores nothing, and lets the admin in", async () => {
    const world = await makeWorld();
    const quiz = await createQuiz({ settings: { timeLimitMinutes: 10 } });
    expect((await api('POST', `/api/Quiz/associate-quiz/${world.quizSectionId}/${quiz.id}`, { token: admin.token })).status).toBe(200);
    const student = await makeUser();
    await lockTerm(world.termId, true);
    expect(answerOf(await api('GET', `/api/Quizz/${quiz.id}`, { token: student.token }))).toEqual(refused);
    expect(answerOf(await api('PUT', `/api/Quizz/answers/${quiz.id}`, { token: student.token, json: { answers: rightAnswers(quiz).slice(0, 1) } }))).toEqual(refused);
    expect(answerOf(await submit(student, quiz.id, rightAnswers(quiz)))).toEqual(refused);
    // No attempt was opened (the quiz is timed: an open would have started one), none scored.
    expect((await ddb().send(new GetCommand({ TableName: platform().tableName, Key: { PK: `USER#${student.id}`, SK: `RESULT#${quiz.id}` } }))).Item).toBeUndefined();
    const asAdmin = await api('GET', `/api/Quizz/${quiz.id}`, { token: admin.token });
    expect([asAdmin.status, asAdmin.body.data.id, asAdmin.body.data.questions.map((q: { correctAnswerText: string }) => q.correctAnswerText)]).toEqual([200, quiz.id, quiz.questions.map((q) => q.correctAnswerText)]);
    // Unlocked, the student takes it.
    await lockTerm(world.termId, false);
    const opened = await api('GET', `/api/Quizz/${quiz.id}`, { token: student.token });
    expect([opened.status, opened.body.data.attempt.number]).toEqual([200, 1]);
    expect((await submit(student, quiz.id, rightAnswers(quiz))).body.data).toMatchObject({ score: 100, passed: true, attempt: 1 });
  });

  it("refuses a quiz that gates a video only when every lecture it gates is in a locked term", async () => {
    const world = await makeWorld();
    const quiz = await createQuiz();
    const lecture = await saveLecture(world, { price: '0', isFree: 'true' }, 2);
    const first = lecture.videos.sort((a, b) => a.order - b.order)[0]!;
    expect((await api('PATCH', `/api/AWS/lectures/video/${first.id}`, { token: admin.token, json: { quizId: quiz.id } })).status).toBe(200);
    const student = await makeUser();
    await lockTerm(world.termId, true);
    expect(answerOf(await api('GET', `/api/Quizz/${quiz.id}`, { token: student.token }))).toEqual(refused);
    expect(answerOf(await submit(student, quiz.id, rightAnswers(quiz)))).toEqual(refused);
    // The same quiz gating a video of an open term too: the students of that term take it.
    const open = await saveLecture(w, { price: '0', isFree: 'true' }, 2);
    expect((await api('PATCH', `/api/AWS/lectures/video/${open.videos.sort((a, b) => a.order - b.order)[0]!.id}`, { token: admin.token, json: { quizId: quiz.id } })).status).toBe(200);
    expect((await api('GET', `/api/Quizz/${quiz.id}`, { token: student.token })).status).toBe(200);
    expect((await submit(student, quiz.id, rightAnswers(quiz))).body.data).toMatchObject({ score: 100, passed: true });
    await lockTerm(world.termId, false);
  });
});

describe('a time limit', () => {
  const resultKey = (userId: string, quizId: string) => ({ PK: `USER#${userId}`, SK: `RESULT#${quizId}` });
  /** Moves the open attempt's deadline, as time passing would. */
  const setDeadline = (userId: string, quizId: string, msFromNow: number) =>
    ddb().send(
      new UpdateCommand({
        TableName: platform().tableName,
        Key: resultKey(userId, quizId),
        UpdateExpression: 'SET #o.deadline = :d',
        ExpressionAttributeNames: { '#o': 'open' },
        ExpressionAttributeValues: { ':d': new Date(Date.now() + msFromNow).toISOString() },
      }),
    );

  it('opens the attempt on the server, saves answers as given, submits within the grace', async () => {
    const quiz = await createQuiz({ settings: { timeLimitMinutes: 10 } });
    const student = await makeUser();
    expect((await submit(student, quiz.id, rightAnswers(quiz))).body.code).toBe('quiz.noOpenAttempt');
    const opened = await api('GET', `/api/Quizz/${quiz.id}`, { token: student.token });
    const { attempt } = opened.body.data;
    expect(attempt).toMatchObject({ number: 1, answers: [] });
    expect(Date.parse(attempt.deadline) - Date.parse(attempt.startedAt)).toBe(10 * 60_000);
    // Reopening (another tab, a reload) is the same attempt.
    expect((await api('GET', `/api/Quizz/${quiz.id}`, { token: student.token })).body.data.attempt).toEqual(attempt);

    const right = rightAnswers(quiz);
    const saved = await api('PUT', `/api/Quizz/answers/${quiz.id}`, { token: student.token, json: { answers: right.slice(0, 2) } });
    expect(saved.status).toBe(200);
    expect(saved.body.data.answers).toHaveLength(2);
    expect((await api('PUT', `/api/Quizz/answers/${quiz.id}`, { token: student.token, json: { answers: [{ questionId: 'NOPE', answerText: 'x' }] } })).status).toBe(400);

    await setDeadline(student.id, quiz.id, -30_000); // past the deadline, within the 60 s grace
    const r = await submit(student, quiz.id, right.slice(2));
    expect(r.body.data).toMatchObject({ score: 100, passed: true, closedAtDeadline: false, attempt: 1 });
  });

  it('closes at the deadline plus grace with the answers it has; later requests change nothing', async () => {
    const quiz = await createQuiz({ settings: { timeLimitMinutes: 5, maxAttempts: 1 } });
    const student = await makeUser();
    await api('GET', `/api/Quizz/${quiz.id}`, { token: student.token });
    const right = rightAnswers(quiz);
    await api('PUT', `/api/Quizz/answers/${quiz.id}`, { token: student.token, json: { answers: right.slice(0, 1) } });
    await setDeadline(student.id, quiz.id, -61_000);

    const late = await api('PUT', `/api/Quizz/answers/${quiz.id}`, { token: student.token, json: { answers: right.slice(1) } });
    expect([late.status, late.body.code]).toEqual([409, 'quiz.attemptClosed']);
    expect((await status(student, quiz.id)).body.data).toEqual({ passed: false, score: 25, attempts: 1 });
    const later = await submit(student, quiz.id, right);
    expect(later.status).toBe(409);
    expect((await status(student, quiz.id)).body.data).toEqual({ passed: false, score: 25, attempts: 1 });
    expect((await api('GET', `/api/Quizz/${quiz.id}`, { token: student.token })).body.data).toMatchObject({ attempt: null, attemptsLeft: 0 });
  });

  it('a submit after the grace is scored from the saved answers, not the late ones', async () => {
    const quiz = await createQuiz({ settings: { timeLimitMinutes: 5 } });
    const student = await makeUser();
    await api('GET', `/api/Quizz/${quiz.id}`, { token: student.token });
    await api('PUT', `/api/Quizz/answers/${quiz.id}`, { token: student.token, json: { answers: rightAnswers(quiz).slice(0, 2) } });
    await setDeadline(student.id, quiz.id, -120_000);
    const r = await submit(student, quiz.id, rightAnswers(quiz));
    expect(r.body.data).toMatchObject({ score: 50, closedAtDeadline: true });
    const stored = await ddb().send(new GetCommand({ TableName: platform().tableName, Key: resultKey(student.id, quiz.id) }));
    expect(stored.Item).toMatchObject({ attempts: 1, bestScore: 50, open: null });
  });
});

describe('results (admin)', () => {
  it('lists each student’s best attempt with band, the cards and per-question analytics over every attempt', async () => {
    const quiz = await createQuiz();
    const empty = await api('GET', `/api/Quiz/students-results/${quiz.id}`, { token: admin.token });
    expect(empty.body).toEqual({ data: [], summary: { totalStudents: 0, averageScore: 0, highestScore: 0, lowestScore: 0 }, analytics: expect.any(Array) });
    const [ana, bob] = await Promise.all([makeUser({ firstName: 'Ana' }), makeUser({ firstName: 'Bob' })]);
    await submit(ana, quiz.id, wrongAnswers(quiz));
    await submit(ana, quiz.id, rightAnswers(quiz));
    await submit(bob, quiz.id, [...rightAnswers(quiz).slice(0, 1), ...wrongAnswers(quiz).slice(1)]);
    const r = await api('GET', `/api/Quiz/students-results/${quiz.id}`, { token: admin.token });
    expect(r.status).toBe(200);
    expect(r.body.data).toEqual([
      { userId: ana.id, studentName: 'Ana User', studentDeleted: false, score: '100%', scorePercent: 100, performance: 'Excellent', attempts: 2, firstScore: 0, bestScore: 100, passed: true, watchedBefore: null },
      { userId: bob.id, studentName: 'Bob User', studentDeleted: false, score: '25%', scorePercent: 25, performance: 'Needs Improvement', attempts: 1, firstScore: 25, bestScore: 25, passed: false, watchedBefore: null },
    ]);
    expect(r.body.summary).toEqual({ totalStudents: 2, averageScore: 63, highestScore: 100, lowestScore: 25 });

    // The teacher deletes Bob: the statistics still count his attempt, named and marked deleted.
    expect((await api('DELETE', `/api/user/deleteUser/${bob.id}`, { token: admin.token })).status).toBe(200);
    const after = await api('GET', `/api/Quiz/students-results/${quiz.id}`, { token: admin.token });
    expect(after.body.data[1]).toMatchObject({ userId: bob.id, studentName: 'Bob User', studentDeleted: true, scorePercent: 25 });
    expect(after.body.summary).toEqual(r.body.summary);
    // Ana's failed first attempt counts in the analysis; discrimination compares the students' best.
    expect(r.body.analytics[0]).toMatchObject({ questionId: quiz.questions[0]!.id, answered: 3, facility: 0.67, discrimination: 0, mostChosenWrong: { answerText: 'Nucleus', count: 1 } });
    expect(r.body.analytics[1]).toMatchObject({ answered: 3, facility: 0.33, discrimination: 1, mostChosenWrong: { answerText: 'False', count: 2 } });
  });
});

describe('the video gate', () => {
  it('gives a signed URL only for unlocked videos, marks locked ones with the reason; opens after a pass', async () => {
    const quiz = await createQuiz();
    const lecture = await saveLecture(w, { price: '0', isFree: 'true' }, 3);
    const [v1] = lecture.videos.sort((a, b) => a.order - b.order);
    expect((await api('PATCH', `/api/AWS/lectures/video/${v1!.id}`, { token: admin.token, json: { quizId: quiz.id } })).status).toBe(200);
    const student = await makeUser();
    const open = async (u: TestUser) => (await api('GET', `/api/cours/lectureaaa/${lecture.id}`, { token: u.token })).body.data.videos as { order: number; signedUrl?: string; locked?: object }[];

    const signedUrls = lecture.videos.map((v) => playlistOf(v.videoUrl));
    const before = await open(student);
    expect(before.map((v) => [v.order, v.signedUrl, v.locked ?? null])).toEqual([
      [1, signedUrls[0], null],
      [2, undefined, { reason: 'quiz', videoNumber: 1, quizId: quiz.id }],
      [3, undefined, { reason: 'quiz', videoNumber: 1, quizId: quiz.id }],
    ]);
    expect((await open(admin)).map((v) => [v.signedUrl, v.locked])).toEqual(signedUrls.map((url) => [url, undefined]));

    // A failed attempt opens nothing: the URLs after the quiz's video stay withheld.
    await submit(student, quiz.id, wrongAnswers(quiz));
    expect((await open(student)).map((v) => [v.order, v.signedUrl, v.locked ?? null])).toEqual([
      [1, signedUrls[0], null],
      [2, undefined, { reason: 'quiz', videoNumber: 1, quizId: quiz.id }],
      [3, undefined, { reason: 'quiz', videoNumber: 1, quizId: quiz.id }],
    ]);
    await submit(student, quiz.id, rightAnswers(quiz));
    expect((await open(student)).map((v) => [v.order, v.signedUrl, v.locked ?? null])).toEqual(signedUrls.map((url, i) => [i + 1, url, null]));

    // Deleting the quiz lifts the gate for everyone and says how many videos used it.
    const other = await makeUser();
    expect((await open(other))[1]!.locked).toEqual({ reason: 'quiz', videoNumber: 1, quizId: quiz.id });
    expect((await api('GET', `/api/Quizz/${quiz.id}`, { token: admin.token })).body.data.videoCount).toBe(1);
    const deleted = await api('DELETE', `/api/Quiz/${quiz.id}`, { token: admin.token });
    expect(deleted.body).toEqual({ id: quiz.id, message: 'Deleted!', videosUnlocked: 1 });
    const after = await open(other);
    expect(after.map((v) => [v.signedUrl, v.locked])).toEqual(signedUrls.map((url) => [url, undefined]));
    expect((await api('GET', `/api/cours/lectureaaa/${lecture.id}`, { token: admin.token })).body.data.videos[0].quizId).toBeNull();
  });

  it("sends quiz ids only to whoever may watch: a student who does not own the lecture gets none, in the lecture or its section's list", async () => {
    const quiz = await createQuiz();
    const lecture = await saveLecture(w, { price: '150', isFree: 'false' }, 3);
    const [v1] = lecture.videos.sort((a, b) => a.order - b.order);
    expect((await api('PATCH', `/api/AWS/lectures/video/${v1!.id}`, { token: admin.token, json: { quizId: quiz.id } })).status).toBe(200);
    const [owner, stranger] = await Promise.all([makeUser(), makeUser()]);
    await writePurchase(owner.id, lecture.id);
    type Seen = { quizId: string | null; locked?: { quizId: string } }[];
    const open = async (u: TestUser) => (await api('GET', `/api/cours/lectureaaa/${lecture.id}`, { token: u.token })).body.data.videos as Seen;
    const inList = async (u: TestUser) => ((await api('GET', `/api/cours/lecture/${w.lectureSectionId}`, { token: u.token })).body.data as { id: string; videos: Seen }[]).find((l) => l.id === lecture.id)!.videos;

    const seen = await open(stranger);
    expect(seen.map((v) => [v.quizId, v.locked])).toEqual([[null, undefined], [null, undefined], [null, undefined]]);
    expect(JSON.stringify(seen)).not.toContain(quiz.id);
    expect(JSON.stringify(await inList(stranger))).not.toContain(quiz.id);
    // The owner needs them: the quiz of the first video, and the lock that names it.
    expect((await open(owner)).map((v) => [v.quizId, v.locked?.quizId])).toEqual([[quiz.id, undefined], [null, quiz.id], [null, quiz.id]]);
    expect((await inList(owner)).map((v) => v.quizId)).toEqual([quiz.id, null, null]);
    expect((await open(admin)).map((v) => v.quizId)).toEqual([quiz.id, null, null]);
  });

  it('deleting a quiz leaves nothing behind: questions, assignment, results, images', async () => {
    const quiz = await createQuiz({}, { quizImage: image(), 'questionImages[0]': image() });
    await api('POST', `/api/Quiz/associate-quiz/${w.quizSectionId}/${quiz.id}`, { token: admin.token });
    const student = await makeUser();
    await submit(student, quiz.id, rightAnswers(quiz));
    expect((await api('DELETE', `/api/v/quizzes/${quiz.id}`, { token: admin.token })).status).toBe(200);
    expect((await api('GET', `/api/Quizz/${quiz.id}`, { token: admin.token })).status).toBe(404);
    expect((await api('DELETE', `/api/Quiz/${quiz.id}`, { token: admin.token })).status).toBe(404);
    const list = await api('GET', `/api/Quiz/quizzes/${w.quizSectionId}`, { token: admin.token });
    expect(list.body.data.map((q: { id: string }) => q.id)).not.toContain(quiz.id);
    const items = await ddb().send(new QueryCommand({ TableName: platform().tableName, KeyConditionExpression: 'PK = :pk', ExpressionAttributeValues: { ':pk': `QUIZ#${quiz.id}` } }));
    expect(items.Items).toEqual([]);
    const mine = await ddb().send(
      new QueryCommand({ TableName: platform().tableName, KeyConditionExpression: 'PK = :pk', ExpressionAttributeValues: { ':pk': `USER#${student.id}` } }),
    );
    expect(mine.Items!.filter((i) => String(i.SK).includes(quiz.id))).toEqual([]);
    expect(await objectExists(quiz.imageUrl!)).toBe(false);
    expect(await objectExists(quiz.questions[0]!.imageUrl!)).toBe(false);
  });
});
