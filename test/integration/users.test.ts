/**
 * Every users route on the stand-ins: the profile and a password change (old password refused, the
 * other sessions end), the teacher's search by name / phone / e-mail with pages, block and delete
 * effective at the next call (admins protected), grants that play, and a student's page.
 */
import { decodeJwt } from 'jose';
import { api, makeUser, platform, setUserFields, type TestUser, uniq } from '../support/platform';
import { liveRefreshTokens } from '../support/pool-state';
import { makeQuiz, makeWorld, saveLecture, type World } from './catalogue-fixtures';

jest.setTimeout(120_000);

let w: World;
let admin: TestUser;
beforeAll(async () => {
  w = await makeWorld();
  admin = w.admin;
});

const profile = (u: TestUser) => api('GET', '/api/user/profile', { token: u.token });
const login = (identifier: string, password: string) => api('POST', '/api/auth/login', { json: { identifier, password } });
const users = (search: string, extra = '') => api('GET', `/api/admin/allusers?search=${encodeURIComponent(search)}${extra}`, { token: admin.token });

/** The repositories in this process, on the platform's table (as catalogue-fixtures' recordPurchase does). */
async function repo() {
  const p = platform();
  Object.assign(process.env, { TABLE_NAME: p.tableName, DYNAMODB_ENDPOINT: p.dynamoEndpoint, AWS_REGION: 'eu-central-1', AWS_ACCESS_KEY_ID: 'S3RVER', AWS_SECRET_ACCESS_KEY: 'S3RVER', AWS_MAX_ATTEMPTS: '1' });
  return import('../../functions/data/user-repo');
}

/** A unique Arabic word (so this file's searches meet only its own people). */
const ARABIC = 'ابتثجحخدذرزسشصضطظعغفقكلمنهوي';
const arabicWord = () => Array.from(uniq().slice(-8), (c) => ARABIC[c.charCodeAt(0) % ARABIC.length]).join('');
const randomPhone = () => `+2010${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`;

/** A student as sign-up makes one (user-repo createUser, which writes the search tokens too). */
async function student(fields: { firstName: string; lastName: string; email?: string; mobileNumber?: string; createdAt?: string }) {
  const r = await repo();
  const u = {
    id: uniq('s'),
    email: fields.email ?? `${uniq('st')}@test.local`,
    firstName: fields.firstName,
    lastName: fields.lastName,
    mobileNumber: fields.mobileNumber ?? randomPhone(),
    role: 'USER' as const,
    block: false,
    activated: true,
    provider: 'cognito' as const,
    createdAt: fields.createdAt ?? new Date().toISOString(),
    sessions: [],
  };
  await r.createUser(u);
  return u;
}

describe('access', () => {
  const routes: [string, string, object?][] = [
    ['GET', '/api/admin/allusers'],
    ['GET', '/api/admin/users/abc'],
    ['DELETE', '/api/user/deleteUser/abc'],
    ['PATCH', '/api/user/blockUser/abc'],
    ['POST', '/api/admin/grant-lecture', { email: 'a@b.co', lectureName: 'x' }],
  ];
  it('anonymous callers get 401 on every users route', async () => {
    for (const [m, path, json] of [...routes, ['GET', '/api/user/profile'], ['PATCH', '/api/user/update', { firstName: 'a', lastName: 'b' }]] as [string, string, object?][]) {
      expect([path, (await api(m, path, { json })).status]).toEqual([path, 401]);
    }
  });
  it('a student gets 403 admin.only on the admin routes', async () => {
    for (const [m, path, json] of routes) {
      const r = await api(m, path, { token: w.student.token, json });
      expect([path, r.status, r.body.code]).toEqual([path, 403, 'admin.only']);
    }
  });
});

