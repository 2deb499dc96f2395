/**
 * Journey in Arabic on a phone (390 px): a student signs up through the form and gets the activation
 * mail in Arabic, logs in (Arabic placeholders, button and toast), answers a True/False question
 * shown as صح/خطأ, writes to the teacher (the subject labelled الموضوع, the errors agreeing with their
 * nouns), asks for a reset code (mailed in Arabic), and meets the session-expired dialog in Arabic.
 * Screenshots: screenshots/arabic-journey-*.png.
 */
import { browserForFile, newPage, shot } from '../support/browser';
import { api, makeUser } from '../support/platform';
import { appTookOver, at, confirmSwal, loaded, mailTo, PASSWORD, swalTitle, uniqueEmail, uniqueMobile, waitForPath, signUpsFromOwnAddress } from './auth-helpers';

jest.setTimeout(90_000);

const browser = browserForFile();
const PHONE_390 = { width: 390, height: 844 };
/** A Latin word in a mail once its link or code is taken out. */
const LATIN_WORD = /[A-Za-z]{3,}/;

it('a student goes through sign-up, mail, log-in, a quiz, the contact form, a reset code and an expired session, all in Arabic', async () => {
  const admin = await makeUser({ admin: true });
  const form = new FormData();
  form.append('quizData', JSON.stringify({ title: 'اختبار الخلية', description: 'الخلية', questions: [{ text: 'الحمض النووي حلزون مزدوج', type: 'TRUE_FALSE', options: [], correctAnswerText: 'True' }] }));
  const quiz = await api('POST', '/api/Quiz/quiz', { token: admin.token, form });
  expect(quiz.status).toBe(201);

  const { page, context, errors } = await newPage(browser(), { viewport: PHONE_390, locale: 'ar-EG' });
  await signUpsFromOwnAddress(page);
  const email = uniqueEmail('arabic');
  await page.goto(at('/auth/registeration'));
  await page.evaluate(() => localStorage.setItem('language', 'ar'));
  await page.reload();
  await page.getByRole('heading', { name: 'إنشاء حساب' }).waitFor();
  await page.getByLabel('الاسم الأول').fill('سلمى');
  await page.getByLabel('اسم العائلة').fill('فتحي');
  await page.getByLabel('البريد الإلكتروني', { exact: true }).fill(email);
  await page.getByLabel('كلمة المرور', { exact: true }).fill(PASSWORD);
  await page.getByLabel('تأكيد كلمة المرور', { exact: true }).fill(PASSWORD);
  await page.getByLabel('رقم الموبايل').fill(uniqueMobile());
  await page.getByLabel('الصف الدراسي').selectOption('Second year');
  await shot(page, 'arabic-journey-signup');
  await page.getByRole('button', { name: 'إنشاء حساب', exact: true }).click();
  await swalTitle(page, 'تم إنشاء الحساب بنجاح، راجع بريدك الإلكتروني لتفعيله.');
  await waitForPath(page, '/auth/login');

  const activation = await mailTo(email, (m) => !!m.link);
  expect(activation.subject).toBe('فعّل حسابك على بيوسكوب');
  expect(activation.text.startsWith('أهلاً سلمى،')).toBe(true);
  expect(activation.text.replace(activation.link!, '')).not.toMatch(LATIN_WORD);
  await page.goto(activation.link!);
  await waitForPath(page, '/auth/login');
  await swalTitle(page, 'تم تفعيل حسابك. يمكنك تسجيل الدخول الآن.');

  await appTookOver(page);
  await page.getByRole('heading', { name: 'تسجيل الدخول', exact: true }).waitFor();
  await page.getByRole('link', { name: 'نسيت كلمة المرور؟' }).waitFor();
  await page.getByRole('link', { name: 'إنشاء حساب' }).waitFor();
  await page.getByPlaceholder('أدخل بريدك الإلكتروني أو رقم هاتفك').fill(email);
  await page.getByPlaceholder('كلمة المرور', { exact: true }).fill(PASSWORD);
  await shot(page, 'arabic-journey-login');
  await page.getByRole('button', { name: 'تسجيل الدخول', exact: true }).click();
  await waitForPath(page, '/');
  await swalTitle(page, 'تم تسجيل الدخول بنجاح');

  await page.goto(at(`/quiz?id=${(quiz.body.data as { id: string }).id}`));
  const question = page.getByTestId('quiz-question');
  await question.getByRole('radio', { name: 'صح', exact: true }).waitFor();
  expect(await question.locator('.quiz-option').allTextContents()).toEqual(['صح', 'خطأ']);
  await shot(page, 'arabic-journey-quiz');

  await page.goto(at('/contact'));
  await page.getByRole('heading', { name: 'اترك لنا رسالة' }).waitFor();
  await page.getByRole('button', { name: 'إرسال' }).click();
  expect(await page.locator('form [role="alert"]').allTextContents()).toEqual(['الموضوع مطلوب', 'الرسالة مطلوبة']);
  await page.getByLabel('الموضوع', { exact: true }).waitFor();
  await loaded(page);
  await shot(page, 'arabic-journey-contact');

  expect((await api('POST', '/api/auth/forget-password', { json: { email } })).status).toBe(200);
  const reset = await mailTo(email, (m) => !!m.code);
  expect(reset.subject).toBe('كود إعادة تعيين كلمة المرور على بيوسكوب');
  expect(reset.text.replace(reset.code!, '')).not.toMatch(LATIN_WORD);

  // The stored token runs out: the dialog asks in Arabic.
  await page.evaluate(() => {
    const user = JSON.parse(localStorage.getItem('user')!) as { token: string };
    const [head, , sig] = user.token.split('.');
    const claims = btoa(JSON.stringify({ sub: 'x', exp: Math.floor(Date.now() / 1000) - 60 })).replace(/=+$/, '');
    localStorage.setItem('user', JSON.stringify({ ...user, token: `${head}.${claims}.${sig}` }));
  });
  await page.goto(at('/profile'));
  await swalTitle(page, 'انتهت جلستك. من فضلك سجّل الدخول مرة أخرى.');
  expect(await page.locator('.swal2-popup:not(.swal2-toast) .swal2-confirm').textContent()).toBe('حسناً');
  await shot(page, 'arabic-journey-session-expired');
  await confirmSwal(page);
  await waitForPath(page, '/auth');
  await page.getByRole('heading', { name: 'تسجيل الدخول', exact: true }).waitFor();
  expect(errors).toEqual([]);
  await context.close();
});
