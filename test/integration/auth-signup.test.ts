/**
 * Sign-up, the activation link from the outbox, and password sign-in by e-mail or phone,
 * against the real platform (cognito-local, DynamoDB Local, the local outbox).
 */
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { randomInt } from 'node:crypto';
import { api, ddb, platform, uniq } from '../support/platform';
import { apiFrom, freshSource } from '../support/source';

const PASSWORD = 'Passw0rdOk';
const mobile = () => `010${String(randomInt(0, 10 ** 8)).padStart(8, '0')}`;
const newStudent = () => ({
  firstName: 'Salma',
  lastName: 'Nabil',
  email: `${uniq('su')}@test.local`,
  password: PASSWORD,
  confirm: PASSWORD,
  mobileNumber: mobile(),
  schooleYear: 'Second year',
});

async function mailsTo(email: string): Promise<{ subject: string; text: string; link?: string; code?: string }[]> {
  const r = await fetch(`${platform().url}/_local/outbox.json?to=${encodeURIComponent(email)}`);
  return ((await r.json()) as { data: { subject: string; text: string; link?: string; code?: string }[] }).data;
}

async function recordOf(email: string) {
  const t = platform().tableName;
  const guard = await ddb().send(new GetCommand({ TableName: t, Key: { PK: `EMAIL#${email.toLowerCase()}`, SK: 'EMAIL' } }));
  const id = guard.Item?.userId as string | undefined;
  if (!id) return undefined;
  return (await ddb().send(new GetCommand({ TableName: t, Key: { PK: `USER#${id}`, SK: 'PROFILE' } }))).Item;
}

/** Each from an address of its own: sign-ups are limited per source (test/integration/auth-signup-limits.test.ts). */
const signUp = (body: unknown) => apiFrom(freshSource(), 'POST', '/api/auth/signup', body);

/** GET the activation link like a browser, without following the redirect. */
const click = (link: string) => fetch(link, { redirect: 'manual' });

describe('POST /api/auth/signup', () => {
  it('creates an inactive USER record and mails an activation link', async () => {
    const s = newStudent();
    const r = await signUp(s);
    expect(r.status).toBe(201);
    expect(r.body).toEqual({ message: 'Signed up successfully, take a look at your mail for activation.' });

    const rec = await recordOf(s.email);
    expect(rec).toMatchObject({ email: s.email, firstName: 'Salma', lastName: 'Nabil', mobileNumber: `+2${s.mobileNumber}`, schooleYear: 'Second year', role: 'USER', block: false, activated: false, provider: 'cognito' });
    const [mail] = await mailsTo(s.email);
    expect(mail?.link).toMatch(new RegExp(`^${platform().url}/api/auth/activate\\?token=[A-Za-z0-9_-]{43}$`));
    expect(mail?.text).toContain(mail!.link!);
  });

  it('refuses weak passwords, a confirm that does not match and a non-Egyptian mobile with 400', async () => {
    const weak = await signUp({ ...newStudent(), password: 'password', confirm: 'password' });
    expect(weak.status).toBe(400);
    expect(weak.body.errors).toEqual(expect.arrayContaining([expect.objectContaining({ path: 'body.password' })]));

    const mismatch = await signUp({ ...newStudent(), confirm: 'Passw0rdNo' });
    expect(mismatch.status).toBe(400);
    expect(mismatch.body.errors).toEqual([{ path: 'body.confirm', field: 'confirm', code: 'password.match', params: {}, message: 'confirm must match password' }]);

    const badMobile = await signUp({ ...newStudent(), mobileNumber: '+14155550123' });
    expect(badMobile.status).toBe(400);
    expect(badMobile.body.message).toMatch(/Egyptian mobile/);
  });

  it('gives each problem of a bad sign-up its field and rule code, and the 400 its code', async () => {
    const r = await signUp({ ...newStudent(), firstName: ' ', email: 'nope', mobileNumber: '12345', schooleYear: 'Fourth year' });
    expect(r.status).toBe(400);
    expect(r.body).toMatchObject({ code: 'validation', message: expect.stringMatching(/firstName is required/) });
    expect(r.body.errors.map((e: { field: string; code: string }) => `${e.field}:${e.code}`)).toEqual(['firstName:required', 'email:email', 'mobileNumber:phone', 'schooleYear:oneOf']);
    expect(r.body.errors[3]).toEqual({ path: 'body.schooleYear', field: 'schooleYear', code: 'oneOf', params: { values: 'First year, Second year, Third year' }, message: 'schooleYear must be one of: First year, Second year, Third year' });
  });

  it('answers 409 to a taken e-mail (any case) and to a taken phone (any spelling)', async () => {
    const s = newStudent();
    expect((await signUp(s)).status).toBe(201);

    const sameEmail = await signUp({ ...newStudent(), email: s.email.toUpperCase() });
    expect(sameEmail.status).toBe(409);
    expect(sameEmail.body).toEqual({ message: 'An account with this e-mail already exists', code: 'auth.emailInUse' });

    const samePhone = await signUp({ ...newStudent(), mobileNumber: `+2${s.mobileNumber}` });
    expect(samePhone.status).toBe(409);
    expect(samePhone.body).toEqual({ message: 'An account with this mobile number already exists', code: 'auth.phoneInUse' });
  });
});