describe('profile', () => {
  it('GET /api/user/profile answers my names, e-mail and phone', async () => {
    const r = await profile(w.student);
    expect(r.status).toBe(200);
    expect(r.body.data).toMatchObject({ firstName: 'Test', lastName: 'User', email: w.student.email });
  });

  it('refuses bad input with 400 and the field', async () => {
    const u = await makeUser();
    const cases = [
      { firstName: 'A' },
      { firstName: 'A', lastName: '  ' },
      { firstName: 'A', lastName: 'B', Password: 'Passw0rdOk' },
      { firstName: 'A', lastName: 'B', Password: 'Passw0rdOk', newPassword: 'short', confirmNPassword: 'short' },
      { firstName: 'A', lastName: 'B', Password: 'Passw0rdOk', newPassword: 'NewPassw0rd1', confirmNPassword: 'NewPassw0rd2' },
    ];
    for (const json of cases) expect([json, (await api('PATCH', '/api/user/update', { token: u.token, json })).status]).toEqual([json, 400]);
    expect((await profile(u)).body.data.lastName).toBe('User');
  });

  it('changes the names alone (the password fields empty) and the search finds the new name', async () => {
    const u = await makeUser();
    const name = arabicWord();
    const r = await api('PATCH', '/api/user/update', { token: u.token, json: { firstName: 'سارة', lastName: name, Password: '', newPassword: '', confirmNPassword: '' } });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ message: 'تم التحديث بنجاح', passwordChanged: false, data: { firstName: 'سارة', lastName: name, email: u.email } });
    expect((await profile(u)).body.data.lastName).toBe(name);
    const found = await users(name);
    expect(found.body.data.map((x: { id: string }) => x.id)).toEqual([u.id]);
    // The old name's tokens went with the edit.
    const again = await api('PATCH', '/api/user/update', { token: u.token, json: { firstName: 'سارة', lastName: 'Other' } });
    expect(again.status).toBe(200);
    expect((await users(name)).body.total).toBe(0);
  });

  it('a wrong current password → 400 profile.wrongPassword and nothing changes', async () => {
    const u = await makeUser();
    const r = await api('PATCH', '/api/user/update', { token: u.token, json: { firstName: 'Changed', lastName: 'Changed', Password: 'WrongPassw0rd', newPassword: 'NewPassw0rd1', confirmNPassword: 'NewPassw0rd1' } });
    expect([r.status, r.body.code]).toEqual([400, 'profile.wrongPassword']);
    expect((await profile(u)).body.data).toMatchObject({ firstName: 'Test', lastName: 'User' });
    expect((await login(u.email, u.password)).status).toBe(200);
  });

  it('a password change: the old password no longer signs in, the new one does, another session ends at its next call', async () => {
    const u = await makeUser();
    const b = await login(u.email, u.password);
    expect(b.status).toBe(200);
    const tokenB = b.body.data.token as string;
    // Two live sessions (a phone and a laptop, as single-session off or an admin would have).
    await setUserFields(u.id, { sessions: [decodeJwt(u.token).jti, decodeJwt(tokenB).jti] });
    expect((await profile(u)).status).toBe(200);

    const r = await api('PATCH', '/api/user/update', { token: tokenB, json: { firstName: 'New', lastName: 'Name', Password: u.password, newPassword: 'NewPassw0rd1', confirmNPassword: 'NewPassw0rd1' } });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ message: 'تم التحديث بنجاح', passwordChanged: true, data: { firstName: 'New', lastName: 'Name' } });

    const other = await profile(u);
    expect([other.status, other.body.code]).toEqual([401, 'session.passwordChanged']);
    expect((await api('GET', '/api/user/profile', { token: tokenB })).status).toBe(200);
    expect((await login(u.email, u.password)).status).toBe(401);
    expect((await login(u.email, 'NewPassw0rd1')).status).toBe(200);
  });

  it('a password change leaves no refresh token of the old password alive (its check and the sign-ins revoke theirs)', async () => {
    const u = await makeUser();
    const before = await liveRefreshTokens(u.email);
    const signedIn = await login(u.email, u.password);
    expect(signedIn.status).toBe(200);
    const r = await api('PATCH', '/api/user/update', { token: signedIn.body.data.token, json: { firstName: 'New', lastName: 'Name', Password: u.password, newPassword: 'NewPassw0rd1', confirmNPassword: 'NewPassw0rd1' } });
    expect(r.status).toBe(200);
    expect(await liveRefreshTokens(u.email)).toEqual(before);
  });

  it('the current-password check is counted as a sign-in: after 5 wrong ones the account waits (429), the right one then too', async () => {
    const u = await makeUser();
    const change = (Password: string) => api('PATCH', '/api/user/update', { token: u.token, json: { firstName: 'Test', lastName: 'User', Password, newPassword: 'NewPassw0rd1', confirmNPassword: 'NewPassw0rd1' } });
    for (let i = 0; i < 5; i++) expect((await change(`Wr0ng${i}Password`)).body.code).toBe('profile.wrongPassword');
    const waiting = await change(u.password);
    expect([waiting.status, waiting.body.code]).toEqual([429, 'auth.tooManyAttempts']);
    expect((await login(u.email, u.password)).status).toBe(429);
  });
});

