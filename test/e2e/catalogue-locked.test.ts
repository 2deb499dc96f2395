/**
 * A locked term cannot be opened: the admin locks it with the toggle in /dashboard/terms; the
 * student sees the lock on /term, cannot click through, is turned back from /content and
 * /lec/{id} (even reloaded or typed in), and the API refuses the student's token with 403.
 * Uses a course of its own, so the demo course stays untouched.
 */
import type { Browser, Page } from 'playwright-core';
import { DESKTOP, launchBrowser, newPage, PHONE } from '../support/browser';
import { api, makeUser, type TestUser } from '../support/platform';
import { lectureForm, uploadedVideo } from '../integration/catalogue-fixtures';
import { appErrors, at, swalTitle, waitForPath } from './auth-helpers';
import { apiResponse, FIRST_TERM, GENERAL, makeCourse, type OwnCourse, settledShot, storeSession } from './catalogue-helpers';

jest.setTimeout(60_000);

const TERM_LOCKED = 'This term is locked';

let browser: Browser;
let admin: TestUser;
let student: TestUser;
let course: OwnCourse;
let lectureId: string;
beforeAll(async () => {
  [browser, admin, student] = await Promise.all([launchBrowser(), makeUser({ admin: true }), makeUser()]);
  course = await makeCourse(admin, 'Locked course ');
  const videoUrls = JSON.stringify([{ videoUrl: await uploadedVideo(), videoName: 'Part 1', quizId: null }]);
  const saved = await api('POST', '/api/AWS/save-lecture', {
    token: admin.token,
    form: lectureForm({ price: '0', isFree: 'true', contentId: course.lectureSectionId, videoUrls }),
  });
  if (saved.status !== 201) throw new Error(`save-lecture: ${saved.status} ${JSON.stringify(saved.body)}`);
  lectureId = saved.body.data.id;
});
afterAll(async () => {
  await browser?.close();
});

const termLock = (page: Page, action: 'Lock' | 'Unlock') => page.getByRole('switch', { name: `${action} ${FIRST_TERM}` });

/** The admin's toggle on /dashboard/terms for this course's ثانوي عام; resolves once the server agrees. */
async function toggleLock(page: Page, action: 'Lock' | 'Unlock') {
  const patched = apiResponse(page, 'PATCH', '/api/cours/Term/lock/');
  await termLock(page, action).click();
  expect((await patched).status()).toBe(200);
  await termLock(page, action === 'Lock' ? 'Unlock' : 'Lock').waitFor();
}

it('a locked term shows its lock and is refused to the student in the UI and by the API', async () => {
  const studentTab = await newPage(browser, { viewport: PHONE });
  const adminTab = await newPage(browser, { viewport: DESKTOP });
  const s = studentTab.page;
  const a = adminTab.page;

  // The student opens the term while it is open (the address keeps its navigation state).
  await storeSession(s, student);
  await s.goto(at('/'));
  const card = s.getByTestId('grade-card').filter({ has: s.getByRole('heading', { name: course.name, exact: true }) });
  await card.locator('.grade-card-face').click();
  await card.getByRole('link', { name: GENERAL, exact: true }).click();
  await waitForPath(s, '/term');
  await s.getByRole('link', { name: FIRST_TERM, exact: true }).click();
  await waitForPath(s, '/content');
  await s.getByTestId('lecture-card').first().waitFor();

  // The admin locks it with the toggle.
  await storeSession(a, admin, { admin: true });
  await a.goto(at('/dashboard'));
  const adminCard = a.getByTestId('grade-card').filter({ has: a.getByRole('heading', { name: course.name, exact: true }) });
  await adminCard.hover();
  await adminCard.getByRole('link', { name: GENERAL, exact: true }).click();
  await waitForPath(a, '/dashboard/terms');
  await toggleLock(a, 'Lock');
  expect(await termLock(a, 'Unlock').isChecked()).toBe(true);
  await settledShot(a, 'catalogue-locked-desktop-en-admin-terms');

  // The open /content reloaded: the server refuses, the student is told and sent back to /term…
  const refused = apiResponse(s, 'GET', `/api/cours/content/${course.termId}`);
  await s.reload();
  expect((await refused).status()).toBe(403);
  await swalTitle(s, TERM_LOCKED);
  await waitForPath(s, '/term');
  // …where the term shows its lock and is no link.
  const locked = s.getByTestId('locked-term').filter({ hasText: FIRST_TERM });
  await locked.waitFor();
  await locked.getByText('Locked').waitFor({ state: 'attached' });
  expect(await locked.locator('svg').count()).toBe(1);
  expect(await s.getByRole('link', { name: FIRST_TERM, exact: true }).count()).toBe(0);
  await settledShot(s, 'catalogue-locked-phone-en-term');
  await locked.click();
  expect(new URL(s.url()).pathname).toBe('/term');

  // The addresses typed in: /content without its state goes home; /lec/{id} shows the refusal.
  await s.goto(at('/content'));
  await waitForPath(s, '/');
  const lecture = apiResponse(s, 'GET', `/api/cours/lectureaaa/${lectureId}`);
  await s.goto(at(`/lec/${lectureId}`));
  expect((await lecture).status()).toBe(403);
  await s.getByRole('alert').filter({ hasText: TERM_LOCKED }).waitFor();
  expect(await s.locator('video').count()).toBe(0);
  await settledShot(s, 'catalogue-locked-phone-en-lec');

  // The API itself refuses the student's token for everything under the term.
  for (const path of [`/api/cours/content/${course.termId}`, `/api/cours/lecture/${course.lectureSectionId}`, `/api/cours/lectureaaa/${lectureId}`]) {
    const r = await api('GET', path, { token: student.token });
    expect([path, r.status, r.body?.message]).toEqual([path, 403, TERM_LOCKED]);
  }

  // Unlocked again, the term opens.
  await toggleLock(a, 'Unlock');
  expect((await api('GET', `/api/cours/content/${course.termId}`, { token: student.token })).status).toBe(200);
  await s.goto(at('/'));
  await card.locator('.grade-card-face').click();
  await card.getByRole('link', { name: GENERAL, exact: true }).click();
  await s.getByRole('link', { name: FIRST_TERM, exact: true }).click();
  await waitForPath(s, '/content');
  await s.getByTestId('lecture-card').first().waitFor();

  expect(appErrors(studentTab.errors, 403)).toEqual([]);
  expect(adminTab.errors).toEqual([]);
  await studentTab.context.close();
  await adminTab.context.close();
});
