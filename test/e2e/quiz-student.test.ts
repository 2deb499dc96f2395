/**
 * A student and the quiz gate, in real Chromium on the platform: the teacher (through the API)
 * makes a free lecture of two real videos, ties a quiz with a quiz image and a question image to
 * video 1, and assigns another quiz to the term's Quiz section. The student finds that quiz in the
 * Quiz section, sees video 2 locked with its reason, fails the quiz, retries, passes, and video 2
 * plays without a page reload. Then the Assign Quiz modal. Screenshots: phone 360 in Arabic
 * (dark and light) and desktop in English.
 */
import { mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { PutObjectCommand } from '@aws-sdk/client-s3';
import type { Browser, Page } from 'playwright-core';
import { DESKTOP, launchBrowser, newPage, PHONE } from '../support/browser';
import { api, makeUser, platform, s3, type TestUser, uniq } from '../support/platform';
import { at, waitForPath } from './auth-helpers';
import { apiResponse, DEMO_VIDEO, FIRST_TERM, GENERAL, makeCourse, type OwnCourse, playerReady, png, settled, settledShot as settledShotHere, sidewaysOverflow, storeSession, untilVideosReady } from './catalogue-helpers';

/** From the top of the page, so a full-page shot does not catch the sticky bars half-way down. */
async function settledShot(page: Page, name: string) {
  await page.evaluate(() => window.scrollTo(0, 0));
  await settledShotHere(page, name);
}

/** What the screen shows (a sticky submit bar or a dialog sheet where a person sees them), not the whole page. */
async function screenShot(page: Page, name: string) {
  await settled(page);
  const dir = path.resolve(__dirname, '../../screenshots');
  mkdirSync(dir, { recursive: true });
  await page.screenshot({ path: path.join(dir, `${name}.png`), animations: 'disabled' });
}

jest.setTimeout(120_000);

let browser: Browser;
let admin: TestUser;
let course: OwnCourse;
let quizSectionId: string;
const GATE_QUIZ = uniq('Gate quiz ');
const SECTION_QUIZ = uniq('Section quiz ');
const QUESTIONS = [
  { text: 'Which organelle makes energy?', type: 'MULTIPLE_CHOICE', options: [{ text: 'Nucleus' }, { text: 'Mitochondria' }, { text: 'Ribosome' }, { text: 'Golgi' }], correctAnswerText: 'Mitochondria' },
  { text: 'DNA is a double helix', type: 'TRUE_FALSE', options: [], correctAnswerText: 'True' },
];

async function createQuiz(title: string, withImages: boolean) {
  const form = new FormData();
  form.append('quizData', JSON.stringify({ title, description: 'Cells and energy', questions: QUESTIONS }));
  if (withImages) {
    form.append('quizImage', new Blob([new Uint8Array(png(120, 120, [230, 140, 40]))], { type: 'image/png' }), 'quiz.png');
    form.append('questionImages[0]', new Blob([new Uint8Array(png(160, 90, [60, 120, 200]))], { type: 'image/png' }), 'q1.png');
  }
  const r = await api('POST', '/api/Quiz/quiz', { token: admin.token, form });
  if (r.status !== 201) throw new Error(`create quiz: ${r.status} ${JSON.stringify(r.body)}`);
  return r.body.data as { id: string };
}

/** A free lecture of two real (playable) videos in the course's lecture section. */
async function makeLecture(name: string) {
  const bytes = readFileSync(DEMO_VIDEO);
  const keys = await Promise.all(
    [1, 2].map(async () => {
      const key = `videos/${uniq()}-demo.webm`;
      await s3().send(new PutObjectCommand({ Bucket: platform().bucket, Key: key, Body: bytes, ContentType: 'video/webm' }));
      return key;
    }),
  );
  const form = new FormData();
  const fields = { name, subtitle: 'Quiz gate', numberOfLectures: '2', price: '0', isFree: 'true', contentId: course.lectureSectionId };
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  form.append('imageFile', new Blob([new Uint8Array(png())], { type: 'image/png' }), 'lecture.png');
  form.append('videoUrls', JSON.stringify(keys.map((videoUrl, i) => ({ videoUrl, videoName: `Part ${i + 1}`, quizId: null }))));
  const r = await api('POST', '/api/AWS/save-lecture', { token: admin.token, form });
  if (r.status !== 201) throw new Error(`save-lecture: ${r.status} ${JSON.stringify(r.body)}`);
  await untilVideosReady(admin, r.body.data.id as string);
  return r.body.data as { id: string; videos: { id: string; order: number }[] };
}

beforeAll(async () => {
  [browser, admin] = await Promise.all([launchBrowser(), makeUser({ admin: true })]);
  course = await makeCourse(admin, 'Quiz course ');
  const sections = await api('GET', `/api/cours/content/${course.termId}`, { token: admin.token });
  quizSectionId = (sections.body.data as { id: string; content: string }[]).find((s) => s.content === 'Quiz')!.id;
});
afterAll(async () => {
  await browser?.close();
});

async function studentPage(viewport: { width: number; height: number }, language: 'en' | 'ar', theme: 'dark' | 'light') {
  const student = await makeUser({ firstName: 'Student' });
  const p = await newPage(browser, { viewport });
  await storeSession(p.page, student, { language });
  await p.page.evaluate((mode) => localStorage.setItem('theme', mode), theme);
  return { ...p, student };
}

const videoEl = (page: Page) => page.getByTestId('lecture-video');

async function answerAll(page: Page, answers: string[]) {
  const questions = page.getByTestId('quiz-question');
  for (const [i, text] of answers.entries()) await questions.nth(i).getByRole('radio', { name: text, exact: true }).check();
}

describe('a student and the quiz gate', () => {
  let lecture: { id: string; videos: { id: string; order: number }[] };
  let gateQuiz: { id: string };

  beforeAll(async () => {
    [lecture, gateQuiz] = await Promise.all([makeLecture(uniq('Gate lecture ')), createQuiz(GATE_QUIZ, true)]);
    const v1 = lecture.videos.find((v) => v.order === 1)!;
    const tie = await api('PATCH', `/api/AWS/lectures/video/${v1.id}`, { token: admin.token, json: { quizId: gateQuiz.id } });
    expect(tie.status).toBe(200);
    const sectionQuiz = await createQuiz(SECTION_QUIZ, false);
    const assigned = await api('POST', `/api/Quiz/associate-quiz/${quizSectionId}/${sectionQuiz.id}`, { token: admin.token });
    expect(assigned.status).toBe(200);
  });

  it.each([
    ['desktop-en', DESKTOP, 'en', 'dark'],
    ['phone-ar-dark', PHONE, 'ar', 'dark'],
    ['phone-ar-light', PHONE, 'ar', 'light'],
  ] as const)('%s: Quiz section, video 2 locked with its reason, fail, retry, pass, video 2 plays', async (tag, viewport, language, theme) => {
    const { page, context, errors } = await studentPage(viewport, language, theme);
    const en = language === 'en';

    // The term's Quiz section lists the assigned quiz (through the grade card, as a student goes).
    await page.goto(at('/'));
    const card = page.getByTestId('grade-card').filter({ has: page.getByRole('heading', { name: course.name, exact: true }) });
    await card.locator('.grade-card-face').click();
    await card.getByRole('link', { name: GENERAL, exact: true }).click();
    await waitForPath(page, '/term');
    await page.getByRole('link', { name: FIRST_TERM, exact: true }).click();
    await waitForPath(page, '/content');
    await page.getByRole('button', { name: en ? 'Quiz' : 'الاختبارات', exact: true }).click();
    const quizCard = page.getByTestId('quiz-card').filter({ hasText: SECTION_QUIZ });
    await quizCard.waitFor();
    expect(await quizCard.textContent()).toContain(en ? '2 questions' : 'سؤالان');
    expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);
    await settledShot(page, `quiz-student-${tag}-section`);

    // Video 2 is locked by the server, with the reason and a way to its quiz.
    const opened = apiResponse(page, 'GET', `/api/cours/lectureaaa/${lecture.id}`);
    await page.goto(at(`/lec/${lecture.id}`));
    const body = (await (await opened).json()) as { data: { videos: { order: number; signedUrl?: string; locked?: { videoNumber: number; quizId: string } }[] } };
    const second = body.data.videos.find((v) => v.order === 2)!;
    expect(second.signedUrl).toBeUndefined();
    expect(second.locked).toEqual({ reason: 'quiz', videoNumber: 1, quizId: gateQuiz.id });
    await videoEl(page).waitFor();
    await page.getByRole('button', { name: /Part 2/ }).click();
    // The pointer leaves as a finger lifts: left on the button, it may lie where the phone's toast
    // opens (the bottom), whose timer stops while hovered.
    await page.mouse.move(1, 1);
    const locked = page.getByTestId('locked-video');
    await locked.getByText('هذا الفيديو مقفل').waitFor();
    await locked.getByText(en ? 'You must pass the quiz of video 1 first.' : 'يجب اجتياز اختبار الفيديو رقم 1 أولاً.').waitFor();
    expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);
    // The toast says it too; the shot waits for it to go.
    await page.locator('.swal2-toast').waitFor({ state: 'detached', timeout: 10_000 });
    await settledShot(page, `quiz-student-${tag}-locked-video`);

    // The quiz: answering (with its pictures), refused while a question is open, failed.
    await locked.getByRole('link', { name: en ? 'Take the quiz' : 'ابدأ الاختبار' }).click();
    await waitForPath(page, '/quiz');
    expect(new URL(page.url()).searchParams.get('id')).toBe(gateQuiz.id);
    await page.getByRole('heading', { name: GATE_QUIZ }).waitFor();
    expect(await page.locator('.quiz-question-image').count()).toBe(1);
    const submit = page.getByRole('button', { name: en ? 'Submit answers' : 'إرسال الإجابات' });
    expect(await submit.isDisabled()).toBe(true);
    await answerAll(page, ['Nucleus']);
    await submit.click();
    await page.locator('.quiz-warning', { hasText: 'يجب الإجابة على جميع الأسئلة' }).getByText('1 / 2').waitFor();
    await answerAll(page, ['Nucleus', en ? 'False' : 'خطأ']);
    await page.locator('.swal2-toast').waitFor({ state: 'detached', timeout: 10_000 });
    const wide = await page.evaluate(() =>
      Array.from(document.querySelectorAll('body *'))
        .filter((e) => { const r = e.getBoundingClientRect(); return r.right > window.innerWidth + 0.5 || r.left < -0.5; })
        .slice(0, 5)
        .map((e) => `${e.tagName}.${e.className} ${Math.round(e.getBoundingClientRect().left)}..${Math.round(e.getBoundingClientRect().right)}`),
    );
    expect(wide).toEqual([]);
    expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);
    await screenShot(page, `quiz-student-${tag}-answering`);
    await submit.click();
    const result = page.getByTestId('quiz-result');
    await result.waitFor();
    expect(await page.getByTestId('quiz-score').textContent()).toBe('0%');
    await result.getByText(en ? /You did not reach the pass mark \(50%\)/ : /لم تصل إلى درجة النجاح/).waitFor();
    // The answer key stays hidden (the teacher did not reveal it).
    expect(await result.getByText(en ? /Right answer:/ : /الإجابة الصحيحة:/).count()).toBe(0);
    await settledShot(page, `quiz-student-${tag}-result-failed`);

    // Retry, pass.
    await page.getByRole('button', { name: en ? 'Try again' : 'حاول مرة أخرى' }).click();
    await answerAll(page, ['Mitochondria', en ? 'True' : 'صح']);
    await submit.click();
    await result.waitFor();
    expect(await page.getByTestId('quiz-score').textContent()).toBe('100%');
    await result.getByText(en ? 'Passed! You reached the pass mark.' : 'أحسنت! لقد اجتزت الاختبار.').waitFor();
    await settledShot(page, `quiz-student-${tag}-result-passed`);

    // Back to the lecture: video 2 plays, no page reload.
    const navigations: string[] = [];
    page.on('framenavigated', (f) => f === page.mainFrame() && navigations.push(f.url()));
    await page.getByRole('link', { name: en ? 'Back to the lecture' : 'العودة إلى المحاضرة' }).click();
    await waitForPath(page, `/lec/${lecture.id}`);
    // Its playback starts (the cookies, issue 16).
    await playerReady(page);
    expect(await page.getByTestId('locked-video').count()).toBe(0);
    expect(await page.getByRole('button', { name: /Part 2/ }).getAttribute('aria-current')).toBe('true');
    await page.locator('.vp-controls button').first().click();
    const playing = await page
      .waitForFunction(() => (document.querySelector('[data-testid="lecture-video"]') as HTMLVideoElement).currentTime > 0.5, null, { timeout: 15_000 })
      .then(() => 'ok')
      .catch(() =>
        videoEl(page).evaluate((v: HTMLVideoElement) => JSON.stringify({ t: v.currentTime, paused: v.paused, rs: v.readyState, ns: v.networkState, err: v.error?.code, src: v.src.slice(-60) })),
      );
    expect(playing).toBe('ok');
    // The SPA moved (pushState), the document did not reload.
    expect(navigations.length).toBeLessThanOrEqual(1);
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe('the teacher assigns a quiz to a Quiz section', () => {
  it.each([
    ['desktop-en', DESKTOP, 'en', 'dark'],
    ['phone-ar-dark', PHONE, 'ar', 'dark'],
    ['phone-ar-light', PHONE, 'ar', 'light'],
  ] as const)('%s', async (tag, viewport, language, theme) => {
    const title = uniq('Assign me ');
    const quiz = await createQuiz(title, false);
    const p = await newPage(browser, { viewport });
    const page = p.page;
    await storeSession(page, admin, { admin: true, language });
    await page.evaluate((mode) => localStorage.setItem('theme', mode), theme);
    await page.goto(at('/dashboard'));
    const card = page.getByTestId('grade-card').filter({ has: page.getByRole('heading', { name: course.name, exact: true }) });
    await card.locator('.grade-card-face').click();
    await card.getByRole('link', { name: GENERAL, exact: true }).click();
    await waitForPath(page, '/dashboard/terms');
    await page.getByRole('link', { name: new RegExp(`^${FIRST_TERM}`) }).click();
    await waitForPath(page, '/dashboard/section');
    await page.getByRole('link', { name: language === 'en' ? 'Quiz' : 'الاختبارات', exact: true }).first().click();
    await waitForPath(page, '/dashboard/preview');
    const en = language === 'en';
    await page.getByRole('button', { name: en ? 'Assign a quiz' : 'تعيين اختبار' }).click();
    const dialog = page.getByRole('dialog');
    const select = dialog.getByLabel(en ? 'Select Quiz to Assign' : 'اختر الاختبار المراد تعيينه');
    await select.locator('option', { hasText: title }).waitFor({ state: 'attached' });
    // Nothing chosen: the warning.
    await dialog.getByRole('button', { name: en ? 'Assign Quiz' : 'تعيين الاختبار' }).click();
    await dialog.getByText(en ? 'Please select a quiz to assign' : 'من فضلك اختر اختبارًا لتعيينه').waitFor();
    await page.locator('.swal2-toast').waitFor({ state: 'detached', timeout: 10_000 });
    await select.selectOption(quiz.id);
    expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);
    await screenShot(page, `quiz-student-${tag}-assign-modal`);
    const reloaded = apiResponse(page, 'GET', `/api/Quiz/quizzes/${quizSectionId}`);
    await dialog.getByRole('button', { name: en ? 'Assign Quiz' : 'تعيين الاختبار' }).click();
    await reloaded;
    await page.getByTestId('assigned-quiz').filter({ hasText: title }).waitFor();
    await page.locator('.swal2-toast').waitFor({ state: 'detached', timeout: 10_000 });
    await settledShot(page, `quiz-student-${tag}-assigned`);
    // Unassign: gone from the list.
    await page.getByRole('button', { name: en ? `Unassign ${title}` : `إلغاء تعيين ${title}` }).click();
    await page.getByTestId('assigned-quiz').filter({ hasText: title }).waitFor({ state: 'detached' });
    expect(p.errors).toEqual([]);
    await p.context.close();
  });
});
