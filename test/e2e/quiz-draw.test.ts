/**
 * Issue 42's drawn questions in Chromium: the teacher tags a question, sets the questions per attempt
 * and copies a question in from the question bank; a student's attempt then shows that many questions,
 * the same ones after a reload. Screenshots of the editor (tags, questions per attempt) and of the bank
 * dialog: a 390 px phone in Arabic and a 1366 px desktop in English, dark and light.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { browserForFile, newPage } from '../support/browser';
import { api, makeUser, type TestUser, uniq } from '../support/platform';
import { at, swalTitle } from './auth-helpers';
import { png, settled, storeSession } from './catalogue-helpers';

jest.setTimeout(180_000);

const browser = browserForFile();
const PHONE_390 = { width: 390, height: 844 } as const;
const DESKTOP_1366 = { width: 1366, height: 768 } as const;
let admin: TestUser;
const MEIOSIS = 'الانقسام الميوزي';
const MITOSIS = 'الانقسام الميتوزي';
const tf = (text: string, tags: string[]) => ({ text, type: 'TRUE_FALSE', options: [], correctAnswerText: 'True', tags });

async function createQuiz(title: string, questions: object[], files: Record<string, Buffer> = {}) {
  const form = new FormData();
  form.append('quizData', JSON.stringify({ title, description: 'Cell division', questions }));
  for (const [k, v] of Object.entries(files)) form.append(k, new Blob([new Uint8Array(v)], { type: 'image/png' }), 'picture.png');
  const r = await api('POST', '/api/Quiz/quiz', { token: admin.token, form });
  if (r.status !== 201) throw new Error(`create quiz: ${r.status} ${JSON.stringify(r.body)}`);
  return r.body.data as { id: string };
}

/** The visible screen (not the whole page): what a person sees at that scroll position. */
async function viewShot(page: Page, name: string) {
  await settled(page);
  const dir = path.resolve(__dirname, '../../screenshots');
  fs.mkdirSync(dir, { recursive: true });
  await page.screenshot({ path: path.join(dir, `${name}.png`), animations: 'disabled' });
}

let quizId = '';
beforeAll(async () => {
  admin = await makeUser({ admin: true, firstName: 'Teacher' });
  await createQuiz(uniq('Meiosis bank '), [tf('Meiosis gives four cells', [MEIOSIS]), tf('Crossing over happens in prophase I', [MEIOSIS])], { 'questionImages[0]': png(320, 180, [40, 120, 90]) });
  const questions = [...Array.from({ length: 4 }, (_, i) => tf(`Meiosis fact ${i + 1}`, [MEIOSIS])), ...Array.from({ length: 4 }, (_, i) => tf(`Mitosis fact ${i + 1}`, [MITOSIS]))];
  quizId = (await createQuiz(uniq('Drawn quiz '), questions)).id;
});

async function adminPage(viewport: { width: number; height: number }, opts: { language?: 'ar'; theme: 'dark' | 'light' }) {
  const p = await newPage(browser(), { viewport });
  await storeSession(p.page, admin, { admin: true, language: opts.language });
  await p.page.evaluate((mode) => localStorage.setItem('theme', mode), opts.theme);
  return p;
}

it('the teacher sets 4 questions per attempt and copies one from the bank; a student gets 4, the same after a reload', async () => {
  const { page } = await adminPage(DESKTOP_1366, { theme: 'light' });
  await page.goto(at(`/dashboard/quizzes?quiz=${quizId}`));
  await page.getByRole('heading', { name: 'Edit Quiz' }).waitFor();
  const first = page.getByTestId('question-editor').nth(0);
  await first.getByRole('combobox', { name: 'Tags (lessons)' }).fill('Chromosomes');
  await first.getByRole('combobox', { name: 'Tags (lessons)' }).press('Enter');
  await page.getByLabel('Questions per attempt (empty for all)').fill('4');
  await page.getByRole('button', { name: 'Copy from the question bank' }).click();
  const dialog = page.getByRole('dialog', { name: 'Question bank' });
  await dialog.getByLabel('Tag').selectOption(MEIOSIS);
  await dialog.getByRole('checkbox', { name: /Meiosis gives four cells/ }).check();
  await dialog.getByRole('button', { name: 'Copy 1 question' }).click();
  await page.getByTestId('question-editor').nth(8).getByLabel('Question text').waitFor();
  await page.getByRole('button', { name: 'Save quiz' }).click();
  await swalTitle(page, 'Updated!');

  const saved = await api('GET', `/api/Quizz/${quizId}`, { token: admin.token });
  expect(saved.body.data.settings.drawCount).toBe(4);
  expect(saved.body.data.questions).toHaveLength(9);
  expect(saved.body.data.questions[0].tags).toEqual([MEIOSIS, 'Chromosomes']);
  expect(saved.body.data.questions[8]).toMatchObject({ text: 'Meiosis gives four cells', tags: [MEIOSIS], imageUrl: expect.stringMatching(/^\/media\/images\//) });

  const student = await makeUser({ firstName: 'Salma' });
  const s = await newPage(browser(), { viewport: DESKTOP_1366 });
  await storeSession(s.page, student);
  await s.page.goto(at(`/quiz?id=${quizId}`));
  const shown = s.page.getByTestId('quiz-question');
  await shown.first().waitFor();
  expect(await shown.count()).toBe(4);
  const texts = await shown.allInnerTexts();
  await s.page.reload();
  await shown.first().waitFor();
  expect(await shown.allInnerTexts()).toEqual(texts);
});

describe.each([
  { name: 'phone-ar', viewport: PHONE_390, language: 'ar' as const, bank: 'نسخ من بنك الأسئلة', tags: 'الوسوم (الدروس)' },
  { name: 'desktop-en', viewport: DESKTOP_1366, language: undefined, bank: 'Copy from the question bank', tags: 'Tags (lessons)' },
])('screenshots $name', ({ name, viewport, language, bank, tags }) => {
  it.each(['light', 'dark'] as const)('%s: the editor with tags and questions per attempt, and the bank dialog', async (theme) => {
    const { page } = await adminPage(viewport, { language, theme });
    await page.goto(at(`/dashboard/quizzes?quiz=${quizId}`));
    const first = page.getByTestId('question-editor').nth(0);
    await first.getByRole('combobox', { name: tags }).scrollIntoViewIfNeeded();
    await page.evaluate(() => window.scrollBy(0, -window.innerHeight / 3));
    await viewShot(page, `q-editor-tags-${name}-${theme}`);
    await page.locator('.quiz-settings').scrollIntoViewIfNeeded();
    await viewShot(page, `q-editor-draw-${name}-${theme}`);
    await page.getByRole('button', { name: bank }).click();
    await page.getByRole('dialog').getByRole('checkbox').first().waitFor();
    await page.getByRole('dialog').getByRole('checkbox').first().check();
    await viewShot(page, `q-bank-${name}-${theme}`);
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
  });
});
