/**
 * A timed quiz in real Chromium: the countdown runs to the server's deadline, each answer is saved
 * as it is given (a reload loses nothing and the clock keeps running), and at zero the attempt is
 * submitted with what was answered. To reach zero without waiting a minute, the test moves the
 * open attempt's deadline a few seconds ahead in the table, as time passing would.
 */
import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { Browser } from 'playwright-core';
import { launchBrowser, newPage, PHONE } from '../support/browser';
import { api, ddb, makeUser, platform, type TestUser, uniq } from '../support/platform';
import { at } from './auth-helpers';
import { settledShot, storeSession } from './catalogue-helpers';

jest.setTimeout(120_000);

let browser: Browser;
let admin: TestUser;
beforeAll(async () => {
  [browser, admin] = await Promise.all([launchBrowser(), makeUser({ admin: true })]);
});
afterAll(async () => {
  await browser?.close();
});

const QUESTIONS = [
  { text: 'Which organelle makes energy?', type: 'MULTIPLE_CHOICE', options: [{ text: 'Nucleus' }, { text: 'Mitochondria' }, { text: 'Ribosome' }, { text: 'Golgi' }], correctAnswerText: 'Mitochondria' },
  { text: 'DNA is a double helix', type: 'TRUE_FALSE', options: [], correctAnswerText: 'True' },
];

/** mm:ss on the countdown, in seconds. */
const secondsOn = (text: string) => {
  const m = /(\d+):(\d{2})/.exec(text.replace(/[\u0660-\u0669]/g, (d) => String(d.charCodeAt(0) - 0x660)));
  if (!m) throw new Error(`no time on the countdown: ${text}`);
  return Number(m[1]) * 60 + Number(m[2]);
};

it('counts down, keeps each answer through a reload, and submits at zero', async () => {
  const form = new FormData();
  form.append('quizData', JSON.stringify({ title: uniq('Timed quiz '), description: 'One minute', questions: QUESTIONS, settings: { timeLimitMinutes: 1 } }));
  const created = await api('POST', '/api/Quiz/quiz', { token: admin.token, form });
  expect(created.status).toBe(201);
  const quizId = created.body.data.id as string;

  const student = await makeUser({ firstName: 'Timed' });
  const { page, errors } = await newPage(browser, { viewport: PHONE });
  await storeSession(page, student, { language: 'ar' });
  await page.goto(at(`/quiz?id=${quizId}`));
  const countdown = page.getByTestId('quiz-countdown');
  await countdown.waitFor();
  const first = secondsOn(await countdown.innerText());
  expect(first).toBeGreaterThan(40);
  expect(first).toBeLessThanOrEqual(60);

  // Answer the first question: it is saved on the server (PUT) as it is given.
  const saved = page.waitForResponse((r) => r.url().includes(`/api/Quizz/answers/${quizId}`) && r.request().method() === 'PUT');
  await page.getByTestId('quiz-question').nth(0).getByRole('radio', { name: 'Mitochondria', exact: true }).check();
  expect((await saved).status()).toBe(200);
  await settledShot(page, 'quiz-timed-phone-ar-dark-answering');

  // A reload (a dropped connection, a closed tab) loses nothing: the answer is back, the clock went on.
  await page.reload();
  await countdown.waitFor();
  await expect(page.getByTestId('quiz-question').nth(0).getByRole('radio', { name: 'Mitochondria', exact: true }).isChecked()).resolves.toBe(true);
  expect(secondsOn(await countdown.innerText())).toBeLessThanOrEqual(first);

  // Time passes: the deadline is 4 s away. At zero the page submits what was answered.
  const key = { PK: `USER#${student.id}`, SK: `RESULT#${quizId}` };
  const stored = await ddb().send(new GetCommand({ TableName: platform().tableName, Key: key }));
  expect(stored.Item?.open?.answers).toEqual({ [created.body.data.questions[0].id]: 'Mitochondria' });
  await ddb().send(
    new UpdateCommand({ TableName: platform().tableName, Key: key, UpdateExpression: 'SET #o.deadline = :d', ExpressionAttributeNames: { '#o': 'open' }, ExpressionAttributeValues: { ':d': new Date(Date.now() + 4000).toISOString() } }),
  );
  const submitted = page.waitForResponse((r) => r.url().includes(`/api/Quizz/submit/${quizId}`), { timeout: 20_000 });
  await page.reload();
  await countdown.waitFor();
  expect(secondsOn(await countdown.innerText())).toBeLessThanOrEqual(5);
  const r = await submitted;
  expect(r.status()).toBe(200);
  await page.getByTestId('quiz-result').waitFor();
  await expect(page.getByTestId('quiz-score').innerText()).resolves.toMatch(/50\s*%|٥٠\s*٪/);
  await settledShot(page, 'quiz-timed-phone-ar-dark-result');
  const after = await api('GET', `/api/Quizz/status/check/${quizId}`, { token: student.token });
  expect(after.body.data).toMatchObject({ passed: true, score: 50, attempts: 1 });
  expect(errors).toEqual([]);
});
