/**
 * A Google sign-up has no phone or school year: it is refused a payment link (403 profile.incomplete)
 * until it gives them once through PATCH /api/user/complete-profile (the sign-up form's rules: any
 * digits, +20/0020/0); then the link is made, the phone is its own (guard, search) and the step is done.
 */
import { api, makeUser, setUserFields, type TestUser, uniq } from '../support/platform';
import { makeWorld, saveLecture } from './catalogue-fixtures';

jest.setTimeout(60_000);

let lecture: { id: string };
let admin: TestUser;
beforeAll(async () => {
  const w = await makeWorld();
  admin = w.admin;
  lecture = await saveLecture(w, { price: '100', accessDays: '7' });
});

/** A student as the Google sign-in makes one: no phone, no school year. */
async function googleStudent(): Promise<TestUser> {
  const u = await makeUser({ firstName: uniq('Goog') });
  await setUserFields(u.id, { provider: 'google' });
  return u;
}
const payLink = (u: TestUser) => api('POST', `/api/user/payment-intention/${lecture.id}`, { token: u.token, json: {} });
const complete = (u: TestUser, body: unknown) => api('PATCH', '/api/user/complete-profile', { token: u.token, json: body });
const arabic = (s: string) => s.replace(/\d/g, (d) => String.fromCharCode(0x660 + Number(d)));
const mobile = () => `0115${String(Math.floor(Math.random() * 1e7)).padStart(7, '0')}`;

it('refuses a payment link to a Google sign-up without phone and school year, and makes it once they are given', async () => {
  const u = await googleStudent();
  const refused = await payLink(u);
  expect({ status: refused.status, code: refused.body.code, message: refused.body.message }).toEqual({
    status: 403,
    code: 'profile.incomplete',
    message: 'Add your mobile number and school year to your profile before you buy',
  });

  const phone = mobile();
  const done = await complete(u, { mobileNumber: arabic(phone), schooleYear: 'Third year' });
  expect({ status: done.status, body: done.body }).toEqual({ status: 200, body: { message: 'Your profile is complete' } });
  expect((await api('GET', '/api/user/profile', { token: u.token })).body.data).toMatchObject({ mobileNumber: `+20${phone.slice(1)}`, schooleYear: 'Third year' });
  const link = await payLink(u);
  expect({ status: link.status, granted: link.body.granted, checkout: String(link.body.paymentUrl).includes('/unifiedcheckout/') }).toEqual({ status: 200, granted: false, checkout: true });
  // The phone is the student's own now: the teacher finds them by it.
  const found = await api('GET', `/api/admin/allusers?search=${phone}`, { token: admin.token });
  expect((found.body.data as { id: string }[]).map((r) => r.id)).toEqual([u.id]);
  // Once: the step does not change a phone already given.
  const again = await complete(u, { mobileNumber: mobile(), schooleYear: 'First year' });
  expect({ status: again.status, code: again.body.code }).toEqual({ status: 409, code: 'profile.complete' });
});

it('checks the fields as the sign-up form does, and refuses a number another account has', async () => {
  const [u, other] = [await googleStudent(), await googleStudent()];
  const bad = await complete(u, { mobileNumber: '0131234', schooleYear: 'Tenth year' });
  expect({ status: bad.status, body: JSON.stringify(bad.body) }).toMatchObject({ status: 400, body: expect.stringMatching(/mobileNumber[\s\S]*schooleYear|schooleYear[\s\S]*mobileNumber/) });
  const phone = mobile();
  expect((await complete(other, { mobileNumber: phone, schooleYear: 'First year' })).status).toBe(200);
  const taken = await complete(u, { mobileNumber: `+20${phone.slice(1)}`, schooleYear: 'First year' });
  expect({ status: taken.status, code: taken.body.code }).toEqual({ status: 409, code: 'auth.phoneInUse' });
  expect((await payLink(u)).body.code).toBe('profile.incomplete');
});
