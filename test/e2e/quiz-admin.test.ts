/**
 * The teacher's quiz journey in Chromium: create a quiz with a quiz image and a question image in
 * the form, find it in Manage All Quizzes, then (after two students answered it through the API)
 * open its results: the figures, the table with bands, the per-question analytics. Screenshots of
 * the list, the form and the results: desktop English, and a 360 px phone in Arabic, dark and light.
 */
import type { Page } from 'playwright-core';
import { DESKTOP, browserForFile, newPage, PHONE } from '../support/browser';
import { api, makeUser, type TestUser, uniq } from '../support/platform';
import { appErrors, at, swalTitle, waitForPath } from './auth-helpers';
import { apiResponse, png, settledShot, sidewaysOverflow, storeSession } from './catalogue-helpers';

jest.setTimeout(120_000);

const browser = browserForFile();
let admin: TestUser;
let quizId = '';
const title = uniq('Genetics quiz ');

beforeAll(async () => {
  admin = await makeUser({ admin: true, firstName: 'Teacher' });
});

/** A student answers the quiz: `right` of the two questions correct. */
async function studentTakes(right: 0 | 1 | 2) {
  const student = await makeUser({ firstName: right === 2 ? 'منى' : 'Omar' });
  const quiz = await api('GET', `/api/Quizz/${quizId}`, { token: student.token });
  expect(quiz.status).toBe(200);
  const wrong: Record<string, string> = { TRUE_FALSE: 'False', MULTIPLE_CHOICE: 'Thymine' };
  const correct: Record<string, string> = { TRUE_FALSE: 'True', MULTIPLE_CHOICE: 'Uracil' };
  const answers = (quiz.body.data.questions as { id: string; type: string }[]).map((q, i) => ({ questionId: q.id, answerText: (i < right ? correct : wrong)[q.type]! }));
  const sent = await api('POST', `/api/Quizz/submit/${quizId}`, { token: student.token, json: { answers } });
  expect(sent.status).toBe(200);
}

async function adminPage(viewport: { width: number; height: number }, opts: { language?: 'ar'; theme?: 'dark' | 'light' } = {}) {
  const p = await newPage(browser(), { viewport });
  await storeSession(p.page, admin, { admin: true, language: opts.language });
  if (opts.theme) await p.page.evaluate((mode) => localStorage.setItem('theme', mode), opts.theme);
  return p;
}

const cardOf = (page: Page) => page.getByTestId('quiz-card').filter({ has: page.getByRole('heading', { name: title, exact: true }) });

