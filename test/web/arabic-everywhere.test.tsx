/**
 * Issue 39 (3, 8): in Arabic every screen, toast, dialog and quiz choice speaks Arabic. Each main
 * screen is rendered in Arabic and its visible text (and what a screen reader reads: placeholders,
 * labels, titles) must hold no Latin word outside an allow-list (brand names, addresses, file
 * types). The spec's English texts stay the English locale's.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { translate } from '@/i18n/use-t';
import { salesReport } from './commerce-fixtures';
import { adminUser, expiredToken, mockFetch, renderApp, storeSession, studentUser, validToken } from './helpers';
import { quizSummary, quizView, result } from './quiz-fixtures';

/** Latin words an Arabic page may show: names of brands, languages and file types, and the mobile number's pattern. */
const ALLOWED = [/\S+@\S+\.\S+/g, /https?:\/\/\S+/g, /01X XXXX XXXX/g, /\b(Bioscope|Google|English|Facebook|YouTube|WhatsApp|CSV|PNG|JPEG|WebP|GIF|AVIF)\b/g];
const ATTRIBUTES = ['placeholder', 'aria-label', 'title', 'alt'];

/** Not shown and not read (sweetalert2 keeps its unused buttons in the page, hidden). */
const HIDDEN = 'script, style, [hidden], [style*="display: none"]';

/** Every text of the page (and of its toasts and dialogs) that still holds a Latin word once the allowed ones are taken out. */
function latinTexts(root: HTMLElement = document.body): string[] {
  const texts: string[] = [];
  const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
  for (let n = walker.nextNode(); n; n = walker.nextNode()) if (!n.parentElement?.closest(HIDDEN)) texts.push(n.textContent ?? '');
  for (const el of root.querySelectorAll('*')) for (const a of ATTRIBUTES) if (el.hasAttribute(a) && !el.closest(HIDDEN)) texts.push(el.getAttribute(a)!);
  return texts.filter((t) => /[A-Za-z]{2,}/.test(ALLOWED.reduce((s, re) => s.replace(re, ''), t)));
}

const arabicQuiz = () =>
  quizView({
    description: 'انقسام الخلية',
    questions: [
      { id: 'qa', text: 'كم عدد الكروموسومات؟', imageUrl: null, type: 'MULTIPLE_CHOICE', options: [{ id: 'o1', text: '23' }, { id: 'o2', text: '46' }, { id: 'o3', text: '92' }, { id: 'o4', text: '12' }] },
      { id: 'qb', text: 'الانقسام المتساوي ينتج خليتين', imageUrl: null, type: 'TRUE_FALSE', options: [{ id: 't', text: 'True' }, { id: 'f', text: 'False' }] },
    ],
  });

const arabicAdmin = { ...adminUser, firstName: 'أحمد', lastName: 'سمير' };

beforeEach(() => {
  window.localStorage.setItem('language', 'ar');
  // What web/public/preferences.js does before the app starts.
  document.documentElement.lang = 'ar';
});
afterEach(async () => {
  const { default: Swal } = await import('sweetalert2');
  Swal.close();
});

