/**
 * Issue 43 in Chromium: a student asks for a parent's invite on /profile; the parent opens the link
 * it shares (/auth/registeration?parent=CODE) on a phone in Arabic, signs up with no school year,
 * activates from the mail, logs in and lands on /parent, where the child's card shows the quiz the
 * student just took. Then /parent in the four looks (phone Arabic, desktop English; dark, light),
 * screenshots under SHOTS_DIR as parents-<screen>-<variant>.png.
 */
import type { Page } from 'playwright-core';
import { browserForFile, newPage, PHONE } from '../support/browser';
import { api, makeUser, type TestUser } from '../support/platform';
import { makeQuiz } from '../integration/catalogue-fixtures';
import { at, logIn, mailTo, PASSWORD, storedUser, swalTitle, uniqueEmail, uniqueMobile, waitForPath, signUpsFromOwnAddress } from './auth-helpers';
import { storeSession } from './catalogue-helpers';
import { pageShot, tooWide, VARIANTS } from './commerce-helpers';

jest.setTimeout(120_000);

const browser = browserForFile();
let admin: TestUser;
let student: TestUser;
let quiz: { id: string; title: string };
const parentEmail = uniqueEmail('parent');
/** The parent's session as the log-in stored it (localStorage `user`), for the four looks of /parent. */
let parentSession: string | null = null;

beforeAll(async () => {
  [admin, student] = await Promise.all([makeUser({ admin: true }), makeUser({ firstName: 'Youssef' })]);
  quiz = await makeQuiz(admin);
  // The student takes the quiz (one question, answered right).
  const taken = await api('GET', `/api/Quizz/${quiz.id}`, { token: student.token });
  const questionId = taken.body.data.questions[0].id as string;
  const submitted = await api('POST', `/api/Quizz/submit/${quiz.id}`, { token: student.token, json: { answers: [{ questionId, answerText: 'True' }] } });
  if (submitted.status !== 200) throw new Error(`submit: ${submitted.status} ${JSON.stringify(submitted.body)}`);
});

async function arabicPhone(theme: 'dark' | 'light' = 'light') {
  const p = await newPage(browser(), { viewport: PHONE, touch: true });
  await signUpsFromOwnAddress(p.page);
  await p.page.goto(at('/auth/login'));
  await p.page.evaluate((mode) => {
    localStorage.setItem('language', 'ar');
    localStorage.setItem('theme', mode);
  }, theme);
  return p;
}

const childCard = (page: Page) => page.getByTestId('child-card').filter({ hasText: 'Youssef' });