describe('search (GET /api/admin/allusers)', () => {
  const tag = arabicWord();
  const latin = uniq('zq').toLowerCase();
  const phone = randomPhone();
  let ahmed: Awaited<ReturnType<typeof student>>;
  beforeAll(async () => {
    ahmed = await student({ firstName: 'أحمد', lastName: `${tag} Mostafa${latin}`, email: `Ahmed.${latin}@Example.com`, mobileNumber: phone });
  });
  const ids = (r: { body: { data: { id: string }[] } }) => r.body.data.map((x) => x.id);

  it.each([
    ['an Arabic name fragment', () => tag.slice(0, 4)],
    ['the Arabic first name with another alef and the tag', () => `احمد ${tag}`],
    ['a Latin name fragment in another case', () => `MOSTAFA${latin.slice(0, 6).toUpperCase()}`],
    ['the phone with +20', () => phone],
    ['the phone with a leading 0', () => `0${phone.slice(3)}`],
    ['the phone without 0 or +20', () => phone.slice(3)],
    ['a phone prefix with 0', () => `0${phone.slice(3, 10)}`],
    ['an e-mail fragment', () => `ahmed.${latin.slice(0, 5)}`],
    ['the whole e-mail in upper case', () => `AHMED.${latin.toUpperCase()}@EXAMPLE.COM`],
  ])('finds the student by %s', async (_what, search) => {
    const r = await users(search());
    expect(r.status).toBe(200);
    expect(ids(r)).toEqual([ahmed.id]);
    expect(r.body).toMatchObject({ page: 1, limit: 6, total: 1, pages: 1 });
    expect(r.body.data[0]).toMatchObject({ firstName: 'أحمد', email: ahmed.email, mobileNumber: phone, block: false, createdAt: ahmed.createdAt, lastSignInAt: null });
  });

  it('finds nobody for a name no one has', async () => {
    expect((await users(`${tag}x${arabicWord()}`)).body).toMatchObject({ data: [], total: 0, pages: 0 });
  });

  it('pages of 6, newest first, with total and pages', async () => {
    const family = arabicWord();
    const base = Date.now();
    const made = [];
    for (let i = 0; i < 8; i++) made.push(await student({ firstName: 'طالب', lastName: family, createdAt: new Date(base - i * 60_000).toISOString() }));
    const p1 = await users(family);
    expect(p1.body).toMatchObject({ page: 1, limit: 6, total: 8, pages: 2 });
    expect(ids(p1)).toEqual(made.slice(0, 6).map((m) => m.id));
    const p2 = await users(family, '&page=2');
    expect(ids(p2)).toEqual(made.slice(6).map((m) => m.id));
    const small = await users(family, '&limit=3&page=3');
    expect(small.body).toMatchObject({ total: 8, pages: 3 });
    expect(ids(small)).toEqual(made.slice(6).map((m) => m.id));
  });

  it('without a search: everyone newest first, with the count', async () => {
    const newest = await student({ firstName: 'Newest', lastName: arabicWord(), createdAt: new Date(Date.now() + 3_600_000).toISOString() });
    const r = await api('GET', '/api/admin/allusers', { token: admin.token });
    expect(r.status).toBe(200);
    expect(r.body.data[0].id).toBe(newest.id);
    expect(r.body.data.length).toBe(6);
    expect(r.body.total).toBeGreaterThan(6);
    expect(r.body.pages).toBe(Math.ceil(r.body.total / 6));
  });

  it('refuses a bad page or limit with 400', async () => {
    for (const q of ['page=0', 'limit=0', 'limit=101', 'page=x']) expect((await api('GET', `/api/admin/allusers?${q}`, { token: admin.token })).status).toBe(400);
  });
});