describe('GET /api/auth/activate and sign-in of a new account', () => {
  it('signs in only after the mailed link was opened, by e-mail in any case and by phone', async () => {
    const s = newStudent();
    await signUp(s);

    const early = await api('POST', '/api/auth/login', { json: { identifier: s.email, password: PASSWORD } });
    expect(early.status).toBe(403);
    expect(early.body).toEqual({ message: 'Your account is not activated yet. Check your e-mail for the activation link.', code: 'auth.notActivated' });

    const [mail] = await mailsTo(s.email);
    const opened = await click(mail!.link!);
    expect(opened.status).toBe(302);
    expect(opened.headers.get('location')).toBe(`${platform().url}/auth/login?activated=1`);
    expect(await recordOf(s.email)).toMatchObject({ activated: true });
    // A second click (or a mail scanner's prefetch before the person's own) still lands well.
    expect((await click(mail!.link!)).headers.get('location')).toBe(`${platform().url}/auth/login?activated=1`);

    const byEmail = await api('POST', '/api/auth/login', { json: { identifier: `  ${s.email.toUpperCase()} `, password: PASSWORD } });
    expect(byEmail.status).toBe(200);
    expect(byEmail.body.message).toBe('Signed in successfully');
    expect(byEmail.body.data).toMatchObject({ firstName: 'Salma', lastName: 'Nabil', email: s.email, mobileNumber: `+2${s.mobileNumber}`, schooleYear: 'Second year', role: 'USER', block: false });
    expect(byEmail.body.data.token.split('.')).toHaveLength(3);
    // No refresh token goes to the browser: the session ends with the ID token (issue 13).
    expect(byEmail.body.data).not.toHaveProperty('refreshToken');

    const byPhone = await api('POST', '/api/auth/login', { json: { identifier: s.mobileNumber, password: PASSWORD } });
    expect(byPhone.status).toBe(200);
    expect(byPhone.body.data.id).toBe(byEmail.body.data.id);
  });

  it('lands on the login page with a reason for an unknown or missing token, never an error page', async () => {
    const unknown = await click(`${platform().url}/api/auth/activate?token=${'x'.repeat(43)}`);
    expect(unknown.status).toBe(302);
    expect(unknown.headers.get('location')).toBe(`${platform().url}/auth/login?activated=0&reason=invalid`);
    const missing = await click(`${platform().url}/api/auth/activate`);
    expect(missing.headers.get('location')).toBe(`${platform().url}/auth/login?activated=0&reason=missing`);
    const garbage = await click(`${platform().url}/api/auth/activate?token=${'%00'.repeat(300)}`);
    expect(garbage.headers.get('location')).toBe(`${platform().url}/auth/login?activated=0&reason=missing`);
  });
});