describe('Arabic: the screens hold no English', () => {
  it('log in: title, placeholders, links and the signed-in toast', async () => {
    mockFetch((url) => (url === '/api/auth/login' ? { status: 200, body: { message: 'Signed in successfully', data: { ...studentUser, token: validToken() } } } : { status: 200, body: { data: [] } }));
    renderApp('/auth/login');
    expect(await screen.findByRole('heading', { name: 'تسجيل الدخول' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'نسيت كلمة المرور؟' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'إنشاء حساب' })).toBeInTheDocument();
    expect(latinTexts()).toEqual([]);
    await userEvent.type(screen.getByLabelText('البريد الإلكتروني أو رقم الهاتف'), 'mona@example.com');
    await userEvent.type(screen.getByLabelText('كلمة المرور'), 'Passw0rd!');
    await userEvent.click(screen.getByRole('button', { name: 'تسجيل الدخول' }));
    await waitFor(() => expect(document.querySelector('.swal2-title')?.textContent).toBe('تم تسجيل الدخول بنجاح'));
    expect(latinTexts()).toEqual([]);
  });

  it("the tab's title: the brand, then the page in Arabic (log in, the contact page, the admin's users)", async () => {
    mockFetch(() => ({ status: 200, body: { data: [] } }));
    const { unmount } = renderApp('/auth/login');
    await waitFor(() => expect(document.title).toBe('Bioscope | تسجيل الدخول'));
    unmount();
    storeSession(studentUser);
    const contact = renderApp('/contact');
    await waitFor(() => expect(document.title).toBe('Bioscope | تواصل معنا'));
    contact.unmount();
    storeSession(arabicAdmin);
    renderApp('/dashboard/users');
    await waitFor(() => expect(document.title).toBe('Bioscope | المستخدمون'));
  });

  it('sign up, and its request carries the language the mails are written in', async () => {
    const fetch = mockFetch(() => ({ status: 201, body: { message: 'Signed up successfully, take a look at your mail for activation.' } }));
    renderApp('/auth/registeration');
    expect(await screen.findByRole('heading', { name: 'إنشاء حساب' })).toBeInTheDocument();
    expect(latinTexts()).toEqual([]);
    await userEvent.type(screen.getByLabelText('الاسم الأول'), 'منى');
    await userEvent.type(screen.getByLabelText('اسم العائلة'), 'حسن');
    await userEvent.type(screen.getByLabelText('البريد الإلكتروني'), 'mona@example.com');
    await userEvent.type(screen.getByLabelText('كلمة المرور'), 'Passw0rd!');
    await userEvent.type(screen.getByLabelText('تأكيد كلمة المرور'), 'Passw0rd!');
    await userEvent.type(screen.getByLabelText('رقم الموبايل'), '01012345678');
    await userEvent.selectOptions(screen.getByLabelText('الصف الدراسي'), 'Second year');
    await userEvent.click(screen.getByRole('button', { name: 'إنشاء حساب' }));
    await waitFor(() => expect(fetch.mock.calls.some(([u]) => u === '/api/auth/signup')).toBe(true));
    const [, init] = fetch.mock.calls.find(([u]) => u === '/api/auth/signup')!;
    expect(JSON.parse(String((init as RequestInit).body))).toMatchObject({ email: 'mona@example.com', locale: 'ar' });
    await waitFor(() => expect(document.querySelector('.swal2-title')?.textContent).toBe('تم إنشاء الحساب بنجاح، راجع بريدك الإلكتروني لتفعيله.'));
  });

  it('forgot password', async () => {
    mockFetch(() => ({ status: 200, body: { data: [] } }));
    renderApp('/auth/forgotPassword');
    expect(await screen.findByRole('heading', { name: 'نسيت كلمة المرور؟' })).toBeInTheDocument();
    expect(latinTexts()).toEqual([]);
  });

  it('the session-expired dialog', async () => {
    storeSession(studentUser, expiredToken());
    renderApp('/profile');
    expect(await screen.findByText('انتهت جلستك. من فضلك سجّل الدخول مرة أخرى.')).toBeInTheDocument();
    expect(latinTexts()).toEqual([]);
  });

  it('a quiz: True/False read صح/خطأ (the answer sent is still the stored option)', async () => {
    storeSession(studentUser);
    mockFetch(() => ({ status: 200, body: { data: arabicQuiz() } }));
    renderApp({ pathname: '/quiz', search: '?id=q1', state: { quizId: 'q1' } });
    const questions = await screen.findAllByTestId('quiz-question');
    expect(within(questions[1]!).getAllByRole('radio').map((r) => r.getAttribute('aria-label') ?? r.closest('label')?.textContent)).toEqual(['صح', 'خطأ']);
    expect(screen.getByText('سؤالان')).toBeInTheDocument();
    expect(latinTexts()).toEqual([]);
  });

  it("a quiz's result: the student's True/False answer and the right one in Arabic", async () => {
    storeSession(studentUser);
    mockFetch((url) =>
      url === '/api/Quizz/submit/q1'
        ? { status: 200, body: { message: 'Quiz submitted', data: result({ questions: [{ questionId: 'qa', answerText: '46', correct: true }, { questionId: 'qb', answerText: 'False', correct: false, correctAnswerText: 'True' }] }) } }
        : url === '/api/Quizz/attempts/q1'
          ? { status: 200, body: { data: [] } }
          : { status: 200, body: { data: arabicQuiz() } },
    );
    renderApp({ pathname: '/quiz', search: '?id=q1', state: { quizId: 'q1' } });
    const questions = await screen.findAllByTestId('quiz-question');
    await userEvent.click(within(questions[0]!).getByRole('radio', { name: '46' }));
    await userEvent.click(within(questions[1]!).getByRole('radio', { name: 'خطأ' }));
    await userEvent.click(screen.getByRole('button', { name: 'إرسال الإجابات' }));
    const marks = await screen.findAllByTestId('quiz-mark');
    expect(marks[1]).toHaveTextContent('إجابتك: خطأ');
    expect(marks[1]).toHaveTextContent('الإجابة الصحيحة: صح');
    expect(latinTexts()).toEqual([]);
  });

  it('the logout toast', async () => {
    storeSession({ ...studentUser, firstName: 'منى', lastName: 'حسن' });
    mockFetch(() => ({ status: 200, body: { message: 'ok', data: { location: 'القاهرة', phone: '+20 100 000 0000', email: 'teacher@example.com', chatUrl: 'https://wa.me/201000000000', social: [] } } }));
    renderApp('/contact');
    await screen.findByRole('heading', { name: 'اترك لنا رسالة' });
    await userEvent.click(within(screen.getByRole('navigation', { name: 'القائمة الرئيسية' })).getByRole('button', { name: 'تسجيل الخروج' }));
    expect(await screen.findByText('تم تسجيل الخروج بنجاح')).toBeInTheDocument();
  });

  it('the contact page: "Leave Us Message" in Arabic, the subject labelled الموضوع, and errors that agree with their nouns', async () => {
    storeSession(studentUser);
    mockFetch((url) => (url === '/api/contact-info' ? { status: 200, body: { data: { location: 'مدينة نصر، القاهرة', phone: '+20 100 000 0000', email: 'teacher@example.com', chatUrl: 'https://wa.me/201000000000', social: [{ name: 'Facebook', url: 'https://facebook.com/t' }] } } } : { status: 201, body: {} }));
    renderApp('/contact');
    expect(await screen.findByRole('heading', { name: 'اترك لنا رسالة' })).toBeInTheDocument();
    expect(screen.getByLabelText('الموضوع')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'إرسال' }));
    const alerts = await screen.findAllByRole('alert');
    expect(alerts.map((a) => a.textContent)).toEqual(['الموضوع مطلوب', 'الرسالة مطلوبة']);
    await screen.findByRole('link', { name: 'تواصل معنا في محادثة' });
    expect(latinTexts()).toEqual([]);
  });

  it('an admin screen: the quizzes, each with its question count in the right plural', async () => {
    storeSession(arabicAdmin);
    const list = [1, 2, 3, 11, 100].map((n) => quizSummary({ id: `q${n}`, title: `اختبار ${n}`, description: 'وصف', questionCount: n }));
    mockFetch((url) => (url === '/api/Quiz/AllQuizz' ? { status: 200, body: { data: list } } : { status: 200, body: { data: { unread: 0 } } }));
    renderApp('/dashboard/quizzes');
    expect(await screen.findByText('سؤال واحد')).toBeInTheDocument();
    for (const text of ['سؤالان', '3 أسئلة', '11 سؤالًا', '100 سؤال']) expect(screen.getByText(text)).toBeInTheDocument();
    expect(latinTexts()).toEqual([]);
  });

  it("unassigning a quiz: the toast is the dictionary's, not the server's English", async () => {
    storeSession(arabicAdmin);
    mockFetch((url, init) =>
      url === '/api/Quiz/unassign-from-content/q1' && init.method === 'DELETE'
        ? { status: 200, body: { message: 'Quiz unassigned successfully' } }
        : url === '/api/Quiz/quizzes/s1'
          ? { status: 200, body: { data: [quizSummary({ title: 'الوراثة', description: 'وصف', contentId: 's1' })] } }
          : { status: 200, body: { data: { unread: 0 } } },
    );
    renderApp({ pathname: '/dashboard/preview', state: { courseId: 'c1', courseFor: 'ثانوي عام', courseName: 'الصف الأول الثانوي', termId: 't1', termName: 'الترم الأول', contentId: 's1', sectionType: 'Quiz' } });
    await userEvent.click(await screen.findByRole('button', { name: 'إلغاء تعيين الوراثة' }));
    await waitFor(() => expect(document.querySelector('.swal2-title')?.textContent).toBe('تم إلغاء تعيين الاختبار بنجاح'));
    expect(latinTexts()).toEqual([]);
  });

  it('the sales screen: "آخر 7 أيام", "آخر 30 يومًا"', async () => {
    storeSession(arabicAdmin);
    mockFetch((url) => (url.startsWith('/api/payments/sales') ? { status: 200, body: { data: salesReport() } } : { status: 200, body: { data: { unread: 0 } } }));
    renderApp('/dashboard/sales');
    expect(await screen.findByRole('button', { name: 'آخر 7 أيام' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'آخر 30 يومًا' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'آخر 90 يومًا' })).toBeInTheDocument();
    expect(latinTexts()).toEqual([]);
  });

  it('the users screen', async () => {
    storeSession(arabicAdmin);
    const row = { id: 'u1', firstName: 'منى', lastName: 'حسن', email: 'mona@example.com', mobileNumber: '+201012345678', schooleYear: 'Second year', role: 'USER', block: false, createdAt: '2026-11-01T10:00:00.000Z', lastSignInAt: null };
    mockFetch((url) => (url.startsWith('/api/admin/allusers') ? { status: 200, body: { data: [row], page: 1, limit: 6, total: 1, pages: 1 } } : { status: 200, body: { data: { unread: 0 } } }));
    renderApp('/dashboard/users');
    expect(await screen.findByText('mona@example.com')).toBeInTheDocument();
    expect(latinTexts()).toEqual([]);
  });
});