describe('block and delete', () => {
  it('block takes effect at the next call (403 user:{block:true}); sign-in refused; unblock restores sign-in', async () => {
    const u = await makeUser();
    const r = await api('PATCH', `/api/user/blockUser/${u.id}`, { token: admin.token });
    expect(r.status).toBe(200);
    expect(r.body.data).toEqual({ id: u.id, block: true });
    const next = await profile(u);
    expect(next.status).toBe(403);
    expect(next.body.user).toEqual({ block: true });
    expect((await login(u.email, u.password)).status).toBe(403);

    const un = await api('PATCH', `/api/user/blockUser/${u.id}`, { token: admin.token });
    expect(un.body.data).toEqual({ id: u.id, block: false });
    const again = await login(u.email, u.password);
    expect(again.status).toBe(200);
    expect((await api('GET', '/api/user/profile', { token: again.body.data.token })).status).toBe(200);
  });

  it('a block ends every session for good: after the unblock a token from before it gets 401 session.blocked; a new sign-in works', async () => {
    const u = await makeUser();
    const before = (await login(u.email, u.password)).body.data.token as string;
    expect((await api('GET', '/api/user/profile', { token: before })).status).toBe(200);
    expect((await api('PATCH', `/api/user/blockUser/${u.id}`, { token: admin.token })).body.data.block).toBe(true);
    expect((await api('GET', '/api/user/profile', { token: before })).status).toBe(403);
    expect((await api('PATCH', `/api/user/blockUser/${u.id}`, { token: admin.token })).body.data.block).toBe(false);
    const stale = await api('GET', '/api/user/profile', { token: before });
    expect(stale.status).toBe(401);
    expect(stale.body).toEqual({ message: 'Your account was blocked, so this session has ended. Please log in again.', code: 'session.blocked' });
    expect((await profile(u)).status).toBe(401);
    const again = await login(u.email, u.password);
    expect((await api('GET', '/api/user/profile', { token: again.body.data.token })).status).toBe(200);
  });

  it('an admin account cannot be blocked or deleted (403 user.adminProtected); an unknown user is 404', async () => {
    const other = await makeUser({ admin: true });
    for (const [m, path] of [['PATCH', `/api/user/blockUser/${other.id}`], ['DELETE', `/api/user/deleteUser/${other.id}`]]) {
      const r = await api(m!, path!, { token: admin.token });
      expect([r.status, r.body.code]).toEqual([403, 'user.adminProtected']);
    }
    expect((await api('GET', '/api/user/profile', { token: other.token })).status).toBe(200);
    expect((await api('PATCH', '/api/user/blockUser/nobody', { token: admin.token })).body.code).toBe('user.notFound');
    expect((await api('DELETE', '/api/user/deleteUser/nobody', { token: admin.token })).status).toBe(404);
    expect((await api('PATCH', '/api/user/blockUser/bad id!', { token: admin.token })).status).toBe(400);
  });

  it('delete: the live token gets 401 session.accountDeleted at the next call, sign-in is refused, search no longer finds them', async () => {
    const u = await makeUser();
    const name = arabicWord();
    expect((await api('PATCH', '/api/user/update', { token: u.token, json: { firstName: 'Gone', lastName: name } })).status).toBe(200);
    expect((await users(name)).body.total).toBe(1);
    const r = await api('DELETE', `/api/user/deleteUser/${u.id}`, { token: admin.token });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ id: u.id, message: 'User Deleted Successfully' });
    const next = await profile(u);
    expect([next.status, next.body.code]).toEqual([401, 'session.accountDeleted']);
    expect((await login(u.email, u.password)).status).toBe(401);
    expect((await users(name)).body.total).toBe(0);
    expect((await api('GET', `/api/admin/users/${u.id}`, { token: admin.token })).status).toBe(404);
  });
});

