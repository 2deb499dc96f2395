/** Journey: sign up → activation link from the outbox → log in → a student lands on /. */
import { browserForFile, newPage, PHONE, shot } from '../support/browser';
import { makeUser } from '../support/platform';
import { at, loaded, logIn, mailTo, PASSWORD, storedUser, swalTitle, uniqueEmail, uniqueMobile, waitForPath, signUpsFromOwnAddress } from './auth-helpers';

jest.setTimeout(60_000);

const browser = browserForFile();

it('signs up with every field, activates from the mail and logs in to the home page', async () => {
  const { page, context, errors } = await newPage(browser());
  await signUpsFromOwnAddress(page);
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

it('on a phone in Arabic: an e-mail in use is marked on its field, clear of the toast; a phone typed in Arabic-Indic digits is accepted', async () => {
  const existing = await makeUser({ firstName: 'Taken' });
  const { page, context, errors } = await newPage(browser(), { viewport: PHONE });
  await signUpsFromOwnAddress(page);
  await page.goto(at('/auth/registeration'));
  await page.evaluate(() => localStorage.setItem('language', 'ar'));
  await page.reload();
  const emailField = page.getByLabel('البريد الإلكتروني', { exact: true });
  await page.getByLabel('الاسم الأول').fill('سلمى');
  await page.getByLabel('اسم العائلة').fill('فتحي');
  await emailField.fill(existing.email);
  await page.getByLabel('كلمة المرور', { exact: true }).fill(PASSWORD);
  await page.getByLabel('تأكيد كلمة المرور', { exact: true }).fill(PASSWORD);
  const mobile = uniqueMobile();
  await page.getByLabel('رقم الموبايل').fill(mobile.replace(/\d/g, (d) => String.fromCharCode(0x660 + Number(d))));
  await page.getByLabel('الصف الدراسي').selectOption('Second year');
  await page.getByRole('button', { name: 'إنشاء حساب', exact: true }).click();

  // Marked on the field (and focused, so in view), and the toast does not lie over it.
  await page.waitForFunction(() => document.activeElement?.getAttribute('aria-invalid') === 'true');
  expect(await emailField.getAttribute('aria-invalid')).toBe('true');
  const toast = page.locator('.swal2-toast');
  await toast.waitFor();
  await page.waitForTimeout(600);
  await shot(page, 'i9a-signup-email-in-use-ar-dark-360');
  const [t, f] = [(await toast.boundingBox())!, (await emailField.boundingBox())!];
  expect({ toastBottom: Math.round(t.y + t.height), fieldTop: Math.round(f.y), clear: t.y + t.height <= f.y || f.y + f.height <= t.y }).toMatchObject({ clear: true });
  await shot(page, 'i9a-signup-email-in-use-ar-dark-360');

  // Fixed, the message goes at once; the Arabic-Indic mobile number is accepted by the server.
  await emailField.fill(uniqueEmail('arabic-digits'));
  await page.waitForFunction(() => !document.querySelector('[aria-invalid="true"]'));
  await page.getByRole('button', { name: 'إنشاء حساب', exact: true }).click();
  await swalTitle(page, 'تم إنشاء الحساب بنجاح، راجع بريدك الإلكتروني لتفعيله.');
  await waitForPath(page, '/auth/login');
  expect(errors.filter((e) => !e.includes('status of 409'))).toEqual([]);
  await context.close();
});