describe('Arabic plurals (Intl.PluralRules through the dictionaries)', () => {
  it('read right for 1, 2, 3–10, 11–99 and 100', () => {
    expect([1, 2, 7, 30, 100].map((n) => translate('ar', 'sales.lastDays', { n }))).toEqual(['آخر يوم', 'آخر يومين', 'آخر 7 أيام', 'آخر 30 يومًا', 'آخر 100 يوم']);
    expect([1, 2, 3, 30].map((n) => translate('ar', 'pay.accessDays', { n }))).toEqual(['مدة الوصول بعد الدفع: يوم واحد', 'مدة الوصول بعد الدفع: يومان', 'مدة الوصول بعد الدفع: 3 أيام', 'مدة الوصول بعد الدفع: 30 يومًا']);
    expect(translate('ar', 'quiz.assignOption', { title: 'الوراثة', n: 2 })).toBe('الوراثة (سؤالان)');
    expect(translate('en', 'sales.lastDays', { n: 7 })).toBe('Last 7 days');
    expect([1, 3].map((n) => translate('en', 'quiz.assignOption', { title: 'Genetics', n }))).toEqual(['Genetics (1 question)', 'Genetics (3 questions)']);
  });
});

describe('English keeps the spec English texts', () => {
  it('as written', () => {
    expect(['auth.loginTitle', 'auth.forgetPasswordLink', 'auth.signUpLink', 'auth.signedIn', 'soon.contact', 'confirm.sessionExpired'].map((k) => translate('en', k as never))).toEqual([
      'Log in',
      'Forget password',
      'Sign Up',
      'Signed in successfully',
      'Leave Us Message',
      'Your session has expired. Please log in again.',
    ]);
  });
});