it('the teacher creates a quiz with images, sees it in the list and opens its results', async () => {
  const { page, errors } = await adminPage(DESKTOP);
  await page.goto(at('/dashboard/quizzes'));
  await page.getByRole('heading', { name: 'Manage All Quizzes' }).waitFor();
  await page.getByRole('button', { name: 'Create New Quiz' }).click();
  await page.getByRole('heading', { name: 'Create New Quiz' }).waitFor();

  // The spec's warning first: no title.
  await page.getByRole('button', { name: 'Save quiz' }).click();
  await swalTitle(page, 'Missing Title');

  await page.getByLabel('Quiz title').fill(title);
  await page.getByLabel('Description').fill('Mendel, DNA and RNA — الوراثة');
  await page.getByLabel('Quiz image (optional, under 1 MB)').setInputFiles({ name: 'quiz.png', mimeType: 'image/png', buffer: png(320, 180, [40, 120, 90]) });
  const first = page.getByTestId('question-editor').nth(0);
  await first.getByLabel('Question text').fill('DNA is a double helix');
  await first.getByLabel('Question type').selectOption('TRUE_FALSE');
  await page.getByRole('button', { name: 'Add question' }).click();
  const second = page.getByTestId('question-editor').nth(1);
  await second.getByLabel('Question text').fill('Which base replaces thymine in RNA?');
  for (const [i, text] of ['Adenine', 'Uracil', 'Thymine', 'Cytosine'].entries()) await second.getByLabel(`Answer ${i + 1}`, { exact: true }).fill(text);
  await second.getByRole('radio', { name: 'Answer 2 is correct' }).check();
  await second.getByLabel('Question image (optional, under 1 MB)').setInputFiles({ name: 'rna.png', mimeType: 'image/png', buffer: png(200, 120, [160, 70, 40]) });
  await second.locator('.image-preview').waitFor();
  await settledShot(page, 'quiz-admin-desktop-en-form');

  const created = apiResponse(page, 'POST', '/api/Quiz/quiz');
  await page.getByRole('button', { name: 'Save quiz' }).click();
  const res = await created;
  expect(res.status()).toBe(201);
  const body = (await res.json()) as { data: { id: string; imageUrl: string | null; questions: { imageUrl?: string | null }[] } };
  quizId = body.data.id;
  expect(body.data.imageUrl).toBeTruthy();
  expect(body.data.questions[1]!.imageUrl).toBeTruthy();
  await swalTitle(page, 'Created!');

  // Back in the list: the card with its image, found by the search too.
  await page.getByRole('heading', { name: 'Manage All Quizzes' }).waitFor();
  await page.getByPlaceholder('Search quizzes by title...').fill(title.toUpperCase());
  const card = cardOf(page);
  await card.waitFor();
  await card.getByText('2 questions').waitFor();
  expect(await card.locator('img.quiz-card-image').evaluate((i: HTMLImageElement) => i.complete && i.naturalWidth > 0)).toBe(true);
  await page.getByPlaceholder('Search quizzes by title...').fill('');
  await settledShot(page, 'quiz-admin-desktop-en-list');

  // Two students answer; the results show them with their bands and the per-question figures.
  await studentTakes(2);
  await studentTakes(1);
  await cardOf(page).getByRole('link', { name: 'View Details' }).click();
  await waitForPath(page, `/dashboard/quizzes/${quizId}`);
  await page.getByRole('heading', { name: 'Quiz results' }).waitFor();
  const cards = page.getByTestId('summary-card');
  await cards.first().waitFor();
  expect((await cards.allInnerTexts()).map((s) => s.replace(/\s+/g, ' '))).toEqual(['Total Students 2', 'Average Score 75%', 'Highest Score 100%', 'Lowest Score 50%']);
  await page.getByRole('cell', { name: 'Excellent' }).waitFor();
  await page.getByRole('cell', { name: 'Needs Improvement' }).waitFor();
  expect(await page.getByTestId('question-analytics').count()).toBe(2);
  await settledShot(page, 'quiz-admin-desktop-en-results');

  // The CSV download.
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download CSV' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/results\.csv$/);
  expect(appErrors(errors)).toEqual([]);
});

describe.each(['dark', 'light'] as const)('phone, Arabic, %s', (theme) => {
  it('the list, the form and the results fit a 360 px screen', async () => {
    expect(quizId).not.toBe('');
    const { page, errors } = await adminPage(PHONE, { language: 'ar', theme });
    await page.goto(at('/dashboard/quizzes'));
    await page.getByRole('heading', { name: 'إدارة كل الاختبارات' }).waitFor();
    await cardOf(page).waitFor();
    expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);
    await settledShot(page, `quiz-admin-phone-ar-${theme}-list`);

    await cardOf(page).getByRole('button', { name: `تعديل ${title}` }).click();
    await page.getByRole('heading', { name: 'تعديل الاختبار' }).waitFor();
    await page.getByTestId('question-editor').nth(1).locator('.image-preview').waitFor();
    expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);
    await settledShot(page, `quiz-admin-phone-ar-${theme}-form`);

    await page.goto(at(`/dashboard/quizzes/${quizId}`));
    await page.getByRole('heading', { name: 'نتائج الاختبار' }).waitFor();
    await page.getByRole('cell', { name: 'ممتاز' }).waitFor();
    expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);
    await settledShot(page, `quiz-admin-phone-ar-${theme}-results`);
    expect(appErrors(errors)).toEqual([]);
  });
});