describe('grant and the student page', () => {
  it('grants a paid lecture by name: it is among the purchases marked grant, and it plays', async () => {
    const u = await makeUser();
    const lecture = await saveLecture(w);
    const name = (await api('GET', `/api/cours/lectureaaa/${lecture.id}`, { token: admin.token })).body.data.name as string;
    const before = await api('GET', `/api/cours/lectureaaa/${lecture.id}`, { token: u.token });
    expect(before.body.data.videos.every((v: { signedUrl?: string }) => v.signedUrl === undefined)).toBe(true);

    const r = await api('POST', '/api/admin/grant-lecture', { token: admin.token, json: { email: u.email.toUpperCase(), lectureName: name } });
    expect(r.status).toBe(200);
    expect(r.body.data).toMatchObject({ email: u.email, lectureName: name, lectureId: lecture.id });
    const days = (Date.parse(r.body.data.expiryDate) - Date.parse(r.body.data.purchaseDate)) / 86_400_000;
    expect(days).toBeCloseTo(30, 3);

    const mine = await api('GET', '/api/AWS/get-purched', { token: u.token });
    expect(mine.body.data).toEqual([expect.objectContaining({ id: lecture.id, source: 'grant', pricePaid: 0, expired: false })]);
    const after = await api('GET', `/api/cours/lectureaaa/${lecture.id}`, { token: u.token });
    expect(after.body.data.videos.every((v: { signedUrl?: string }) => typeof v.signedUrl === 'string')).toBe(true);

    // A second grant extends the unexpired one.
    const again = await api('POST', '/api/admin/grant-lecture', { token: admin.token, json: { email: u.email, lectureName: name, lectureId: lecture.id } });
    expect(Date.parse(again.body.data.expiryDate)).toBeCloseTo(Date.parse(r.body.data.expiryDate) + 30 * 86_400_000, -4);
  });

  it('names shared by two lectures → 409 grant.ambiguous; the lecture id decides', async () => {
    const u = await makeUser();
    const name = uniq('Same name ');
    const [a] = [await saveLecture(w, { name }), await saveLecture(w, { name })];
    const r = await api('POST', '/api/admin/grant-lecture', { token: admin.token, json: { email: u.email, lectureName: name } });
    expect([r.status, r.body.code]).toEqual([409, 'grant.ambiguous']);
    const ok = await api('POST', '/api/admin/grant-lecture', { token: admin.token, json: { email: u.email, lectureName: name, lectureId: a!.id } });
    expect(ok.status).toBe(200);
  });

  it('unknown e-mail → 404 user.notFound; unknown lecture → 404 lecture.notFound; bad input → 400', async () => {
    const lecture = await saveLecture(w);
    const g = (json: object) => api('POST', '/api/admin/grant-lecture', { token: admin.token, json });
    const noUser = await g({ email: `${uniq('nobody')}@test.local`, lectureName: 'x', lectureId: lecture.id });
    expect([noUser.status, noUser.body.code]).toEqual([404, 'user.notFound']);
    const noLecture = await g({ email: w.student.email, lectureName: uniq('No such lecture ') });
    expect([noLecture.status, noLecture.body.code]).toEqual([404, 'lecture.notFound']);
    expect((await g({ email: w.student.email, lectureName: 'x', lectureId: 'missing' })).body.code).toBe('lecture.notFound');
    expect((await g({ email: 'not-an-email', lectureName: 'x' })).status).toBe(400);
    expect((await g({ email: w.student.email })).status).toBe(400);
  });

  it("the student's page: profile, status, last sign-in, lectures owned with dates, quiz results with titles", async () => {
    const u = await makeUser();
    const signedIn = await login(u.email, u.password);
    const lecture = await saveLecture(w);
    expect((await api('POST', '/api/admin/grant-lecture', { token: admin.token, json: { email: u.email, lectureName: 'ignored', lectureId: lecture.id } })).status).toBe(200);
    const quiz = await makeQuiz(admin);
    const token = signedIn.body.data.token as string;
    const taken = await api('GET', `/api/Quizz/${quiz.id}`, { token });
    const qid = taken.body.data.questions[0].id as string;
    expect((await api('POST', `/api/Quizz/submit/${quiz.id}`, { token, json: { answers: [{ questionId: qid, answerText: 'True' }] } })).status).toBe(200);

    const r = await api('GET', `/api/admin/users/${u.id}`, { token: admin.token });
    expect(r.status).toBe(200);
    expect(r.body.data.user).toMatchObject({ id: u.id, email: u.email, block: false, role: 'USER' });
    expect(Date.parse(r.body.data.user.lastSignInAt)).toBeGreaterThan(Date.now() - 120_000);
    expect(r.body.data.lectures).toEqual([expect.objectContaining({ id: lecture.id, source: 'grant', expired: false, purchaseDate: expect.any(String), expiryDate: expect.any(String) })]);
    expect(r.body.data.results).toEqual([expect.objectContaining({ quizId: quiz.id, title: quiz.title, passed: true, attempts: 1 })]);
    expect((await api('GET', '/api/admin/users/nobody', { token: admin.token })).body.code).toBe('user.notFound');
  });
});
