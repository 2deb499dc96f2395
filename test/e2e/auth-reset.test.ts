/** Journey: forgot password → code from the outbox → new password → log in with it, not the old one. */
import { browserForFile, newPage, shot } from '../support/browser';
import { makeUser } from '../support/platform';
import { appErrors, at, logIn, mailTo, swalTitle, waitForPath } from './auth-helpers';

jest.setTimeout(60_000);

const browser = browserForFile();

it('resets the password with the mailed code; the new password works and the old one is refused', async () => {
  const student = await makeUser({ firstName: 'Forgetful' });
  const newPassword = 'N3wPassword';
  const { page, context, errors } = await newPage(browser());

  await page.goto(at('/auth/login'));
  await page.getByRole('link', { name: 'Forget password' }).click();
  await waitForPath(page, '/auth/forgotPassword');
  // The address changes before the lazy screen replaces the log-in form: wait for the screen.
  await page.getByRole('heading', { name: 'Forgot your password?' }).waitFor();
  await page.getByLabel('Email', { exact: true }).fill(student.email);
  await shot(page, 'journey-reset-forgot');
  const requested = Date.now();
  await page.getByRole('button', { name: 'Send code' }).click();
  await swalTitle(page, 'Please check your mail for the reset code.');
  await waitForPath(page, '/auth/verification');

  const { code } = await mailTo(student.email, (m) => !!m.code && Date.parse(m.sentAt) >= requested - 1000);
  expect(code).toMatch(/^\d{6}$/);
  // The first box has the focus on arrival; a new code may be asked for after a visible wait.
  await page.waitForFunction(() => document.activeElement?.getAttribute('aria-label') === 'Digit 1 of 6');
  const resend = page.locator('.resend-button');
  expect(await resend.textContent()).toMatch(/^Resend code in \d+ s$/);
  expect(await resend.isDisabled()).toBe(true);
  expect(await page.getByRole('link', { name: 'Change e-mail' }).getAttribute('href')).toBe('/auth/forgotPassword');
  expect(await page.getByRole('link', { name: 'Back to log in' }).getAttribute('href')).toBe('/auth/login');
  // Typed digit by digit on an Arabic keyboard (٠١٢…): read as 0–9, focus moves on by itself.
  await page.keyboard.type(code!.replace(/\d/g, (d) => String.fromCharCode(0x660 + Number(d))), { delay: 20 });
  for (let i = 0; i < 6; i++) expect(await page.getByLabel(`Digit ${i + 1} of 6`).inputValue()).toBe(code![i]);
  await shot(page, 'journey-reset-verification');
  await page.getByRole('button', { name: 'Verify' }).click();
  await swalTitle(page, 'Verified Succesfully - forward to code page');
  await waitForPath(page, '/auth/reset');

  await page.getByLabel('New password', { exact: true }).fill(newPassword);
  await page.getByLabel('Confirm password', { exact: true }).fill(newPassword);
  await shot(page, 'journey-reset-reset');
  await page.getByRole('button', { name: 'Reset password' }).click();
  await swalTitle(page, 'Password reset successfully - forwarding to sign in');
  await waitForPath(page, '/auth/success');
  await page.getByRole('heading', { name: 'All done!' }).waitFor();
  // The e-mail kept between the steps is gone after the reset.
  expect(await page.evaluate(() => localStorage.getItem('forgotPasswordEmail'))).toBeNull();
  await shot(page, 'journey-reset-success');

  // As the toast says, it forwards to log in by itself, the e-mail filled in.
  await waitForPath(page, '/auth/login');
  await page.getByPlaceholder('Password', { exact: true }).waitFor();
  expect(await page.getByPlaceholder('Enter your Email or phone Number').inputValue()).toBe(student.email);
  await logIn(page, student.email, student.password);
  await swalTitle(page, 'Incorrect e-mail/phone or password');
  expect(new URL(page.url()).pathname).toBe('/auth/login');
  await shot(page, 'journey-reset-old-password');

  await logIn(page, student.email, newPassword);
  await waitForPath(page, '/');
  await swalTitle(page, 'Signed in successfully');
  // The refused old password is the one expected console line.
  expect(appErrors(errors)).toEqual([]);
  await context.close();
});
