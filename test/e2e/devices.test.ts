/**
 * Issue 41 in Chromium on the local platform. Devices: two browsers sign in as the same student, a
 * third is refused with the message in Arabic, the student removes one of the others from /profile
 * and the third gets in. One stream at a time: while one browser plays the demo video, a second
 * (another session of the student) is asked "watch here instead?", takes the stream over, and the
 * first stops at its next heartbeat.
 */
import { AdminInitiateAuthCommand } from '@aws-sdk/client-cognito-identity-provider';
import { decodeJwt } from 'jose';
import type { Page } from 'playwright-core';
import { browserForFile, DESKTOP, newPage, PHONE, shot } from '../support/browser';
import { cognito, makeUser, platform, setUserFields, type TestUser } from '../support/platform';
import { appTookOver, at, confirmSwal, logIn, waitForPath } from './auth-helpers';
import { demoFreeLectureId, pressPlay, untilVideosReady } from './catalogue-helpers';

jest.setTimeout(120_000);

const browser = browserForFile();

/** A fresh browser at the login page in `language` and `theme`. */
async function loginPage(opts: { language: 'en' | 'ar'; theme: 'dark' | 'light'; phone?: boolean }) {
  const opened = await newPage(browser(), { viewport: opts.phone ? PHONE : DESKTOP });
  await opened.page.goto(at('/auth/login'));
  await opened.page.evaluate(({ language, theme }) => (localStorage.setItem('language', language), localStorage.setItem('theme', theme)), opts);
  await opened.page.reload();
  await appTookOver(opened.page);
  return opened;
}

it('a third device is refused in Arabic; one removed from the profile, the third gets in', async () => {
  const student = await makeUser({ firstName: 'Mona' });
  const a = await loginPage({ language: 'en', theme: 'light' });
  await logIn(a.page, student.email, student.password);
  await waitForPath(a.page, '/');
  const b = await loginPage({ language: 'en', theme: 'dark' });
  await logIn(b.page, student.email, student.password);
  await waitForPath(b.page, '/');

  const c = await loginPage({ language: 'ar', theme: 'dark', phone: true });
  const refused = c.page.waitForResponse((r) => new URL(r.url()).pathname === '/api/auth/login');
  await logIn(c.page, student.email, student.password);
  expect((await refused).status()).toBe(403);
  const panel = c.page.getByTestId('device-limit');
  await panel.getByRole('heading', { name: 'هذا الحساب مستخدم بالفعل على جهازين' }).waitFor();
  expect(await panel.getByTestId('refused-device').count()).toBe(2);
  await panel.getByRole('heading', { name: 'اسأل المدرس' }).waitFor();
  await shot(c.page, 'devices-login-refused-phone-ar');
  expect(new URL(c.page.url()).pathname).toBe('/auth/login');

  // The student, on the device still signed in (one session at a time: the second sign-in ended the first), removes the other.
  await b.page.goto(at('/profile'));
  const mine = b.page.getByTestId('my-devices');
  await mine.getByText('This device').waitFor();
  const rows = mine.getByTestId('device');
  expect(await rows.count()).toBe(2);
  await mine.getByRole('button', { name: /^Remove / }).click();
  await confirmSwal(b.page);
  await b.page.getByTestId('next-removal').waitFor();
  expect(await rows.count()).toBe(1);
  await shot(b.page, 'devices-profile-desktop-en');

  // The third signs in with the form as it was left.
  const accepted = c.page.waitForResponse((r) => new URL(r.url()).pathname === '/api/auth/login');
  await c.page.getByRole('button', { name: 'تسجيل الدخول', exact: true }).click();
  expect((await accepted).status()).toBe(200);
  await waitForPath(c.page, '/');
  expect([...a.errors, ...b.errors].filter((e) => !/status of (401|403)/.test(e))).toEqual([]);
  await Promise.all([a.context.close(), b.context.close(), c.context.close()]);
});

/** A second live session of `user` (as if signed in elsewhere with one session per student off): a token of its own. */
async function secondSession(user: TestUser): Promise<string> {
  const p = platform();
  const auth = await cognito().send(new AdminInitiateAuthCommand({ UserPoolId: p.userPoolId, ClientId: p.clientId, AuthFlow: 'ADMIN_USER_PASSWORD_AUTH', AuthParameters: { USERNAME: user.email, PASSWORD: user.password } }));
  const token = auth.AuthenticationResult!.IdToken!;
  await setUserFields(user.id, { sessions: [decodeJwt(user.token).jti, decodeJwt(token).jti] });
  return token;
}

async function playerPage(user: TestUser, token: string, opts: { language: 'en' | 'ar'; theme: 'dark' | 'light'; phone?: boolean }): Promise<{ page: Page; close: () => Promise<void> }> {
  const { page, context } = await newPage(browser(), { viewport: opts.phone ? PHONE : DESKTOP });
  await page.goto(at('/auth/login'));
  await page.evaluate(
    ({ u, token, language, theme }) => {
      localStorage.setItem('user', JSON.stringify({ id: u.id, email: u.email, firstName: 'Mona', lastName: 'Hassan', mobileNumber: '+201098765432', role: 'USER', block: false, token }));
      localStorage.setItem('language', language);
      localStorage.setItem('theme', theme);
    },
    { u: user, token, ...opts },
  );
  return { page, close: () => context.close() };
}

it('a second browser takes over the playing video, and the first stops', async () => {
  const [student, admin] = await Promise.all([makeUser({ firstName: 'Mona' }), makeUser({ admin: true })]);
  const lectureId = await demoFreeLectureId(student);
  await untilVideosReady(admin, lectureId);
  const other = await secondSession(student);

  const first = await playerPage(student, student.token, { language: 'en', theme: 'light' });
  await first.page.goto(at(`/lec/${lectureId}`));
  await pressPlay(first.page, 1);
  // The demo video is 12 s: looped, it is still playing when the second browser takes it over.
  await first.page.evaluate(() => ((document.querySelector('[data-testid="lecture-video"]') as HTMLVideoElement).loop = true));

  const second = await playerPage(student, other, { language: 'ar', theme: 'dark', phone: true });
  const asked = second.page.waitForResponse((r) => /\/videos\/[^/]+\/playback$/.test(new URL(r.url()).pathname));
  await second.page.goto(at(`/lec/${lectureId}`));
  expect((await asked).status()).toBe(409);
  const dialog = second.page.getByTestId('player-elsewhere');
  await dialog.getByText('الفيديو يعمل على جهاز آخر').waitFor();
  await shot(second.page, 'devices-player-elsewhere-phone-ar');
  const took = second.page.waitForResponse((r) => /\/videos\/[^/]+\/playback$/.test(new URL(r.url()).pathname));
  await dialog.getByRole('button', { name: 'شاهد هنا' }).click();
  expect((await took).status()).toBe(200);
  await second.page.waitForFunction(() => (document.querySelector('[data-testid="lecture-video"]') as HTMLVideoElement).currentTime > 0.5, null, { timeout: 30_000 });

  // The first player's next heartbeat (at most 30 s) finds the stream gone: it stops and says so.
  const stopped = first.page.getByTestId('player-elsewhere');
  await stopped.getByText('This video is now playing on another device with your account.').waitFor({ timeout: 40_000 });
  expect(await first.page.evaluate(() => (document.querySelector('[data-testid="lecture-video"]') as HTMLVideoElement).paused)).toBe(true);
  await shot(first.page, 'devices-player-taken-over-desktop-en');
  await Promise.all([first.close(), second.close()]);
});