it('a student invites, the parent signs up on a phone with the shared link and sees the quiz result', async () => {
  // The student: /profile, "Invite a parent" → the code and the WhatsApp link that carries it.
  const s = await arabicPhone();
  await storeSession(s.page, student, { language: 'ar' });
  await s.page.goto(at('/profile'));
  const card = s.page.getByTestId('parent-invite');
  await card.getByRole('button', { name: 'احصل على كود دعوة' }).click();
  const code = (await card.getByTestId('parent-code').textContent())!.trim();
  expect(code).toMatch(/^[0-9A-Z]{4}-[0-9A-Z]{4}$/);
  const share = new URL((await card.getByRole('link', { name: 'أرسله على واتساب' }).getAttribute('href'))!);
  expect(share.origin + share.pathname).toBe('https://wa.me/');
  const link = /https?:\/\/\S+\/auth\/registeration\?parent=[0-9A-Z-]+/.exec(share.searchParams.get('text')!)![0];
  expect(link.replace(/-/g, '')).toContain(code.replace('-', ''));
  await pageShot(s.page, 'parents-invite-phone-ar-light');
  expect(await tooWide(s.page)).toEqual([]);
  expect(s.errors).toEqual([]);
  await s.context.close();

  // The parent, on another phone: the link opens the parent's sign-up with the code filled in.
  const p = await arabicPhone();
  await p.page.goto(link.replace(/^https?:\/\/[^/]+/, at('')));
  await p.page.getByRole('heading', { name: 'تسجيل ولي أمر' }).waitFor();
  expect(await p.page.getByLabel('كود الدعوة').inputValue()).toBe(code);
  // No school year is asked of a parent.
  expect(await p.page.getByLabel('السنة الدراسية').count()).toBe(0);
  await p.page.getByLabel('الاسم الأول').fill('منى');
  await p.page.getByLabel('اسم العائلة').fill('سالم');
  await p.page.getByLabel('البريد الإلكتروني', { exact: true }).fill(parentEmail);
  await p.page.getByLabel('كلمة المرور', { exact: true }).fill(PASSWORD);
  await p.page.getByLabel('تأكيد كلمة المرور', { exact: true }).fill(PASSWORD);
  await p.page.getByLabel('رقم الموبايل').fill(uniqueMobile());
  expect(await tooWide(p.page)).toEqual([]);
  await pageShot(p.page, 'parents-signup-phone-ar-light');
  await p.page.getByRole('button', { name: 'إنشاء حساب', exact: true }).click();
  await swalTitle(p.page, 'تم إنشاء الحساب بنجاح، راجع بريدك الإلكتروني لتفعيله.');
  await waitForPath(p.page, '/auth/login');

  const mail = await mailTo(parentEmail, (m) => !!m.link);
  await p.page.goto(mail.link!);
  await waitForPath(p.page, '/auth/login');
  await logIn(p.page, parentEmail, PASSWORD);
  await waitForPath(p.page, '/parent');
  const user = await storedUser(p.page);
  expect(user).toMatchObject({ email: parentEmail, role: 'PARENT' });
  parentSession = await p.page.evaluate(() => localStorage.getItem('user'));

  // The child's card: the quiz just taken, its score and that it passed.
  const quizLine = childCard(p.page).getByTestId('child-quiz').filter({ hasText: quiz.title });
  await quizLine.waitFor();
  expect(await quizLine.textContent()).toContain('ناجح');
  expect(await tooWide(p.page)).toEqual([]);
  await pageShot(p.page, 'parents-home-first-phone-ar-light');
  expect(p.errors).toEqual([]);
  await p.context.close();
});

it.each(VARIANTS)('%s: /parent, one card per child', async (tag, viewport, language, theme) => {
  expect(parentSession).not.toBeNull();
  const { page, context, errors } = await newPage(browser(), { viewport });
  const forbidden: string[] = [];
  page.on('response', (r) => r.status() === 403 && forbidden.push(`${r.request().method()} ${new URL(r.url()).pathname}`));
  await page.goto(at('/auth/login'));
  await page.evaluate(
    ({ session, lang, mode }) => {
      localStorage.setItem('user', session);
      localStorage.setItem('language', lang);
      localStorage.setItem('theme', mode);
    },
    { session: parentSession!, lang: language, mode: theme },
  );
  await page.goto(at('/parent'));
  await childCard(page).getByTestId('child-quiz').filter({ hasText: quiz.title }).waitFor();
  // A parent's screens ask no student route (each would answer 403 parent.notStudent).
  expect(forbidden).toEqual([]);
  expect(await tooWide(page)).toEqual([]);
  await pageShot(page, `parents-home-${tag}`);
  expect(errors).toEqual([]);
  await context.close();
});

it.each(VARIANTS)("%s: the teacher's users list, parents only: the parent's row says so and offers no lecture", async (tag, viewport, language, theme) => {
  expect(parentSession).not.toBeNull();
  const { page, context, errors } = await newPage(browser(), { viewport });
  await storeSession(page, admin, { admin: true, language });
  await page.evaluate((mode) => localStorage.setItem('theme', mode), theme);
  await page.goto(at('/dashboard/users'));
  const en = language === 'en';
  await page.getByRole('checkbox', { name: en ? 'Parents only' : 'أولياء الأمور فقط' }).check();
  await page.getByRole('searchbox').fill(parentEmail);
  const row = page.getByTestId('user-row').filter({ hasText: parentEmail });
  await row.waitFor();
  await page.waitForFunction(() => document.querySelectorAll('[data-testid="user-row"]').length === 1);
  await row.getByText(en ? 'Parent' : 'ولي أمر', { exact: true }).waitFor();
  expect(await row.getByRole('button', { name: en ? /^Assign a lecture/ : /^منح محاضرة/ }).count()).toBe(0);
  expect(await tooWide(page)).toEqual([]);
  await pageShot(page, `parents-users-list-${tag}`);
  expect(errors).toEqual([]);
  await context.close();
});
