/** Journey: sign up → activation link from the outbox → log in → a student lands on /. */
import { browserForFile, newPage, shot } from '../support/browser';
import { at, loaded, logIn, mailTo, PASSWORD, storedUser, swalTitle, uniqueEmail, uniqueMobile, waitForPath } from './auth-helpers';

jest.setTimeout(60_000);

const browser = browserForFile();

it('signs up with every field, activates from the mail and logs in to the home page', async () => {
  const { page, context, errors } = await newPage(browser());
  const email = uniqueEmail('signup');

  await page.goto(at('/auth/registeration'));
  await page.getByLabel('First name').fill('Salma');
  await page.getByLabel('Last name').fill('Fathy');
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByLabel('Confirm password', { exact: true }).fill(PASSWORD);
  await page.getByLabel('Mobile number').fill(uniqueMobile());
  await page.getByLabel('School year').selectOption('Second year');
  // The three live rules hold, so the submit button is enabled.
  expect(await page.locator('.password-rules [data-ok="true"]').count()).toBe(3);
  await shot(page, 'journey-signup-filled');
  await page.getByRole('button', { name: 'Sign Up', exact: true }).click();

  await swalTitle(page, 'Signed up successfully, take a look at your mail for activation.');
  await waitForPath(page, '/auth/login');

  const mail = await mailTo(email, (m) => !!m.link);
  await page.goto(mail.link!);
  await waitForPath(page, '/auth/login');
  await swalTitle(page, 'Your account is activated. You can log in now.');
  // The notice's query is consumed, so a reload does not repeat it.
  expect(new URL(page.url()).search).toBe('');
  await shot(page, 'journey-signup-activated');

  await logIn(page, email.toUpperCase(), PASSWORD);
  await waitForPath(page, '/');
  await swalTitle(page, 'Signed in successfully');
  await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('button', { name: 'Logout' }).waitFor();
  const user = await storedUser(page);
  expect(user).toMatchObject({ email, firstName: 'Salma', role: 'USER' });
  await loaded(page);
  await shot(page, 'journey-signup-home');
  expect(errors).toEqual([]);
  await context.close();
});
